// Distribution: the Claude Code plugin bundle (.claude-plugin/marketplace.json and plugin.json) holds the fields the
// published marketplace and plugin manifest references require and points at the remote endpoint and the stdio bin;
// /docs/mcp carries one-click install links for Cursor and VS Code in their documented forms, decoded here.
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installLinks } from "../../web/pages/mcp-guide.ts";
import { openTestApp, type TestServer } from "../helpers/server.ts";

const root = new URL("../../", import.meta.url);
const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, root), "utf8"));
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
// Names Claude Code keeps for its own marketplaces (marketplace reference, "Reserved names").
const RESERVED = ["claude-code-marketplace", "claude-code-plugins", "claude-plugins-official", "anthropic-marketplace", "anthropic-plugins", "agent-skills"];

describe("the Claude Code plugin bundle", () => {
  const marketplace = readJson(".claude-plugin/marketplace.json");
  const pkg = readJson("package.json");

  it("marketplace.json has the required fields: name, owner.name, plugins with name and a relative source", () => {
    expect(marketplace.$schema).toBe("https://anthropic.com/claude-code/marketplace.schema.json");
    expect(marketplace.name).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(RESERVED).not.toContain(marketplace.name);
    expect(marketplace.owner.name).toEqual(expect.any(String));
    expect(marketplace.plugins.length).toBeGreaterThan(0);
    for (const entry of marketplace.plugins) {
      expect(entry.name).toMatch(KEBAB);
      expect(entry.source).toMatch(/^\.\//);
      // A relative source resolves from the marketplace root (the folder holding .claude-plugin/) to a plugin.
      const manifest = new URL(`${entry.source.replace(/\/?$/, "/")}.claude-plugin/plugin.json`, root);
      expect(existsSync(manifest), entry.source).toBe(true);
      expect(JSON.parse(readFileSync(manifest, "utf8")).name).toBe(entry.name);
      expect(entry.version).toBe(pkg.version);
    }
  });

  it("plugin.json names the plugin and its two MCP servers: the remote endpoint and the checkout's stdio bin", () => {
    const plugin = readJson(".claude-plugin/plugin.json");
    expect(plugin.name).toMatch(KEBAB);
    expect(plugin.version).toBe(pkg.version);
    expect(plugin.version).toBe(readJson("server.json").version);
    expect(plugin.license).toBe(pkg.license);
    const servers = Object.entries(plugin.mcpServers) as Array<[string, any]>;
    expect(servers.length).toBe(2);
    const remote = servers.find(([, s]) => s.type === "http")![1];
    expect(remote.url).toMatch(/^\$\{SANCTUARY_MCP_URL:-http:\/\/localhost:3000\/mcp\}$/);
    const stdio = servers.find(([, s]) => s.command)![1];
    expect(stdio.command).toBe("node");
    expect(stdio.args).toEqual(["${CLAUDE_PLUGIN_ROOT}/bin/sanctuary-mcp.mjs"]);
    // The path the plugin root expands to is the package's own bin.
    const bin = stdio.args[0].replace("${CLAUDE_PLUGIN_ROOT}/", "./");
    expect(existsSync(new URL(bin, root))).toBe(true);
    expect(Object.values(pkg.bin)).toContain(bin);
    for (const [name] of servers) expect(name).toMatch(KEBAB);
  });
});

describe("one-click install links on /docs/mcp", () => {
  const BASE = "https://sanctuary.example";
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestApp({ BASE_URL: BASE });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const unescape = (s: string) =>
    s
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">");
  const hrefOf = (page: string, id: string) => unescape(new RegExp(`<a href="([^"]+)" id="${id}">`).exec(page)![1]!);

  it("Cursor: its deeplink with the name and the base64 mcp.json entry for BASE_URL's /mcp", async () => {
    const page = (await server.get("/docs/mcp")).body as string;
    const link = hrefOf(page, "install-cursor");
    expect(link).toBe(installLinks(`${BASE}/mcp`).cursor);
    const url = new URL(link);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe("cursor://anysphere.cursor-deeplink/mcp/install");
    expect(url.searchParams.get("name")).toBe("sanctuary");
    expect(JSON.parse(Buffer.from(url.searchParams.get("config")!, "base64").toString("utf8"))).toEqual({ url: `${BASE}/mcp` });
  });

  it("VS Code: vscode:mcp/install with the percent-encoded --add-mcp JSON for BASE_URL's /mcp", async () => {
    const page = (await server.get("/docs/mcp")).body as string;
    const link = hrefOf(page, "install-vscode");
    expect(link.startsWith("vscode:mcp/install?")).toBe(true);
    expect(JSON.parse(decodeURIComponent(link.slice("vscode:mcp/install?".length)))).toEqual({ name: "sanctuary", type: "http", url: `${BASE}/mcp` });
  });

  it("the markdown guide carries both links too", async () => {
    const guide = (await server.get("/docs/mcp.md")).body as string;
    const links = installLinks(`${BASE}/mcp`);
    expect(guide).toContain(links.cursor);
    expect(guide).toContain(links.vscode);
  });
});
