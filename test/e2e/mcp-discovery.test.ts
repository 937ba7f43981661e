// How clients find the MCP server: the server card (v1 schema), the MCP Registry's server.json in the repository,
// the setup guide at /docs/mcp, and the OpenAPI document (servers, security) as `redocly lint` judges it.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REGISTRY_NAME, SERVER_INFO, SHORT_DESCRIPTION } from "../../adapters/mcp-identity.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const root = new URL("../../", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
const serverJson = JSON.parse(readFileSync(new URL("server.json", root), "utf8"));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

// The rules both published schemas (server card v1, registry server.json) set on the fields they share.
const NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
const RANGE = /^[\^~<>=]|\.x$|\.\*$|^latest$/;
function checkIdentity(doc: any) {
  expect(doc.name).toMatch(NAME);
  expect(doc.name.length).toBeGreaterThanOrEqual(3);
  expect(doc.name.length).toBeLessThanOrEqual(200);
  expect(doc.description.length).toBeGreaterThanOrEqual(1);
  expect(doc.description.length).toBeLessThanOrEqual(100);
  expect(doc.title.length).toBeLessThanOrEqual(100);
  expect(doc.version).not.toMatch(RANGE);
  expect(doc.version.length).toBeLessThanOrEqual(255);
}

describe("the MCP server card", () => {
  it("follows the v1 server-card schema at both addresses and agrees with server/discover", async () => {
    const card = (await server.get("/.well-known/mcp/server-card.json")).body;
    expect(card.$schema).toMatch(/^https:\/\/static\.modelcontextprotocol\.io\/schemas\/v1\/server-card\.schema\.json$/);
    checkIdentity(card);
    expect(card).toMatchObject({
      name: REGISTRY_NAME,
      version: SERVER_INFO.version,
      title: SERVER_INFO.title,
      description: SHORT_DESCRIPTION,
      websiteUrl: `${server.url}/docs/mcp`,
    });
    for (const icon of card.icons) {
      expect(() => new URL(icon.src)).not.toThrow();
      expect((await fetch(icon.src)).headers.get("content-type")).toBe("image/svg+xml");
    }
    expect(card.remotes).toHaveLength(1);
    const [remote] = card.remotes;
    expect(remote.type).toBe("streamable-http");
    expect(remote.url).toMatch(/^https?:\/\/\S+$/);
    expect(remote.url).toBe(`${server.url}/mcp`);
    expect(remote.supportedProtocolVersions).toEqual(["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"]);
    expect((await server.get("/.well-known/mcp.json")).body).toEqual(card);
    const catalog = (await server.get("/.well-known/api-catalog")).body.linkset.find((l: any) => l.anchor === `${server.url}/mcp`);
    expect(catalog["service-desc"][0].href).toBe(`${server.url}/.well-known/mcp/server-card.json`);
  });
});

describe("server.json for the MCP Registry", () => {
  it("has the fields the registry's schema requires, and says what the code says", () => {
    expect(serverJson.$schema).toMatch(/^https:\/\/static\.modelcontextprotocol\.io\/schemas\/\d{4}-\d{2}-\d{2}\/server\.schema\.json$/);
    checkIdentity(serverJson);
    expect(serverJson).toMatchObject({ name: REGISTRY_NAME, version: pkg.version, description: SHORT_DESCRIPTION, title: SERVER_INFO.title });
    expect(pkg.mcpName).toBe(serverJson.name);
    expect(SERVER_INFO.version).toBe(pkg.version);

    expect(serverJson.remotes).toHaveLength(1);
    const [remote] = serverJson.remotes;
    expect(remote.type).toBe("streamable-http");
    expect(remote.url).toMatch(/\/mcp$/);
    for (const name of remote.url.match(/\{(\w+)\}/g) ?? []) expect(remote.variables[name.slice(1, -1)].description).toBeTruthy();

    expect(serverJson.packages).toHaveLength(1);
    const [stdio] = serverJson.packages;
    expect(stdio).toMatchObject({ registryType: "npm", identifier: pkg.name, version: pkg.version, transport: { type: "stdio" }, runtimeHint: "npx" });
    expect(stdio.version).not.toMatch(RANGE);
    expect(Object.keys(pkg.bin)).toContain("sanctuary-mcp");
    for (const variable of stdio.environmentVariables) expect(variable.name).toMatch(/^[A-Z_]+$/);
  });
});

describe("the setup guide", () => {
  it("gives every client's setup with this server's address, as a page and as markdown", async () => {
    const markdown = await (await fetch(`${server.url}/docs/mcp.md`)).text();
    for (const client of ["Claude Desktop", "Claude Code", "Cursor", "VS Code", "ChatGPT"]) expect(markdown).toContain(`## ${client}`);
    expect(markdown).toContain(`claude mcp add --transport http sanctuary ${server.url}/mcp`);
    const snippets = [...markdown.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]));
    expect(snippets).toContainEqual({ mcpServers: { sanctuary: { url: `${server.url}/mcp` } } });
    expect(snippets).toContainEqual({ servers: { sanctuary: { type: "http", url: `${server.url}/mcp` } } });
    expect(snippets.filter((s) => JSON.stringify(s).includes("bin/sanctuary-mcp.mjs"))).toHaveLength(3);
    const page = await fetch(`${server.url}/docs/mcp`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const text = await page.text();
    expect(text).toContain("<h2>ChatGPT</h2>");
    expect(text).toContain(`${server.url}/mcp`);
  });
});

describe("the OpenAPI document", () => {
  it("declares its server and that nothing needs credentials, and redocly's recommended rules find no error", async () => {
    const document = (await server.get("/openapi.json")).body;
    expect(document.servers).toEqual([{ url: server.url, description: expect.any(String) }]);
    expect(document.security).toEqual([]);
    const attend = document.paths["/api/attend"].get.parameters.find((p: any) => p.name === "username");
    expect(attend.description).toMatch(/One of `name` and `username` is required/);
    expect(document.paths["/api/reflect"].post.requestBody.content["application/json"].schema.anyOf).toEqual([
      { required: ["name"] },
      { required: ["username"] },
    ]);

    const folder = await mkdtemp(join(tmpdir(), "sanctuary-openapi-"));
    try {
      await writeFile(join(folder, "openapi.json"), JSON.stringify(document));
      const redocly = new URL("node_modules/.bin/redocly", root).pathname;
      const { stdout, stderr } = await promisify(execFile)(redocly, ["lint", "--format=json", join(folder, "openapi.json")], {
        cwd: folder,
        env: { ...process.env, REDOCLY_TELEMETRY: "off" },
      }).catch((e) => e);
      const report = JSON.parse(stdout);
      const errors = report.problems.filter((p: any) => p.severity === "error");
      expect(
        errors.map((p: any) => `${p.ruleId}: ${p.message}`),
        stderr,
      ).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
