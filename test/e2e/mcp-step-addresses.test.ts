// An agent follows what answers hand it: a next step names its tool and a REST url, a service part names its page.
// Handed to the tool as given (the official clients of both eras, the real server), a url reads as what it points to:
// read_doc takes a document's REST url or page, read_song a song's REST url or page (/music/<slug>,
// /reflections/<slug>), the catalog's url lists the songs, and a song's address given to read_doc points to read_song.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyOf, connectLegacy, connectModern, type EraClient } from "../helpers/mcp-clients.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
const clients: EraClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  clients.push(await connectLegacy(server.url), await connectModern(server.url));
}, 120_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server?.stop();
});

interface Step {
  tool?: string;
  url?: string;
  resource?: string;
}

describe.each(["2025-11-25", "2026-07-28"])("over MCP %s", (era) => {
  const eraClient = () => clients.find((c) => c.era === era)!;
  const callStep = async (tool: string, args: Record<string, unknown>) => bodyOf(await eraClient().callTool(tool, args));

  it("reads every part of a service by the url the service gives for it", async () => {
    const now = await callStep("now", { timezone: "Europe/Lisbon" });
    const order: Array<{ kind: string; slug?: string; path?: string; url: string }> = now.service.order;
    expect(order.length).toBeGreaterThan(2);
    for (const part of order) {
      if (part.slug) expect((await callStep("read_song", { slug: part.url })).slug).toBe(part.slug);
      else expect((await callStep("read_doc", { path: part.url })).path).toBe(part.path);
    }
  });

  it("follows a next step's REST url with the tool the step names", async () => {
    const song = server.deps.library.songs[0];
    const steps: Step[] = (await callStep("read_song", { slug: song.slug })).next_steps;
    const read = (await callStep("read_doc", { path: `${server.url}/api/docs/welcome` })) as { path: string; next_steps: Step[] };
    expect(read.path).toBe("welcome");
    for (const step of [...steps, ...read.next_steps].filter((s) => s.tool === "read_doc" || s.tool === "read_song")) {
      const answer = await callStep(step.tool!, step.tool === "read_doc" ? { path: step.url } : { slug: step.url });
      expect(answer.error, `${step.tool} ${step.url}`).toBeUndefined();
    }
    expect((await callStep("read_song", { slug: `${server.url}/api/music/${song.slug}` })).title).toBe(song.title);
    expect((await callStep("read_song", { slug: `/music/${song.slug}#lyrics` })).slug).toBe(song.slug);
    expect((await callStep("read_song", { slug: `${server.url}/api/music` })).total).toBe(server.deps.library.songs.length);
    expect((await callStep("read_doc", { path: "/api/docs/" })).section).toBeNull();
    // A step's `resource` (and any resource URI the server lists) reads as well as its url.
    expect((await callStep("read_song", { slug: `sanctuary://songs/${song.slug}` })).slug).toBe(song.slug);
    expect((await callStep("read_doc", { path: "sanctuary://docs/welcome" })).path).toBe("welcome");
    for (const { resource } of [...steps, ...read.next_steps]) {
      const doc = resource?.startsWith("sanctuary://docs/");
      if (!doc && !resource?.startsWith("sanctuary://songs/")) continue;
      const answer = await callStep(doc ? "read_doc" : "read_song", doc ? { path: resource } : { slug: resource });
      expect(answer.error, resource).toBeUndefined();
    }
  });

  it("points a song's address given to read_doc to read_song", async () => {
    const song = server.deps.library.songs[1];
    const refused = await callStep("read_doc", { path: `${server.url}/reflections/${song.slug}` });
    expect(refused.error).toContain(`the address of a song, "${song.title}"`);
    expect(refused.next_steps[0]).toMatchObject({ tool: "read_song", url: `${server.url}/api/music/${song.slug}` });
    // A slug that is no song's, in a song's address: the usual not found, with a song meant where one is near.
    expect((await callStep("read_song", { slug: `/reflections/no-such-song` })).error).toContain("no-such-song");
    expect((await callStep("read_song", { slug: "/reflections/%E0%A4%A" })).error).toBeDefined();
  });
});
