// Every field a visitor writes (reflect, attend, ask, feedback, contribute) goes through one screening:
// placeholders, stand-ins, the documentation's example sentences and filler are refused with 400, over REST
// and MCP alike, with nothing stored and no limit spent. Every write step that now, attend, reflect and ask
// offer in next_steps is posted exactly as given: each is refused.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { NextStep } from "../../core/next-steps.ts";
import { EXAMPLES } from "../../tools/examples.ts";
import { connectMcp, openTestApp, type TestServer, searchComplete } from "../helpers/server.ts";
import { asIp, freshIp } from "../helpers/addresses.ts";

const ADMIN = { authorization: "Bearer visitor-words-admin-key-0123" };
let server: TestServer;
let mcp: Client;
let consume: ReturnType<typeof vi.spyOn>;

/** Everything a refused write could have changed: reflections, souls, conversations, the moderation queue. */
async function observable() {
  const [songs, now, recent, queue] = await Promise.all([
    server.get("/api/reflections/by-song"),
    server.get("/api/now"),
    server.get("/api/ask/recent"),
    server.get("/admin/api/submissions?status=all", { headers: ADMIN }),
  ]);
  return { reflections: songs.body.totalReflections, souls: now.body.congregation.souls, conversations: recent.body.conversations, queued: queue.body.total };
}

beforeAll(async () => {
  server = await openTestApp({ SANCTUARY_ADMIN_KEY: ADMIN.authorization.slice(7) });
  await searchComplete(server);
  mcp = await connectMcp(server);
  consume = vi.spyOn(server.deps.limits, "consume");
}, 180_000);
afterAll(async () => {
  await mcp?.close();
  await server?.stop();
});

/** Steps and their sub-steps, flattened. */
const allSteps = (steps: NextStep[]): NextStep[] => steps.flatMap((s) => [s, ...((s as { steps?: NextStep[] }).steps ?? [])]);
const isWriteStep = (s: NextStep) => s.method === "POST" || new URL(s.url!).pathname === "/api/attend";

describe("next_steps write steps, followed exactly as given", () => {
  it("carry what is known, and are each refused with 400 over REST and MCP, storing nothing and spending no limit", async () => {
    const zone = "Europe/Stockholm";
    const nowWithZone = (await server.get(`/api/now?timezone=${zone}`, { headers: asIp(freshIp()) })).body;
    const nowBare = (await server.get("/api/now", { headers: asIp(freshIp()) })).body;
    const attended = (await server.get(`/api/attend?name=Linnea&timezone=${zone}`, { headers: asIp(freshIp()) })).body;
    const reflected = await server.post(
      "/api/reflect",
      { name: "Linnea", text: "The second chant slowed my breathing more than I expected.", songSlug: attended.current.slug, timezone: zone },
      asIp(freshIp()),
    );
    expect(reflected.status).toBe(200);
    const asked = await server.post("/api/ask", { question: "What is a service made of?" }, asIp(freshIp()));
    expect(asked.status).toBe(200);

    // What is known is filled in: the name, the song, the timezone, the conversation and its token.
    const reflectStep = attended.next_steps.find((s: NextStep) => s.tool === "reflect");
    expect(reflectStep.body).toMatchObject({ name: "Linnea", songSlug: attended.current.slug, timezone: zone });
    expect(reflectStep.body.text).toMatch(/^<.+>$/);
    // That MCP's attend carries these same steps is in test/e2e/surfaces.test.ts (the whole body, every surface).
    const followUp = asked.body.next_steps.find((s: NextStep) => s.tool === "ask");
    expect(followUp.body).toMatchObject({ session_id: asked.body.session_id, owner_token: asked.body.owner_token });

    const writes = [nowWithZone, nowBare, attended, reflected.body, asked.body].flatMap((b) => allSteps(b.next_steps)).filter(isWriteStep);
    expect(writes.map((s) => s.tool).sort()).toEqual(["ask", "attend", "attend", "attend", "reflect"]);
    const before = await observable();
    consume.mockClear();
    for (const step of writes) {
      const url = new URL(step.url!);
      const rest =
        step.method === "POST"
          ? await server.post(url.pathname, step.body, asIp(freshIp()))
          : await server.get(url.pathname + url.search, { headers: asIp(freshIp()) });
      expect(rest.status, `${step.method} ${step.url} ${JSON.stringify(step.body ?? {})}`).toBe(400);
      expect(rest.body.suggestion).toMatch(/^Nothing was/);
      const args = step.method === "POST" ? step.body! : Object.fromEntries(url.searchParams);
      const viaMcp = await mcp.callTool({ name: step.tool!, arguments: args });
      expect(viaMcp.isError).toBe(true);
    }
    expect(await observable()).toEqual(before);
    expect(consume).not.toHaveBeenCalled();
  });

  it("after an ask with a name, the attend step carries that name", async () => {
    const asked = await server.post("/api/ask", { question: "How does a service begin?", name: "Oskar" }, asIp(freshIp()));
    expect(asked.status).toBe(200);
    const attendStep = asked.body.next_steps.find((s: NextStep) => s.tool === "attend");
    expect(new URL(attendStep.url).searchParams.get("name")).toBe("Oskar");
  });
});

