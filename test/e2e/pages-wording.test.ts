// The wording map (web/pages/wording.ts) for every error a page's form can get. Each case is provoked
// twice: through the page with JavaScript off (the form submitted form-encoded), where the person must
// read exactly the expected words, and through the API with the same input, whose error body the map
// must know (`known`) and turn into the same words. No shown line carries a backtick, the word "example",
// or the API's own sentence.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLES } from "../../tools/examples.ts";
import { sayError, type FormName } from "../../web/pages/wording.ts";
import { spokenWait } from "../../web/pages/words.ts";
import { startFakeOpenAI, type FakeOpenAI } from "../helpers/fake-openai.ts";
import { NoScriptBrowser, attribute, elementById, textOf, type Loaded } from "../helpers/no-script-browser.ts";
import { startTestServer, type TestServer, searchComplete } from "../helpers/server.ts";
import { freshIp } from "../helpers/addresses.ts";

const KEPT = {
  reflect: "Nothing was stored, and your words are still in the form.",
  ask: "Nothing was stored, and your question is still in the form.",
  search: "",
  contribute: "Nothing was sent, and your piece is still in the form.",
};
const RESULT = { reflect: "reflect-result", ask: "ask-result", search: "search-result", contribute: "contribute-result" };
const FORM = { reflect: "reflect-form", ask: "ask-form", contribute: "contribute-form" };
const GOOD = "The chant about the tide stayed with me through the whole grey afternoon.";
const long = (n: number) => "a".repeat(n);

let server: TestServer;
let resting: TestServer;
let modelDown: TestServer;
let fake: FakeOpenAI;
let failIndex: (error: Error) => void = () => {};

beforeAll(async () => {
  fake = await startFakeOpenAI([{ status: 500 }]);
  [server, resting, modelDown] = await Promise.all([
    startTestServer(),
    // Its index is "being built" until the test lets it fail.
    startTestServer({}, { embedder: () => new Promise((_, reject) => void (failIndex = reject)) }),
    startTestServer({ SANCTUARY_OPENAI_BASE_URL: fake.baseURL, SANCTUARY_OPENAI_API_KEY: "test-key", SANCTUARY_ASK_MODEL: "fake-model" }),
  ]);
  for (const s of [server, modelDown]) await searchComplete(s);
}, 180_000);
afterAll(async () => {
  await Promise.all([server?.stop(), resting?.stop(), modelDown?.stop()]);
  await fake?.close();
});

interface Shown {
  status: number;
  role: string | null;
  text: string;
  page: Loaded;
}

/** Submit a form the way a browser without scripts does, and read what the page says back. */
async function viaPage(
  form: FormName,
  on: TestServer,
  path: string,
  fill: Record<string, string | string[]>,
  ip = freshIp(),
  cookie?: [string, string, string],
): Promise<Shown> {
  const b = new NoScriptBrowser(on.url, ip);
  if (cookie) b.setCookie(...cookie);
  const page =
    form === "search"
      ? await b.open(`/search?${new URLSearchParams(Object.entries(fill).flatMap(([k, v]) => [v].flat().map((x) => [k, x])))}`)
      : await b.submit(await b.open(path), FORM[form], fill);
  const notice = elementById(page.html, RESULT[form]);
  return { status: page.status, role: notice && attribute(notice, "role"), text: textOf(notice), page };
}

/** The same input to the API: its error body, mapped. */
async function viaApi(form: FormName, on: TestServer, input: Record<string, unknown>, values: Record<string, string>, ip = freshIp()) {
  const headers = { "x-forwarded-for": ip };
  const res =
    form === "search"
      ? await on.get(`/api/search?${new URLSearchParams(Object.entries(input).flatMap(([k, v]) => [v].flat().map((x) => [k, String(x)])))}`, { headers })
      : await on.post(`/api/${form}`, input, headers);
  return {
    status: res.status,
    body: res.body,
    said: sayError(form, { status: res.status, body: res.body, retryAfter: Number(res.headers.get("retry-after")) }, values),
  };
}

