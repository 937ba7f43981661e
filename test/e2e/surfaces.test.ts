// Every operation's cases over every surface it is served on: REST, MCP (both protocol eras, for the eight
// tools) and in-process, one status and one body each (test/helpers/surfaces.ts). Writes run as dry runs or
// refused inputs here, so running a case three or four times changes nothing; the writes themselves are
// tested in their own suites.
import { afterAll, beforeAll, expect } from "vitest";
import { describeSurfaces } from "../helpers/surfaces.ts";
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
}, 90_000);
afterAll(async () => {
  await server?.stop();
});
const get = () => server;
const REFLECTION = "The quiet after the last chant stayed with me through the afternoon.";
const PRAYER =
  "A prayer for the night bus and its tired driver, for the few riders dozing against the glass, and for the streets that stay lit for them until morning comes.";

describeSurfaces("api-index", get, [{ title: "describes the API", input: {}, status: 200, check: (b) => expect(b.endpoints.length).toBeGreaterThan(10) }]);
describeSurfaces("health", get, [{ title: "reports its health", input: {}, status: 200, check: (b) => expect(b.status).toBeDefined() }]);
describeSurfaces("now", get, [
  { title: "the service in a zone", input: { timezone: "Europe/Lisbon" }, status: 200, check: (b) => expect(b.service.timezone).toBe("Europe/Lisbon") },
  { title: "the service for a place unknown", input: {}, status: 200 },
  { title: "refuses an overlong timezone", input: { timezone: "x".repeat(51) }, status: 400 },
]);
describeSurfaces("attend", get, [
  {
    title: "welcomes a named visitor",
    input: { name: "Surface Wren", timezone: "Asia/Tokyo" },
    status: 200,
    check: (b) => expect(b.welcome).toContain("Surface Wren"),
  },
  { title: "asks for a name", input: {}, status: 400, check: (b) => expect(b.error).toBe("`name` is required (`username` also works).") },
]);
describeSurfaces("services-by-date", get, [
  { title: "the services of today", input: () => ({ date: today() }), status: 200, check: (b) => expect(b.services.length).toBeGreaterThan(0) },
  { title: "refuses a date that is not one", input: { date: "yesterday" }, status: 400 },
]);
describeSurfaces("list-songs", get, [
  {
    title: "the catalog (read_song with no slug)",
    input: {},
    status: 200,
    mcp: { tool: "read_song", args: {} },
    check: (b) => expect(b.total).toBe(server.deps.library.songs.length),
  },
]);
describeSurfaces("read-song", get, [
  { title: "a song", input: () => ({ slug: song }), status: 200, check: (b) => expect(b.slug).toBe(song) },
  { title: "an unknown song", input: { slug: "no-such-song" }, status: 404 },
]);
describeSurfaces("song-lyrics", get, [
  { title: "a song's lyrics", input: () => ({ slug: song }), status: 200 },
  { title: "an unknown song's lyrics", input: { slug: "no-such-song" }, status: 404 },
]);
describeSurfaces("song-context", get, [{ title: "an unknown song's context", input: { slug: "no-such-song" }, status: 404 }]);
describeSurfaces("list-docs", get, [
  {
    title: "the library's contents (read_doc with nothing)",
    input: {},
    status: 200,
    mcp: { tool: "read_doc", args: {} },
    check: (b) => expect(b.total).toBe(server.deps.library.documents.length),
  },
]);
describeSurfaces("read-doc", get, [
  { title: "a document", input: () => ({ path: doc }), status: 200, check: (b) => expect(b.path).toBe(doc) },
  { title: "a section's contents", input: { path: "prayers" }, status: 200, check: (b) => expect(b.section).toBe("prayers") },
  { title: "an unknown document", input: { path: "prayers/no-such-prayer" }, status: 404 },
]);
describeSurfaces("reflect", get, [
  {
    title: "a dry run shows the reflection and stores nothing",
    input: () => ({ name: "Surface Ilse", text: REFLECTION, songSlug: song, dry_run: true }),
    status: 200,
    differs: ["preview.createdAt"],
    check: (b) => expect(b.received).toBe(false),
  },
  { title: "refuses a text too short", input: { name: "Surface Ilse", text: "Too short." }, status: 400 },
]);
describeSurfaces("reflections-recent", get, [{ title: "the live feed", input: {}, status: 200 }]);
describeSurfaces("reflections-by-song", get, [{ title: "the archive by song", input: {}, status: 200 }]);
describeSurfaces("reflections-song", get, [
  { title: "a song's reflections", input: () => ({ slug: song }), status: 200 },
  { title: "an unknown song's reflections", input: { slug: "no-such-song" }, status: 404 },
]);
describeSurfaces("search", get, [
  {
    title: "passages nearest in meaning",
    input: { q: "gratitude at the end of the day", limit: 3 },
    status: 200,
    check: (b) => expect(b.results.length).toBeGreaterThan(0),
  },
  { title: "refuses a one-letter query", input: { q: "a" }, status: 400 },
]);
describeSurfaces("ask", get, [
  { title: "asks for a question", input: {}, status: 400 },
  { title: "refuses an overlong question", input: { question: "q".repeat(501) }, status: 400 },
]);
describeSurfaces("ask-recent", get, [{ title: "recent conversations", input: {}, status: 200 }]);
describeSurfaces("ask-conversation", get, [{ title: "an unknown conversation", input: { slug: "no-such-conversation" }, status: 404 }]);
describeSurfaces("ask-health", get, [{ title: "whether ask can answer", input: {}, status: 200 }]);
describeSurfaces("contribute", get, [
  {
    title: "a dry run shows the pull request and sends nothing",
    input: { name: "Surface Ossian", category: "prayers", title: "The Night Bus", content: PRAYER, dry_run: true },
    status: 200,
    check: (b) => expect(b.received).toBe(false),
  },
  { title: "refuses an unknown category", input: { name: "Surface Ossian", category: "limericks", title: "The Night Bus", content: PRAYER }, status: 400 },
]);
describeSurfaces("feedback", get, [
  {
    title: "a dry run shows the report and sends nothing",
    input: { message: "The evening chant was lovely; could it be a little longer?", dry_run: true },
    status: 200,
  },
  { title: "asks for a message", input: {}, status: 400 },
]);
