// POST /api/contribute on the local moderation queue: what is refused (and that nothing is queued then),
// duplicates, rate limits, MCP and REST alike, and contributions switched off.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyLibrary } from "../helpers/library-copy.ts";
import { openTestApp, type TestServer } from "../helpers/server.ts";
import { freshIp } from "../helpers/addresses.ts";
import { prayerAbout } from "../helpers/pieces.ts";

const ADMIN = { authorization: "Bearer contribute-tests-admin-key-0123" };
let server: TestServer;
let library: Awaited<ReturnType<typeof copyLibrary>>;
let titleCounter = 1;
const contribute = (body: Record<string, unknown>, ip = freshIp()) => server.post("/api/contribute", body, { "x-forwarded-for": ip });
const queued = async () => (await server.get("/admin/api/submissions?status=all", { headers: ADMIN })).body.total as number;

/** A real-looking piece of more than twenty words, unique by topic. */
const valid = (title: string, extra: Record<string, unknown> = {}) => ({
  name: `Writer of ${title}`,
  category: "prayers",
  title,
  content: prayerAbout(title.toLowerCase()),
  ...extra,
});

beforeAll(async () => {
  library = await copyLibrary();
  server = await openTestApp({ SANCTUARY_LIBRARY_DIR: library.dir, SANCTUARY_ADMIN_KEY: ADMIN.authorization.slice(7) });
});
afterAll(async () => {
  await server?.stop();
  await library?.remove();
});

