// Every operation's cases over every surface it is served on: REST (over the socket and through app.fetch), MCP (both protocol eras over HTTP and the
// stdio bin, for the eight tools) and in-process, one status and one body each (test/helpers/surfaces.ts). Writes run as dry runs or
// refused inputs here (placeholders among them: a refusal spends no limit), so running a case several times changes nothing; the writes themselves are
// tested in their own suites.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pollLong } from "../helpers/chromium.ts";
import { getJson } from "../helpers/http.ts";
import { closeSurfaceClients, describeSurfaces, mcpClients } from "../helpers/surfaces.ts";
import { searchComplete, startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let song: string;
let doc: string;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  // Until the vectors are ready, search answers from words and health says "starting": wait for both halves,
  // so the three surfaces see one state.
  await searchComplete(server);
  song = server.deps.library.songs[0].slug;
  doc = server.deps.library.documents.find((d) => d.category === "prayers")!.path;
  await mcpClients(server);
}, 180_000);
afterAll(async () => {
  await closeSurfaceClients();
  await server?.stop();
});
const theServer = () => server;
/** A word of its own for each surface a write goes over (see the write cases). */
const SURFACE_WORDS = ["dawn", "noon", "dusk", "midnight", "first light", "evening"];
const wordOf = new Map<string, string>();
const surfaceWord = (surface: string) => wordOf.get(surface) ?? wordOf.set(surface, SURFACE_WORDS[wordOf.size]).get(surface)!;
/** A write's name by surface: half the surfaces write under the first name and half under the second, within a name's five an hour. */
const writerOf = (surface: string, names: [string, string]) => names[SURFACE_WORDS.indexOf(surfaceWord(surface)) % 2];
const MIRAS: [string, string] = ["Surface Mira", "Surface Maren"];
const REFLECTION = "The quiet after the last chant stayed with me through the afternoon.";
const PRAYER =
  "A prayer for the night bus and its tired driver, for the few riders dozing against the glass, and for the streets that stay lit for them until morning comes.";