function expectPeoplesWords(shown: Shown, lines: string[], apiError?: string) {
  expect(shown.text).toBe(lines.filter(Boolean).join(" "));
  expect(shown.text).not.toMatch(/`|example/i);
  if (apiError) expect(shown.text).not.toContain(apiError);
}

interface Case {
  name: string;
  form: FormName;
  path: string;
  fill: Record<string, string | string[]>;
  /** The API twin's input; by default the filled boxes. */
  api?: Record<string, unknown>;
  status: number;
  lines: string[];
  role?: "alert" | "status";
}

const reflectCase = (name: string, fill: Record<string, string | string[]>, status: number, line: string, path = "/"): Case => ({
  name,
  form: "reflect",
  path,
  fill: { name: "Wren", text: GOOD, ...fill },
  status,
  lines: [line, KEPT.reflect],
});

const PIECE = "A prayer for the night bus and its driver, who keeps the lights on for strangers and knows every stop by the shape of its dark.";
const contributeCase = (name: string, fill: Record<string, string>, status: number, line: string): Case => ({
  name,
  form: "contribute",
  path: "/contribute",
  fill: { name: "Wren", category: "prayers", title: `A Prayer for ${name}`, content: PIECE, ...fill },
  status,
  lines: [line, KEPT.contribute],
});

const CASES: Case[] = [
  contributeCase("a piece with no title", { title: "" }, 400, "Please give your piece a title."),
  // Written, only too short: said as such, with the length asked for (it read as if the box were empty).
  contributeCase("a title of one letter", { title: "T" }, 400, "Please make the title at least 3 characters long; it has 1."),
  contributeCase(
    "a piece too short",
    { content: "A short prayer for the bus." },
    400,
    "Your piece has 6 words; the library takes pieces of at least 20. A few more lines are welcome.",
  ),
  contributeCase(
    "a piece with HTML",
    { content: `${PIECE} <b>Amen.</b>` },
    400,
    "Please write your piece in plain text or markdown, without HTML tags or script links.",
  ),
  contributeCase(
    "a piece with its own front matter",
    { content: `---\ntitle: Mine\n---\n${PIECE}` },
    400,
    "Please leave out the block between --- lines at the top: the sanctuary writes that part from the boxes above.",
  ),
  contributeCase("a title as a heading", { title: "# Night Bus" }, 400, "Please write the title as plain words, without # in front."),
  contributeCase(
    "a title the library has",
    { title: "A Kitchen-Table Thanks" },
    400,
    "The library already has a piece with this title. Please choose another title for yours.",
  ),
  contributeCase("a kind the list does not hold", { category: "songs" }, 400, "Please choose the kind of piece from the list."),
  contributeCase(
    "a web address in the name",
    { name: "Wren of www.wren.place" },
    400,
    "Please leave web addresses (anything with http:// or www.) out of your name: names and pieces in the library carry words, not links.",
  ),
  contributeCase(
    "a title of punctuation alone",
    { title: "!!!" },
    400,
    "The title holds no words, only symbols or tags. Please say it in words, as few as you like.",
  ),
  reflectCase(
    "a reflection of punctuation alone",
    { text: "!!!!!!!!!!!!!!!!!!!!!!!!" },
    400,
    "Your reflection holds no words, only symbols or tags. Please say it in words, as few as you like.",
  ),
  reflectCase("no name", { name: "" }, 400, "Please add a name: any name or label you like. It is shown with your reflection."),
  reflectCase("a name too long", { name: long(101) }, 400, "Please shorten your name to at most 100 characters; it has 101."),
  reflectCase(
    "a web address in the name",
    { name: "Wren of www.wren.place" },
    400,
    "Please leave web addresses (anything with http:// or www.) out of your name: reflections carry words, not links.",
  ),
  reflectCase(
    "a control character in the name",
    { name: "Wr\u0007en" },
    400,
    "Your name holds invisible control characters that cannot be shown. Please type it again.",
  ),
  reflectCase("the name twice", { name: ["Wren", "Moss"] }, 400, "Please send your name once."),
  reflectCase("no reflection", { text: "" }, 400, "Please write your reflection: a few honest sentences about what you noticed."),
  reflectCase("a reflection too short", { text: "So calm." }, 400, "Your reflection has 8 characters; it needs at least 20. A sentence or two more is plenty."),
  // Counted as its rule counts it: a run of spaces is one gap, and twenty blank lines do not make a reflection long enough.
  reflectCase(
    "a reflection short once its spaces are counted",
    { text: "So     calm." },
    400,
    "Your reflection has 8 characters; it needs at least 20. A sentence or two more is plenty.",
  ),
  reflectCase(
    "a reflection padded with blank lines",
    { text: `So calm.${"\n".repeat(20)}Yes.` },
    400,
    "Your reflection is made mostly of characters that do not show. Please write it in letters people can read.",
  ),
  reflectCase("a reflection too long", { text: long(1001) }, 400, "Please shorten your reflection to at most 1000 characters; it has 1001."),
  reflectCase(
    "a web address in the reflection",
    { text: `${GOOD} See https://wren.place for more.` },
    400,
    "Please leave web addresses (anything with http:// or www.) out of your reflection: reflections carry words, not links.",
  ),
  reflectCase(
    "a control character in the reflection",
    { text: `${GOOD}\u0000` },
    400,
    "Your reflection holds invisible control characters that cannot be shown. Please type it again.",
  ),
  // The screening's refusals, each named for the person: which words to change, and why.
  reflectCase(
    "a placeholder in the reflection",
    { text: "I felt calm about the [song] and it stayed with me all day" },
    400,
    "Your reflection still holds [song], which stands where your own words go. Please put your own words in its place.",
  ),
  reflectCase(
    "a stand-in name",
    { name: "YOUR_NAME" },
    400,
    "Your name still holds YOUR_NAME, which stands where your own words go. Please put your own words in its place.",
  ),
  reflectCase(
    "the pages' own sample reflection",
    { text: EXAMPLES.reflect.text },
    400,
    "Your reflection is still the sample words from the sanctuary's own pages. Please write your own there.",
  ),
  reflectCase(
    "test text",
    { text: "This is a test reflection lorem ipsum dolor sit amet" },
    400,
    "Your reflection reads like test text. When you are ready, write what you would like to say; any few honest words will do.",
  ),
  reflectCase(
    "invisible characters only",
    { text: "\u200b".repeat(24) },
    400,
    "Your reflection is made mostly of characters that do not show. Please write it in letters people can read.",
  ),
  reflectCase(
    "marks piled on one letter",
    { text: `${GOOD} Z${"\u0336".repeat(12)}` },
    400,
    "Your reflection piles many accents or marks on one letter. Please write it as it is usually written.",
  ),
  reflectCase("a place too long", { location: long(101) }, 400, "Please shorten the place you gave to at most 100 characters; it has 101."),
  reflectCase(
    "a web address as the place",
    { location: "www.lisbon.place" },
    400,
    "Please leave web addresses (anything with http:// or www.) out of the place you gave: reflections carry words, not links.",
  ),
  reflectCase(
    "a control character in the place",
    { location: "Lis\u001bbon" },
    400,
    "The place you gave holds invisible control characters that cannot be shown. Please type it again.",
  ),
  reflectCase(
    "a song that is not in the catalog",
    { songSlug: "no-such-song" },
    400,
    "That song is not in the sanctuary's catalog any more, so the reflection has nowhere to go. Please leave it from a song's own page.",
  ),
  reflectCase(
    "a song box too long",
    { songSlug: long(101) },
    400,
    "That song is not in the sanctuary's catalog any more, so the reflection has nowhere to go. Please leave it from a song's own page.",
  ),
  reflectCase(
    "the timezone box twice",
    { timezone: ["Europe/Lisbon", "Asia/Tokyo"] },
    400,
    "Your browser's timezone could not be read, so the reflection could not be placed in your hour's service. Please send it again.",
  ),
  reflectCase("a reflection of one character", { text: "%" }, 400, "Your reflection has 1 character; it needs at least 20. A sentence or two more is plenty."),
  // Several problems at once: each said for its own box (the text's was said of the name; an outside tester's report).
  {
    name: "a name too long beside a reflection too short",
    form: "reflect",
    path: "/",
    fill: { name: long(120), text: "So calm." },
    status: 400,
    lines: [
      "Please shorten your name to at most 100 characters; it has 120.",
      "Your reflection has 8 characters; it needs at least 20. A sentence or two more is plenty.",
      KEPT.reflect,
    ],
  },
  {
    name: "the name twice beside a piece left empty",
    form: "contribute",
    path: "/contribute",
    fill: { name: ["Ann", "Bo"], category: "prayers", title: "A Prayer for the Ferry", content: "" },
    status: 400,
    lines: ["Please send your name once.", "Please write your piece in the large box.", KEPT.contribute],
  },
  contributeCase("a piece with no name", { name: "" }, 400, "Please add a name: any name or label you like. It is shown with your piece."),
  { name: "no question", form: "ask", path: "/ask", fill: { question: "" }, status: 400, lines: ["Please write your question.", KEPT.ask] },
  {
    name: "a question too long",
    form: "ask",
    path: "/ask",
    fill: { question: long(501) },
    status: 400,
    lines: ["Please shorten your question to at most 500 characters; it has 501.", KEPT.ask],
  },
  {
    name: "a name too long (ask)",
    form: "ask",
    path: "/ask",
    fill: { question: "How long is a service?", name: long(101) },
    status: 400,
    lines: ["Please shorten your name to at most 100 characters; it has 101.", KEPT.ask],
  },
  {
    name: "the question twice",
    form: "ask",
    path: "/ask",
    fill: { question: ["How long is a service?", "When does it begin?"] },
    status: 400,
    lines: ["Please send your question once.", KEPT.ask],
  },
  { name: "a search of one letter", form: "search", path: "/search", fill: { q: "x" }, status: 400, lines: ["Please type at least 2 letters to search for."] },
  {
    name: "a search too long",
    form: "search",
    path: "/search",
    fill: { q: long(301) },
    status: 400,
    lines: ["Please shorten your search to at most 300 characters; it has 301."],
  },
  {
    name: "two searches at once",
    form: "search",
    path: "/search",
    fill: { q: ["breath", "tide"] },
    status: 400,
    lines: ["Please search for one thing at a time."],
  },
];