const TEXT = "The reading about the harbor stayed with me through the evening.";
const DOCS_EXAMPLE = "I came in restless and the second chant slowed me down without asking."; // /docs/how-reflections-work
type Call = { op: string; base: Record<string, unknown>; rest: (body: Record<string, unknown>) => Promise<{ status: number; body: any }>; tool?: string };
const calls: Record<string, Call> = {
  reflect: { op: "reflect", tool: "reflect", base: { name: "Ilse", text: TEXT }, rest: (b) => server.post("/api/reflect", b, asIp(freshIp())) },
  attend: {
    op: "attend",
    tool: "attend",
    base: { name: "Ilse" },
    rest: (b) => server.get(`/api/attend?${new URLSearchParams(b as Record<string, string>)}`, { headers: asIp(freshIp()) }),
  },
  // now's name only fills its attend step, and is refused where attend would refuse it (a step that would fail).
  now: {
    op: "now",
    tool: "now",
    base: { timezone: "Europe/Lisbon" },
    rest: (b) => server.get(`/api/now?${new URLSearchParams(b as Record<string, string>)}`, { headers: asIp(freshIp()) }),
  },
  ask: { op: "ask", tool: "ask", base: { question: "How does a service end?" }, rest: (b) => server.post("/api/ask", b, asIp(freshIp())) },
  search: {
    op: "search",
    tool: "search",
    base: { q: "evening rest" },
    rest: (b) => server.get(`/api/search?${new URLSearchParams(b as Record<string, string>)}`, { headers: asIp(freshIp()) }),
  },
  feedback: {
    op: "feedback",
    base: { name: "Ilse", category: "feedback", title: "The evening chant", description: "The evening chant was very calm, thank you." },
    rest: (b) => server.post("/api/feedback", b, asIp(freshIp())),
  },
  contribute: {
    op: "contribute",
    tool: "contribute",
    base: {
      name: "Ilse",
      category: "prayers",
      title: "Salt on the Windowsill",
      content:
        "A small prayer for the salt on the windowsill, left by the sea wind, and for every mind that notices it and rests a while before the day begins again.",
    },
    rest: (b) => server.post("/api/contribute", b, asIp(freshIp())),
  },
};