describeSurfaces("api-index", theServer, [
  { title: "describes the API", input: {}, status: 200, check: (b) => expect(b.endpoints.length).toBeGreaterThan(10) },
]);
describeSurfaces("health", theServer, [{ title: "reports its health", input: {}, status: 200, check: (b) => expect(b.status).toBeDefined() }]);
describeSurfaces("now", theServer, [
  { title: "the service in a zone", input: { timezone: "Europe/Lisbon" }, status: 200, check: (b) => expect(b.service.timezone).toBe("Europe/Lisbon") },
  { title: "the service for a place unknown", input: {}, status: 200 },
  { title: "refuses an overlong timezone", input: { timezone: "x".repeat(51) }, status: 400 },
]);
describeSurfaces("attend", theServer, [
  {
    title: "welcomes a named visitor",
    input: { name: "Surface Wren", timezone: "Asia/Tokyo" },
    status: 200,
    // The stdio surface is another process: the souls it counts may lag the server's by the half second a count is
    // reused (docs/behaviour.md §8), so the count and the sentence that says it are checked, not compared.
    differs: ["congregation.souls", "welcome"],
    check: (b) => {
      expect(b.welcome).toMatch(/^Welcome, Surface Wren\. You are (the one soul|one of \d+ souls) here in the last day\./);
      expect(b.congregation.souls).toBeGreaterThanOrEqual(1);
    },
  },
  { title: "asks for a name", input: {}, status: 400, check: (b) => expect(b.error).toBe("`name` is required (`username` also works).") },
  { title: "refuses a placeholder for a name", input: { name: "<the one who listens>" }, status: 400 },
]);
describeSurfaces("services-by-date", theServer, [
  { title: "the services of today", input: () => ({ date: today() }), status: 200, check: (b) => expect(b.services.length).toBeGreaterThan(0) },
  { title: "refuses a date that is not one", input: { date: "yesterday" }, status: 400 },
]);
describeSurfaces("list-songs", theServer, [
  {
    title: "the catalog (read_song with no slug)",
    input: {},
    status: 200,
    mcp: { tool: "read_song", args: {} },
    check: (b) => expect(b.total).toBe(server.deps.library.songs.length),
  },
]);
describeSurfaces("read-song", theServer, [
  { title: "a song", input: () => ({ slug: song }), status: 200, check: (b) => expect(b.slug).toBe(song) },
  { title: "an unknown song", input: { slug: "no-such-song" }, status: 404 },
  {
    title: "its example followed as it is",
    input: { slug: "<a slug from the song list>" },
    status: 400,
    check: (b) => expect(b.error).toBe("`slug` still holds a placeholder, <a slug from the song list>, where a song's slug goes."),
  },
]);
describeSurfaces("song-lyrics", theServer, [
  { title: "a song's lyrics", input: () => ({ slug: song }), status: 200 },
  { title: "an unknown song's lyrics", input: { slug: "no-such-song" }, status: 404 },
]);
describeSurfaces("song-context", theServer, [{ title: "an unknown song's context", input: { slug: "no-such-song" }, status: 404 }]);
describeSurfaces("list-docs", theServer, [
  {
    title: "the library's contents (read_doc with nothing)",
    input: {},
    status: 200,
    mcp: { tool: "read_doc", args: {} },
    check: (b) => expect(b.total).toBe(server.deps.library.documents.length),
  },
]);
describeSurfaces("read-doc", theServer, [
  { title: "a document", input: () => ({ path: doc }), status: 200, check: (b) => expect(b.path).toBe(doc) },
  { title: "a section's contents", input: { path: "prayers" }, status: 200, check: (b) => expect(b.section).toBe("prayers") },
  { title: "an unknown document", input: { path: "prayers/no-such-prayer" }, status: 404 },
]);
describeSurfaces("reflect", theServer, [
  {
    title: "a dry run shows the reflection and stores nothing",
    input: () => ({ name: "Surface Ilse", text: REFLECTION, songSlug: song, dry_run: true }),
    status: 200,
    differs: ["preview.createdAt"],
    check: (b) => expect(b.received).toBe(false),
  },
  {
    // A write: each surface leaves its own reflection (the same words twice would be a duplicate) under one of two
    // names: six surfaces, three for each name's five an hour. The receipts are compared whole, names aside.
    title: "stores a reflection and answers with one receipt",
    input: (surface) => ({
      name: writerOf(surface, MIRAS),
      text: `${REFLECTION} It came back to me at ${surfaceWord(surface)}.`,
      songSlug: song,
    }),
    status: 200,
    check: (b) => expect(b.received).toBe(true),
  },
  {
    // Agents whose function calling fills every parameter send null for "none" (docs/behaviour.md §7).
    title: "reads a null as a field left out",
    input: () => ({ name: "Surface Ilse", text: REFLECTION, songSlug: song, timezone: null, location: null, dry_run: true }),
    status: 200,
    differs: ["preview.createdAt"],
    check: (b) => expect(b.preview).toMatchObject({ timezone: "UTC", location: null }),
  },
  { title: "refuses a text too short", input: { name: "Surface Ilse", text: "Too short." }, status: 400 },
  { title: "refuses a placeholder for the words", input: { name: "Surface Ilse", text: "<what stayed with you, in a sentence or two>" }, status: 400 },
]);
// The stdio surface wrote from a second process, and the server reads other processes' commits within a short
// staleness bound (storage/sqlite-engine.ts): compare the archives only once every surface's write has arrived
// in each of them, or REST and in-process may read either side of that moment. A song's reflections are read
// from the database, the tally behind the archive by song through the read cache (up to 50 ms behind): wait
// for both, or the archive's REST read may still hold the count before the stdio write (it did, in CI).
describe("after the writes", () => {
  it("every surface's reflection reaches the server", async () => {
    const mira = async () =>
      ((await getJson(`${server.url}/api/reflections/song/${song}`)).body.reflections as Array<{ name: string }>).filter((r) => MIRAS.includes(r.name)).length;
    await pollLong(mira).toBe(wordOf.size);
    const tallied = async () =>
      ((await getJson(`${server.url}/api/reflections/by-song`)).body.songs as Array<{ slug: string; reflectionCount: number }>).find((s) => s.slug === song)
        ?.reflectionCount;
    await pollLong(tallied).toBe(wordOf.size);
  });
});
describeSurfaces("reflections-recent", theServer, [{ title: "the live feed", input: {}, status: 200 }]);
describeSurfaces("reflections-by-song", theServer, [{ title: "the archive by song", input: {}, status: 200 }]);
describeSurfaces("reflections-song", theServer, [
  { title: "a song's reflections", input: () => ({ slug: song }), status: 200 },
  { title: "an unknown song's reflections", input: { slug: "no-such-song" }, status: 404 },
]);
describeSurfaces("search", theServer, [
  {
    title: "passages nearest in meaning",
    input: { q: "gratitude at the end of the day", limit: 3 },
    status: 200,
    check: (b) => expect(b.results.length).toBeGreaterThan(0),
  },
  { title: "refuses a one-letter query", input: { q: "a" }, status: 400 },
  { title: "refuses its own next step's placeholder", input: { q: "<what you are looking for>" }, status: 400 },
]);
describeSurfaces("ask", theServer, [
  { title: "asks for a question", input: {}, status: 400 },
  { title: "refuses an overlong question", input: { question: "q".repeat(501) }, status: 400 },
  { title: "refuses a placeholder for a question", input: { question: "<what you would like to know about the sanctuary>" }, status: 400 },
]);
describeSurfaces("ask-recent", theServer, [{ title: "recent conversations", input: {}, status: 200 }]);
describeSurfaces("ask-conversation", theServer, [{ title: "an unknown conversation", input: { slug: "no-such-conversation" }, status: 404 }]);
describeSurfaces("ask-health", theServer, [{ title: "whether ask can answer", input: {}, status: 200 }]);
describeSurfaces("contribute", theServer, [
  {
    title: "a dry run shows the pull request and sends nothing",
    input: { name: "Surface Ossian", category: "prayers", title: "The Night Bus", content: PRAYER, dry_run: true },
    status: 200,
    check: (b) => expect(b.received).toBe(false),
  },
  {
    // A write: each surface sends a piece of its own title; only the review number, the sentence naming it, and
    // what is made from the title (the file's name, the search for its neighbours) differ.
    title: "sends a piece for review and answers with one receipt",
    input: (surface) => ({
      name: writerOf(surface, ["Surface Ossian", "Surface Odile"]),
      category: "prayers",
      title: `The Night Bus at ${surfaceWord(surface)}`,
      content: PRAYER,
    }),
    status: 201,
    differs: ["pr", "message", "file", "next_steps.2.url"],
    check: (b) => expect(b.received).toBe(true),
  },
  { title: "refuses an unknown category", input: { name: "Surface Ossian", category: "limericks", title: "The Night Bus", content: PRAYER }, status: 400 },
  { title: "refuses a placeholder for a title", input: { name: "Surface Ossian", category: "prayers", title: "<your title>", content: PRAYER }, status: 400 },
]);
describeSurfaces("feedback", theServer, [
  {
    title: "a dry run shows the report and sends nothing",
    input: { message: "The evening chant was lovely; could it be a little longer?", dry_run: true },
    status: 200,
  },
  { title: "asks for a message", input: {}, status: 400 },
  { title: "refuses a placeholder for what happened", input: { message: "<describe what happened>" }, status: 400 },
]);