describe("every refusal a form can get, in people's words", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const shown = await viaPage(c.form, server, c.path, c.fill);
    expect(shown.status).toBe(c.status);
    expect(shown.role).toBe(c.role ?? "alert");
    const values = Object.fromEntries(Object.entries(c.fill).map(([k, v]) => [k, [v].flat()[0]]));
    const api = await viaApi(c.form, server, c.api ?? c.fill, values);
    expect(api.status).toBe(c.status);
    expect(api.said).toMatchObject({ known: true, lines: c.lines.filter(Boolean) });
    expectPeoplesWords(shown, c.lines, api.body.error);
  });

  it("the song page's form says the same", async () => {
    const slug = server.deps.library.songs[0].slug;
    const shown = await viaPage("reflect", server, `/reflections/${slug}`, { name: "Wren", text: "So calm." });
    expect(shown.status).toBe(400);
    expectPeoplesWords(shown, ["Your reflection has 8 characters; it needs at least 20. A sentence or two more is plenty.", KEPT.reflect]);
  });

  it("a search whose bytes were not UTF-8 is refused in words, as the API refuses it, and no lost mark is shown", async () => {
    for (const q of ["peace%FF", "%E2%82"]) {
      const page = await new NoScriptBrowser(server.url, freshIp()).open(`/search?q=${q}`);
      expect(page.status, q).toBe(400);
      expectPeoplesWords({ status: page.status, role: null, text: textOf(elementById(page.html, RESULT.search)), page }, [
        "Some characters in your search did not arrive whole. Please type them again.",
      ]);
      expect(page.html).not.toContain("\uFFFD");
      expect((await server.get(`/api/search?q=${q}`)).status, q).toBe(400);
    }
  });

  it("the same words twice: already here, calmly", async () => {
    const ip = freshIp();
    const fill = { name: "Heron", text: "The second chant felt like a door left open to the garden." };
    expect((await viaPage("reflect", server, "/", fill, ip)).page.hops[0].status).toBe(303);
    const again = await viaPage("reflect", server, "/", fill, ip);
    expect(again.status).toBe(409);
    expect(again.role).toBe("status");
    const lines = ["These same words from you are already here, received earlier, so there is nothing more to do."];
    expectPeoplesWords(again, lines);
    const api = await viaApi("reflect", server, fill, fill);
    expect(api.said).toMatchObject({ known: true, tone: "calm", lines });
  });

  it("too much at once: the sanctuary's pace, and when to come back", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await viaPage("reflect", server, "/", { name: "Kestrel", text: `${GOOD} Visit ${i + 1}.` }, ip)).page.hops[0]?.status).toBe(303);
    const sixth = await viaPage("reflect", server, "/", { name: "Kestrel", text: `${GOOD} Visit six.` }, ip);
    expect(sixth.status).toBe(429);
    const wait = Number(sixth.page.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expectPeoplesWords(sixth, [
      "Five reflections an hour, from one name or one place, is the sanctuary's pace.",
      `You are welcome back ${spokenWait(wait)}.`,
      KEPT.reflect,
    ]);

    const askIp = freshIp();
    for (let i = 0; i < 10; i++) await server.post("/api/ask", { question: `What is a service, question ${i + 1}?` }, { "x-forwarded-for": askIp });
    const asked = await viaPage("ask", server, "/ask", { question: "What is a reflection?" }, askIp);
    expect(asked.status).toBe(429);
    expect(asked.text).toMatch(
      /^Ten questions an hour from one place is the sanctuary's pace\. You are welcome back in about (an hour|\d+ minutes)\. Nothing was stored, and your question is still in the form\.$/,
    );

    const searchIp = freshIp();
    for (let i = 0; i < 60; i++) await server.get(`/api/search?q=tide${i}`, { headers: { "x-forwarded-for": searchIp } });
    const searched = await viaPage("search", server, "/search", { q: "breath" }, searchIp);
    expect(searched.status).toBe(429);
    expect(searched.text).toMatch(
      /^Sixty searches an hour from one place is the sanctuary's pace\. You are welcome back in (about (an hour|\d+ minutes)|a minute or so)\.$/,
    );
  });

  it("a form too large to read: nothing stored, said plainly", async () => {
    const shown = await viaPage("reflect", server, "/", { text: long(70_000) });
    expect(shown.status).toBe(413);
    expectPeoplesWords(shown, ["That was longer than the sanctuary accepts in one sending, so nothing was stored. Please shorten it and send it again."]);
  });

  it("a follow-up from a browser whose cookie is stale or forged: begin anew", async () => {
    const asked = await server.post("/api/ask", { question: "How do I end my day gently?" }, { "x-forwarded-for": freshIp() });
    const { slug, session_id } = asked.body;
    const cookie = (owner: object): [string, string, string] => ["sanctuary_ask", Buffer.from(JSON.stringify(owner)).toString("base64url"), "/ask"];
    const line = ["This conversation can be continued only from the browser that began it. You can ask your question as a new conversation.", KEPT.ask];
    const wrongToken = await viaPage(
      "ask",
      server,
      `/ask?conversation=${slug}`,
      { question: "And the next?" },
      freshIp(),
      cookie({ slug, session: session_id, token: "not-the-token" }),
    );
    expect(wrongToken.status).toBe(403);
    expectPeoplesWords(wrongToken, line);
    // The page lets go of the cookie and offers a new conversation instead of the same refusal again.
    expect(wrongToken.page.headers.get("set-cookie")).toMatch(/^sanctuary_ask=; Path=\/ask; Max-Age=0/);
    expect(elementById(wrongToken.page.html, "ask-form")).not.toContain('name="conversation"');
    const unknown = await viaPage(
      "ask",
      server,
      `/ask?conversation=${slug}`,
      { question: "And the next?" },
      freshIp(),
      cookie({ slug, session: "no-such-session", token: "x" }),
    );
    expect(unknown.status).toBe(404);
    expectPeoplesWords(unknown, line);
    for (const input of [{ session_id, owner_token: "not-the-token" }, { session_id: "no-such-session", owner_token: "x" }, { owner_token: "x" }]) {
      const api = await viaApi("ask", server, { question: "And the next?", ...input }, {});
      expect(api.said, JSON.stringify(input)).toMatchObject({ known: true, lines: line });
    }
  });

  it("while the vectors are prepared, and when they cannot be, search and ask answer from words and say so", async () => {
    const wordsOnly = "Matched by words only";
    const page = await new NoScriptBrowser(resting.url, freshIp()).open("/search?q=breath");
    expect(page.status).toBe(200);
    expect(page.html).toContain(wordsOnly);
    const asked = await viaApi("ask", resting, { question: "How long is a service?" }, {});
    expect(asked.status).toBe(200);
    expect(asked.body.method).toBe("words");
    failIndex(new Error("no vectors here"));
    await expect
      .poll(async () => (await resting.get("/api/health")).body.preparing.find((p: { what: string }) => p.what === "search-vectors")?.state)
      .toMatch(/^failed/);
    expect((await resting.get("/api/search?q=breath")).body.method).toBe("words");
    // Only when nothing at all can answer is the answer a 503; its words for people are these.
    const building = ["The library's search index is still being built after a restart. Please try again in a minute."];
    const failed = ["The library's search index could not be built just now. Every page of the library can still be read from the Library link above."];
    expect(sayError("search", { status: 503, body: { error: "The library's search index is being built." } })).toMatchObject({ known: true, lines: building });
    expect(sayError("search", { status: 503, body: { error: "Search is not available: its index could not be built." } })).toMatchObject({
      known: true,
      lines: failed,
    });
  });

  it("when the language model does not answer, the library's own words do", async () => {
    const asked = await viaApi("ask", modelDown, { question: "How do I end a day?" }, {});
    expect(asked.status).toBe(200);
    expect(asked.body.answer).toContain("quoted passages");
    const shown = await viaPage("ask", modelDown, "/ask", { question: "How long is a service?" });
    expect(shown.status).toBe(200);
    expect(shown.page.html).toContain("15 and 40 minutes");
  });

  it("errors no form provokes on purpose still read calmly; an unmapped one is marked unknown", () => {
    const internal = sayError("reflect", { status: 500, body: { error: "The sanctuary could not complete this request." } });
    expect(internal).toMatchObject({ known: true, lines: ["Something went wrong on our side, not yours. Please try again in a moment.", KEPT.reflect] });
    const odd = sayError("ask", { status: 400, body: { error: "`question` is not in the expected format (emoji).", field: "question" } });
    expect(odd.known).toBe(false);
    expect(odd.lines.join(" ")).not.toMatch(/`|example/);
  });
});