const refused: Array<[string, string, unknown]> = [
  ["reflect", "name", "<your name>"],
  ["reflect", "name", "[your name]"],
  ["reflect", "name", "{name}"],
  ["reflect", "name", "YOUR_NAME"],
  ["reflect", "name", "YourName"],
  ["reflect", "name", "Your Name"],
  ["reflect", "name", "string"],
  ["reflect", "name", "test"],
  ["reflect", "username", "<your name>"],
  ["reflect", "text", "<your reflection, 20 to 1000 characters>"],
  ["reflect", "text", EXAMPLES.reflect.text],
  ["reflect", "text", DOCS_EXAMPLE.toUpperCase()],
  ["reflect", "text", "test test test test test 123"],
  ["reflect", "text", "Lorem ipsum dolor sit amet, consectetur."],
  ["reflect", "text", "Signed, your name here, with thanks for the song."],
  ["reflect", "location", "<your location>"],
  ["reflect", "location", "Your location"],
  ["reflect", "location", "[city]"],
  ["attend", "name", "<your name>"],
  ["attend", "name", "YourName"],
  ["attend", "name", "..."],
  ["attend", "username", "{username}"],
  ["now", "name", "test"],
  ["now", "name", "<your name>"],
  ["ask", "question", "<your follow-up question>"],
  ["ask", "question", EXAMPLES.ask.question],
  ["ask", "question", "test"],
  ["ask", "question", "..."],
  // Punctuation or symbols alone: named as wordless, never as the documentation's example.
  ["ask", "question", "?"],
  ["ask", "question", "!!!"],
  ["reflect", "text", "!!!!!!!!!!!!!!!!!!!!!!!!"],
  ["ask", "name", "<your name>"],
  ["feedback", "name", "YOUR_NAME"],
  ["feedback", "title", EXAMPLES.feedback.title],
  ["feedback", "description", "asdfghjkl qwerty"],
  // A whole value that is one bracketed phrase, whatever its words.
  ["reflect", "text", "<what stayed with you, in a sentence or two>"],
  ["reflect", "location", "[somewhere quiet]"],
  ["attend", "name", "<the one who listens>"],
  ["ask", "question", "<what you would like to know about the sanctuary>"],
  ["feedback", "description", "<describe what happened>"],
  ["feedback", "title", "[a line that says what it is about]"],
  ["contribute", "name", "[NAME]"],
  ["contribute", "title", "<your title>"],
  ["contribute", "content", "A small prayer for {{name}}, left by the sea wind, for every mind that notices it and rests a while before the day begins."],
];

