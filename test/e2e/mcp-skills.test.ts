// The MCP Skills extension over both protocol eras: the official v1 client (2025-11-25, after initialize) and the v2
// client pinned to 2026-07-28 both list and get the skills and read a skill:// resource, and every SKILL.md read over
// MCP equals, byte for byte, the file the agent-skills index serves.
import { createHash } from "node:crypto";
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { LEGACY_ERA, MODERN_ERA } from "../helpers/mcp-clients.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const EXTENSION = "io.modelcontextprotocol/skills";
const Entry = z.object({
  uri: z.string(),
  frontmatter: z.looseObject({ name: z.string(), description: z.string() }),
  resources: z.array(z.object({ uri: z.string(), digest: z.string(), size: z.number() })),
});
const ListResult = z.looseObject({ skills: z.array(Entry) });
const GetResult = z.looseObject({ skill: Entry });

let server: TestServer;
let index: Array<{ name: string; url: string; digest: string }>;
const served = new Map<string, Buffer>();
beforeAll(async () => {
  server = await startTestServer({ BASE_URL: "https://sanctuary.example" });
  index = (await server.get("/.well-known/agent-skills/index.json")).body.skills;
  for (const skill of index) {
    const res = await fetch(skill.url.replace("https://sanctuary.example", server.url));
    served.set(skill.name, Buffer.from(await res.arrayBuffer()));
  }
});
afterAll(async () => {
  await server?.stop();
});

const sha256 = (bytes: Buffer) => `sha256:${createHash("sha256").update(bytes).digest("hex")}`;

/** What both eras' clients are asked, through one small interface. */
interface SkillsCaller {
  capabilities: () => Record<string, unknown> | undefined;
  list: () => Promise<z.infer<typeof ListResult>>;
  get: (uri: string) => Promise<z.infer<typeof GetResult>>;
  read: (uri: string) => Promise<{ contents: Array<{ uri: string; text?: string; mimeType?: string }> }>;
  close: () => Promise<void>;
}

async function legacy(): Promise<SkillsCaller> {
  const client = new ClientV1({ name: "skills-v1", version: "1.0.0" });
  const transport = new HttpV1(new URL(`${server.url}/mcp`));
  await client.connect(transport);
  expect(transport.protocolVersion).toBe(LEGACY_ERA);
  return {
    capabilities: () => client.getServerCapabilities() as Record<string, unknown>,
    list: () => client.request({ method: "skills/list", params: {} }, ListResult),
    get: (uri) => client.request({ method: "skills/get", params: { uri } }, GetResult),
    read: (uri) => client.readResource({ uri }) as any,
    close: () => client.close(),
  };
}

async function modern(): Promise<SkillsCaller> {
  const client = new ClientV2({ name: "skills-v2", version: "1.0.0" }, { versionNegotiation: { mode: { pin: MODERN_ERA } } });
  await client.connect(new HttpV2(new URL(`${server.url}/mcp`)));
  expect(client.getNegotiatedProtocolVersion()).toBe(MODERN_ERA);
  return {
    capabilities: () => client.getServerCapabilities() as Record<string, unknown>,
    list: async () => ListResult.parse(await new SkillsClient(client).list()),
    get: async (uri) => GetResult.parse(await new SkillsClient(client).get(uri)),
    read: (uri) => client.readResource({ uri }) as any,
    close: () => client.close(),
  };
}

describe.each([
  ["v1 client, 2025-11-25", legacy],
  ["v2 client, 2026-07-28", modern],
])("skills over MCP (%s)", (_era, connect) => {
  it("declares the extension and lists every skill of the agent-skills index, with its digest and size", async () => {
    const client = await connect();
    try {
      expect((client.capabilities()?.extensions as Record<string, unknown>)?.[EXTENSION]).toEqual({});
      const { skills } = await client.list();
      expect(skills.map((s) => s.frontmatter.name)).toEqual(index.map((s) => s.name));
      for (const entry of skills) {
        const name = entry.frontmatter.name;
        expect(entry.uri).toBe(`skill://${name}/SKILL.md`);
        const bytes = served.get(name)!;
        expect(entry.resources).toEqual([{ uri: entry.uri, digest: sha256(bytes), size: bytes.byteLength }]);
        expect(entry.resources[0]!.digest).toBe(index.find((s) => s.name === name)!.digest);
      }
    } finally {
      await client.close();
    }
  });

  it("gets one skill by URI, refuses an unknown one with -32602, and reads skill:// byte for byte", async () => {
    const client = await connect();
    try {
      const name = "how-to-attend-for-agents";
      const { skill } = await client.get(`skill://${name}/SKILL.md`);
      expect(skill.frontmatter.name).toBe(name);
      await expect(client.get("skill://no-such-skill/SKILL.md")).rejects.toMatchObject({ code: -32602 });
      // Read as a resource, the refusal carries the error body every unreadable resource carries.
      await expect(client.read("skill://nope/SKILL.md")).rejects.toMatchObject({
        code: -32602,
        data: { uri: "skill://nope/SKILL.md", suggestion: expect.stringContaining("skills/list"), next_steps: expect.any(Array) },
      });

      for (const { name: each } of index) {
        const uri = `skill://${each}/SKILL.md`;
        const { contents } = await client.read(uri);
        expect(contents).toHaveLength(1);
        expect(contents[0]).toMatchObject({ uri, mimeType: "text/markdown" });
        expect(Buffer.from(contents[0]!.text!, "utf8").equals(served.get(each)!), each).toBe(true);
      }
    } finally {
      await client.close();
    }
  });
});

describe("the v2 skills client", () => {
  it("verifies a skill it reads against its entry (digest, size, frontmatter) on 2026-07-28", async () => {
    const client = new ClientV2({ name: "skills-verify", version: "1.0.0" }, { versionNegotiation: { mode: { pin: MODERN_ERA } } });
    await client.connect(new HttpV2(new URL(`${server.url}/mcp`)));
    try {
      const skills = new SkillsClient(client);
      expect(skills.supported).toBe(true);
      const listing = await skills.list();
      expect(listing.invalid).toEqual([]);
      expect(listing.ttlMs).toBeGreaterThan(0);
      for (const skill of listing.skills) {
        const file = await skills.read(skill);
        expect(file.verified).toBe(true);
        expect(Buffer.from(file.bytes).equals(served.get(skill.frontmatter.name)!)).toBe(true);
        expect(file.frontmatter).toEqual(skill.frontmatter);
      }
    } finally {
      await client.close();
    }
  });
});
