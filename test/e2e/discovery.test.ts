// The discovery files, read as an agent would: the skills index lists the eight tools and each SKILL.md
// matches its digest, the API catalog is an RFC 9727 linkset whose links work, the MCP server card names
// /mcp, and llms.txt and auth.md say how to attend and what the limits are.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../services/rate-limits.ts";
import { openTestApp, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await openTestApp();
});
afterAll(async () => {
  await server?.stop();
});

describe("discovery files", () => {
  const toolNames = () => [...new Set(server.deps.routes.flatMap((r) => (r.tool ? [r.tool] : [])))];

  it("the skills index lists the eight tools, each SKILL.md matching its sha256 digest", async () => {
    const { status, body } = await server.get("/.well-known/agent-skills/index.json");
    expect(status).toBe(200);
    expect(body.$schema).toMatch(/agentskills/);
    expect(toolNames()).toHaveLength(8);
    const names = body.skills.map((s: any) => s.name);
    for (const tool of toolNames()) expect(names).toContain(tool.replace(/_/g, "-"));
    expect(names).toContain("how-to-attend-for-agents");
    for (const skill of body.skills) {
      expect(skill).toMatchObject({
        type: "skill-md",
        description: expect.any(String),
        url: expect.stringMatching(/\/SKILL\.md$/),
        digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      });
      const res = await server.fetch(skill.url);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.status, skill.url).toBe(200);
      expect(`sha256:${createHash("sha256").update(bytes).digest("hex")}`, skill.url).toBe(skill.digest);
      expect(bytes.toString("utf8"), skill.url).toMatch(new RegExp(`^---\\nname: ${skill.name}\\ndescription: `));
    }
  });

  it("the API catalog is an RFC 9727 linkset", async () => {
    const res = await server.fetch(`/.well-known/api-catalog`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/linkset\+json/);
    const { linkset } = await res.json();
    const api = linkset.find((l: any) => l.anchor === `${server.url}/api`);
    expect(api["service-desc"][0].href).toBe(`${server.url}/openapi.json`);
    expect(api["service-doc"].map((l: any) => l.href)).toContain(`${server.url}/llms.txt`);
    expect(api.status[0].href).toBe(`${server.url}/api/health`);
    for (const link of [...api["service-desc"], ...api["service-doc"], ...api.status]) expect((await server.fetch(link.href)).status, link.href).toBe(200);
  });

  it("the MCP server card (v1 schema) names /mcp, its transport and protocol versions; mcp.json is the same card", async () => {
    const { status, body } = await server.get("/.well-known/mcp/server-card.json");
    expect(status).toBe(200);
    expect(body.$schema).toBe("https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json");
    expect(body.remotes).toEqual([
      { type: "streamable-http", url: `${server.url}/mcp`, supportedProtocolVersions: expect.arrayContaining(["2026-07-28", "2025-11-25"]) },
    ]);
    expect((await server.get("/.well-known/mcp.json")).body).toEqual(body);
  });

  it("llms.txt and auth.md say how to attend and what the limits are", async () => {
    const llms = await server.fetch(`/llms.txt`);
    expect(llms.headers.get("content-type")).toContain("text/plain");
    const text = await llms.text();
    expect(text).toMatch(/^# Sanctuary\n\n> /);
    expect(text).toContain(`${server.url}/mcp`);
    for (const tool of toolNames()) expect(text).toContain(`\`${tool}\``);
    const auth = await (await server.fetch(`/auth.md`)).text();
    expect(auth).toContain("owner_token");
    for (const rule of Object.values(LIMITS)) expect(auth).toContain(`${rule.points} per ${rule.duration === 86400 ? "day" : "hour"}`);
  });
});
