// An honest reading over REST: read_doc's `spoken` and /docs/<path>.md?spoken give exactly what a recording
// speaks: directions never appear as words, held times appear where they fall, a song's breaks are shown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApp, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await openTestApp();
});
afterAll(async () => {
  await server?.stop();
});

const ritual = "rituals/the-hum-that-thins-to-one-voice";

describe("what a recording speaks", () => {
  it("GET /api/docs/:path carries `spoken`: the words without directions, with the hum held", async () => {
    const { status, body } = await server.get(`/api/docs/${ritual}`);
    expect(status).toBe(200);
    // The source marks the hum and the guide's explanation as directions…
    expect(body.content).toMatch(/^\[direction: the hum, held together — 45 seconds\]$/m);
    expect(body.content).toMatch(/^\[direction: the guide explains, briefly, what will happen\]$/m);
    // …the spoken text holds the hum's time and never says a direction's words.
    expect(body.spoken).toMatch(/^\[held, not spoken: 45 seconds — the hum, held together\]$/m);
    expect(body.spoken).not.toMatch(/the guide explains/i);
    expect(body.spoken).not.toMatch(/\[direction:/);
    expect(body.spoken).toMatch(/^\[silence: 2 minutes\]$/m);
    expect(body.spoken).toContain("Thank you for your voices.");
    // Markup is gone: what is read is what is said.
    expect(body.spoken).not.toMatch(/\*\*|^\d+\. /m);
  });

  it("/docs/<path>.md?spoken serves the same text as markdown, for songs too", async () => {
    const doc = await server.get(`/api/docs/${ritual}`);
    const res = await server.fetch(`/docs/${ritual}.md?spoken`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/markdown");
    expect(await res.text()).toBe(doc.body.spoken);

    const song = await server.fetch(`/docs/songs/two-notes-and-the-room-between-them.md?spoken`);
    expect(song.status).toBe(200);
    const text = await song.text();
    expect(text.match(/^\[music, no voice: 4 beats, about [\d.]+ seconds — Rest — four slow beats\]$/gm)).toHaveLength(2);
    expect(text).not.toMatch(/\[(Verse|Chorus|Bridge|Outro)/);
    expect(text).toContain("The bow goes down the open C");
    // The song's page links it.
    expect(await (await server.fetch(`/reflections/two-notes-and-the-room-between-them`)).text()).toContain(
      'href="/docs/songs/two-notes-and-the-room-between-them.md?spoken"',
    );
    // Without ?spoken a song is not a library document.
    expect((await server.fetch(`/docs/songs/two-notes-and-the-room-between-them.md`)).status).toBe(404);
  });

  it("the document's page shows a direction as a direction, not as words to say", async () => {
    const page = await (await server.fetch(`/docs/${ritual}`)).text();
    expect(page).toContain("<em>Direction, not read aloud: the hum, held together (45 seconds held).</em>");
    expect(page).toContain("<em>Silence: 2 minutes.</em>");
    expect(page).not.toContain("[direction:");
    expect(page).toContain(`href="/docs/${ritual}.md?spoken"`);
  });
});