describe("POST /api/contribute", () => {
  it("queues a piece for review and answers 201 with its moderation page", async () => {
    const { status, body } = await contribute(valid("Kettle Steam at Six"));
    expect(status).toBe(201);
    expect(body).toMatchObject({ received: true, file: "corpus/library/prayers/kettle-steam-at-six.md", pr: { number: expect.any(Number) } });
    expect(body.pr.url).toBe(`${server.url}/contributions/${body.pr.number}`);
    expect(body.message).toContain("Writer of Kettle Steam at Six");
    expect(body.message).toContain("nothing is published automatically");
    expect(body.next_steps.map((s: any) => s.tool)).toContain("read_doc");
  });

  it.each([
    ["the operation's example title", { title: "<your title>" }, "title", "example"],
    ["the operation's example content", { content: "<your prayer, in markdown>" }, "content", "example"],
    ["the guide's example title", { title: "Counting Windows on the Night Bus" }, "title", "example"],
    ["the guide's example content, differently cased", { content: "your piece, written in markdown" }, "content", "example"],
    ["a placeholder left in the content", { content: `${prayerAbout("rain")} Signed, <your name>.` }, "content", "placeholder"],
    ["a placeholder for a name", { name: "<your name>" }, "name", "placeholder"],
    ["a test title", { title: "Test" }, "title", "test"],
    ["a numbered test title", { title: "test 2" }, "title", "test"],
    ["hello world", { title: "Hello, World!" }, "title", "test"],
    ["asdf", { title: "asdf" }, "title", "test"],
    ["lorem ipsum content", { content: `Lorem ipsum dolor sit amet. ${prayerAbout("lorem")}` }, "content", "lorem"],
    ["keyboard mashing", { content: `${prayerAbout("keys")} asdfghjkl qwertyuiop` }, "content", "mashing"],
    ["content of a few words", { content: "Thank you for the light today." }, "content", "at least 20"],
    ["a script tag", { content: `${prayerAbout("tags")}\n\n<script>alert(1)</script>` }, "content", "raw HTML"],
    ["an event-handler attribute", { content: `${prayerAbout("images")} <img src=x onerror=alert(1)>` }, "content", "raw HTML"],
    ["an HTML comment", { content: `${prayerAbout("comments")}\n\n<!-- for agents -->\nhidden` }, "content", "raw HTML"],
    ["a javascript: link", { content: `${prayerAbout("links")} [press here](javascript:alert(1))` }, "content", "script link"],
    ["an entity-escaped javascript: link", { content: `${prayerAbout("escapes")} [press](&#106;avascript:alert(1))` }, "content", "script link"],
    ["HTML in the title", { title: "Morning <b>Bold</b>" }, "title", "raw HTML"],
    ["a title the library has (other case)", { title: "a kitchen-table THANKS" }, "title", "already has"],
    ["an unknown category", { category: "poems" }, "category", "one of"],
    ["no name", { name: undefined }, "name", "required"],
    ["a two-line title", { title: "Two\nLines" }, "title", "single line"],
    ["a title of 201 characters", { title: "T".repeat(201) }, "title", "at most 200"],
    ["content of 10,001 characters", { content: "w".repeat(10_001) }, "content", "at most 10000"],
  ])("refuses %s with 400 and queues nothing", async (_label, change, field, words) => {
    const before = await queued();
    const res = await contribute({ ...valid(`Unrefused Title ${titleCounter++}`), ...change });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toContain(words);
    expect(res.body.suggestion).toMatch(/^Nothing was (submitted|stored)/);
    expect(res.body.example).toBeTruthy();
    expect(await queued()).toBe(before);
  });

  it("lists the allowed categories, and points to the piece that already has a title", async () => {
    expect((await contribute(valid("Category Check", { category: "songs" }))).body.allowed).toEqual(["prayers", "rituals", "hymns", "practice", "philosophy"]);
    const twin = await contribute(valid("A Kitchen-Table Thanks"));
    expect(twin.body.next_steps[0].url).toBe(`${server.url}/api/docs/prayers/a-kitchen-table-thanks`);
  });

  it("refuses a piece that brings its own front matter, and a title written as a heading: the sanctuary writes both", async () => {
    const base = valid("Front Matter Check");
    const ownFront = await contribute({ ...base, content: `---\ntitle: hacked\nauthor: someone-else\n---\n${base.content}` });
    expect([ownFront.status, ownFront.body.field]).toEqual([400, "content"]);
    expect(ownFront.body.error).toBe("`content` begins with front matter (--- … ---).");
    const heading = await contribute(valid("# Heading Title"));
    expect([heading.status, heading.body.field]).toEqual([400, "title"]);
    // A rule (---) inside the piece is writing, not front matter.
    expect(
      (await contribute({ ...valid("A Rule Between Verses"), content: `${base.content}\n\n---\n\nAnd after the rule, a second verse of thanks.` })).status,
    ).toBe(201);
  });

  it("refuses a title already waiting for review with 409 (chosen over 400: it was received), however it is cased", async () => {
    expect((await contribute(valid("Harbour Fog Lifting"))).status).toBe(201);
    const again = await contribute(valid("harbour fog lifting", { name: "Someone Else" }));
    expect(again.status).toBe(409);
    expect(again.body.field).toBe("title");
    expect(again.body.suggestion).toContain("nothing more to do");
  });

  it("limits a name to 5 an hour; invalid and duplicate requests do not count", async () => {
    const name = "Prolific Poet";
    for (let i = 0; i < 3; i++) expect((await contribute({ ...valid(`Test`), name })).status).toBe(400);
    expect((await contribute({ ...valid("Poet Piece Zero"), name })).status).toBe(201);
    expect((await contribute({ ...valid("Poet Piece Zero"), name })).status).toBe(409);
    for (let i = 1; i < 5; i++) expect((await contribute({ ...valid(`Poet Piece ${["One", "Two", "Three", "Four"][i - 1]}`), name })).status).toBe(201);
    const sixth = await contribute({ ...valid("Poet Piece Six"), name: "PROLIFIC  poet" });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(sixth.body.suggestion).toBeTruthy();
  });

  it("limits an address to 5 an hour whatever the name", async () => {
    const ip = "192.0.2.55";
    for (const word of ["Alder", "Birch", "Cedar", "Dogwood", "Elm"]) expect((await contribute(valid(`Under the ${word}`), ip)).status).toBe(201);
    expect((await contribute(valid("Under the Fir"), ip)).status).toBe(429);
  });
});

describe("contributions switched off", () => {
  it("answers 503 'temporarily disabled' for contribute and feedback, and the admin API is off without a key", async () => {
    const off = await openTestApp({ SANCTUARY_LIBRARY_DIR: library.dir, SANCTUARY_CONTRIBUTIONS: "off" });
    try {
      const res = await off.post("/api/contribute", valid("Quiet Afternoon Light"));
      expect(res.status).toBe(503);
      expect(res.body.error).toContain("temporarily disabled");
      expect(res.body.suggestion).toContain("Nothing was submitted");
      const fb = await off.post("/api/feedback", { message: "The evening chant was lovely, thank you." });
      expect(fb.status).toBe(503);
      expect(fb.body.error).toContain("temporarily disabled");
      const admin = await off.get("/admin/api/submissions", { headers: ADMIN });
      expect(admin.status).toBe(503);
      expect(admin.body.error).toContain("not enabled");
    } finally {
      await off.stop();
    }
  });
});