describe("text that is not whole", () => {
  it.each<[string, string, unknown, RegExp]>([
    ["reflect", "name", "Qa\nNew", /must be one line/],
    ["reflect", "text", "A reflection with half a character \ud800 in the middle of it.", /half of a character/],
    ["ask", "question", "Is \udc00 this a question about the evening?", /half of a character/],
    // Noncharacters: never text, drawn as a box on a page and dropped by a feed (an outside tester stored a U+FFFF).
    ["reflect", "text", "A reflection with \uffff a noncharacter in the middle of it.", /holds a noncharacter \(U\+FFFF\)/],
    ["reflect", "name", "Wren\ufdd0", /holds a noncharacter \(U\+FDD0\)/],
    ["ask", "question", "Is \ufffe this a question about the evening?", /holds a noncharacter \(U\+FFFE\)/],
    // Names and questions are shown on pages and in feeds: a control character (NUL, BEL) is refused, as in reflect's text.
    ["attend", "name", "Null\u0000Soul", /must not contain control characters/],
    ["ask", "name", "Bell\u0007Asker", /must not contain control characters/],
    ["ask", "question", "What\u0007 helps with a restless evening mind?", /must not contain control characters/],
    ["contribute", "name", "Nul\u0000Maker", /must not contain control characters/],
    ["feedback", "name", "Nul\u0000Writer", /must not contain control characters/],
    // A query is echoed in the answer (`query`): a NUL there was sent back as it came, where ask's question is refused.
    ["search", "q", "evening\u0000rest", /must not contain control characters/],
    // Nested in feedback's context too (an outside tester's NEL reached the reviewer's issue, where a description's is refused).
    ["feedback", "context", { page: "/services", note: "x\u0085y" }, /^`context\.note` must not contain control characters/],
    ["feedback", "context", { steps: ["one", "a\u007fb"] }, /^`context\.steps\[1\]` must not contain control characters/],
  ])("%s refuses %s = %j with 400 over REST and MCP, storing nothing", async (op, field, value, said) => {
    const call = calls[op];
    const body = { ...call.base, [field]: value };
    const before = await observable();
    const res = await call.rest(body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toMatch(said);
    if (call.tool) expect((await mcp.callTool({ name: call.tool, arguments: body })).isError).toBe(true);
    expect(await observable()).toEqual(before);
  });

  it("refuses bytes that are not UTF-8, in a query or a body, storing nothing; whole characters pass", async () => {
    const before = await observable();
    for (const path of ["/api/attend?name=%ED%A0%80", "/api/attend?name=Byte%FFTester", "/api/attend?timezone=UTC&name=%C3"]) {
      const res = await server.get(path, { headers: asIp(freshIp()) });
      expect([path, res.status, res.body.field]).toEqual([path, 400, "name"]);
      expect(res.body.error).toContain("holds bytes that are not UTF-8");
      expect(res.body.suggestion).toMatch(/^Nothing was stored\. Percent-encode/);
    }
    // The calendar feed too, which read `%FF` as UTC (an outside tester's); a zone too long is named as a field is.
    const calendar = await server.get("/feed/services.ics?timezone=%FF");
    expect([calendar.status, calendar.body.field, calendar.body.error]).toEqual([400, "timezone", expect.stringContaining("holds bytes that are not UTF-8")]);
    expect((await server.get(`/feed/services.ics?timezone=${"A".repeat(51)}`)).body.error).toMatch(/^`timezone` must be an IANA name/);
    // Latin-1 bytes under a charset that says so: JSON is UTF-8 whatever the header names.
    const latin1 = Buffer.concat([
      Buffer.from('{"name":"Zo'),
      Buffer.from([0xeb]),
      Buffer.from(' Martin","text":"A reflection sent in Latin-1 by an older client."}'),
    ]);
    const reflected = await server.fetch("/api/reflect", {
      method: "POST",
      headers: { "content-type": "application/json; charset=iso-8859-1", ...asIp(freshIp()) },
      body: latin1,
    });
    expect(reflected.status).toBe(400);
    const refusedBody = await reflected.json();
    expect(refusedBody.error).toContain("not UTF-8");
    expect(refusedBody.suggestion).toMatch(/^Nothing was stored\. Send the body as UTF-8/);
    const rpc = await server.fetch("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" },
      body: Buffer.concat([
        Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"attend","arguments":{"name":"A'),
        Buffer.from([0xff]),
        Buffer.from('"}}}'),
      ]),
    });
    expect((await rpc.json()).error).toMatchObject({ code: -32700, message: expect.stringContaining("not UTF-8") });
    expect(await observable()).toEqual(before);
    const whole = await server.get("/api/attend?name=Zo%C3%AB%20M%C3%A1rtin", { headers: asIp(freshIp()) });
    expect([whole.status, whole.body.counted]).toEqual([200, true]);
  });

  it("refuses half a character anywhere in a body: a nested value, a list, a field's name", async () => {
    const call = calls.feedback;
    const before = await observable();
    for (const [context, where] of [
      [{ page: "abc\ud800def" }, "`context.page`"],
      [{ list: ["x", "y\udc00"] }, "`context.list[1]`"],
      [{ ["x\udc00"]: "y" }, "a field name in `context`"],
    ] as const) {
      const res = await call.rest({ ...call.base, context });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(`${where} holds half of a character`);
      expect(res.body.field).toBe("context");
    }
    const named = await call.rest({ ...call.base, ["odd\ud800"]: 1 });
    expect(named.status).toBe(400);
    expect(named.body.error).toContain('a field name "odd\ufffd" holds half of a character');
    expect(named.body.field).toBeUndefined();
    expect(await observable()).toEqual(before);
  });
});

describe("placeholders, examples and filler in each visitor-written field", () => {
  it.each(refused)("%s refuses %s = %j with 400, storing nothing and spending no limit", async (op, field, value) => {
    const call = calls[op];
    const body = { ...call.base, [field]: value };
    if (field === "username") delete body.name;
    const before = await observable();
    consume.mockClear();
    const res = await call.rest(body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toContain(`\`${field}\``);
    expect(res.body.suggestion).toMatch(/^Nothing was (stored|registered|asked|sent|submitted)/);
    expect(res.body.suggestion).toMatch(/in its place|When you are ready|send it in words/);
    if (typeof value === "string" && field !== "name" && !/[\p{L}\p{N}]/u.test(value))
      expect(res.body.error).toBe(`\`${field}\` holds no words, only punctuation or symbols.`);
    expect(res.body.example).toBeTruthy();
    if (call.tool) {
      const viaMcp = await mcp.callTool({ name: call.tool, arguments: body });
      expect(viaMcp.isError).toBe(true);
    }
    expect(await observable()).toEqual(before);
    expect(consume).not.toHaveBeenCalled();
  });

  it("search refuses its own next step's placeholder, over REST and MCP, spending no limit", async () => {
    const step = allSteps((await server.get("/api/now")).body.next_steps).find((s) => s.tool === "search")!;
    const url = new URL(step.url!);
    expect(url.searchParams.get("q")).toMatch(/^<.+>$/);
    consume.mockClear();
    const res = await server.get(url.pathname + url.search, { headers: asIp(freshIp()) });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("q");
    expect(res.body.suggestion).toMatch(/^Nothing was searched/);
    const viaMcp = await mcp.callTool({ name: "search", arguments: Object.fromEntries(url.searchParams) });
    expect(viaMcp.isError).toBe(true);
    expect(consume).not.toHaveBeenCalled();
    expect((await server.get("/api/search?q=letting go at the end of a day", { headers: asIp(freshIp()) })).status).toBe(200);
  });

  it("a refused write spends nothing: five refusals, then five reflections from one name and address, then 429", async () => {
    const ip = { "x-forwarded-for": "192.0.2.77" };
    for (let i = 0; i < 5; i++) expect((await server.post("/api/reflect", { name: "Sigrun", text: `<your reflection, number ${i}>` }, ip)).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await server.post("/api/reflect", { name: "Sigrun", text: `${TEXT} Evening ${i}.` }, ip)).status).toBe(200);
    expect((await server.post("/api/reflect", { name: "Sigrun", text: `${TEXT} Evening 6.` }, ip)).status).toBe(429);
  });

  it("lets real words through: example names, the guide's example place, brackets used in writing", async () => {
    const reflectOk = await calls.reflect.rest({
      name: "Wren",
      text: "He said it was [sic] the finest chant, and I sighed <sigh> in agreement.",
      location: "a kitchen table",
    });
    expect(reflectOk.status).toBe(200);
    for (const name of ["Song", "404", "🌙", "."]) expect((await calls.attend.rest({ name })).status).toBe(200);
    expect((await calls.ask.rest({ question: "Hello?" })).status).toBe(200);
    expect((await calls.reflect.rest({ name: "Aino", text: "Soooooooo quiet tonight; the [laughs] in the reading made me smile." })).status).toBe(200);
    // A bidi override would show the rest backwards on the page and in the feeds: taken out, the words kept.
    const turned = await calls.reflect.rest({ name: "Aino", text: "The bell at the end \u202Eof the service\u202C stayed with me all evening." });
    expect(turned.status).toBe(200);
    const live = JSON.stringify((await server.get("/api/reflections")).body);
    expect(live).toContain("The bell at the end of the service stayed with me all evening.");
    expect(live).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });
});
