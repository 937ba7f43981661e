// Every form on the pages with JavaScript off: the page's own <form> is read, filled in and submitted
// form-encoded, as a browser without scripts does. A stored reflection or an asked question answers 303
// and the page it leads to shows the result; a refusal shows the form again, keeping what was typed, with
// the reason in people's words. The search box (in every header and on /docs) is a GET form to /search,
// whose results are the API's own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, searchComplete } from "../helpers/server.ts";
import { NoScriptBrowser, attribute, elementById, formOf, textOf } from "../helpers/no-script-browser.ts";
import { freshIp } from "../helpers/addresses.ts";

let server: TestServer;
const browser = () => new NoScriptBrowser(server.url, freshIp());
const REFLECTION = "The chant about the tide stayed with me through the whole grey afternoon.";

beforeAll(async () => {
  server = await startTestServer();
  await searchComplete(server);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe("the reflection forms without JavaScript", () => {
  it("the home page's form stores the reflection, redirects with 303 and shows thanks and the reflection", async () => {
    const b = browser();
    const home = await b.open("/");
    const form = formOf(home.html, "reflect-form");
    expect(form).toMatchObject({ method: "post", action: "/" });
    const slug = form.values.songSlug;
    expect(server.deps.library.song(slug)).toBeTruthy();
    const after = await b.submit(home, "reflect-form", { name: "Wren", text: REFLECTION, location: "Lisbon", timezone: "Europe/Lisbon" });
    expect(after.hops).toEqual([{ status: 303, location: `/?reflected=${slug}` }]);
    expect(after.status).toBe(200);
    const result = elementById(after.html, "reflect-result")!;
    expect(attribute(result, "role")).toBe("status");
    // The thanks take the focus: a status already on the page as it loads is not read out by every screen reader.
    expect(result).toMatch(/^<div[^>]* tabindex="-1" autofocus/);
    expect(textOf(result)).toContain(
      `Thank you. Your reflection is on the live feed for the next 48 hours, and then it stays in the archive of “${server.deps.library.song(slug)!.title}”.`,
    );
    expect(textOf(elementById(after.html, "recent-reflections"))).toContain(REFLECTION);
    const stored = (await server.get(`/api/reflections/song/${slug}`)).body.reflections;
    expect(stored.filter((r: any) => r.text === REFLECTION)).toHaveLength(1);
    // The timezone box (filled in by reflect.js when scripts run) places it in that zone's service.
    expect(stored.find((r: any) => r.text === REFLECTION)).toMatchObject({ name: "Wren", timezone: "Europe/Lisbon" });
    expect(textOf(elementById(after.html, "recent-reflections"))).toContain("— Wren, Lisbon");
    // Reloading the page it landed on stores nothing twice.
    await b.open(after.path);
    expect((await server.get(`/api/reflections/song/${slug}`)).body.reflections.filter((r: any) => r.text === REFLECTION)).toHaveLength(1);
  });

  it("the home page's form offers the service's songs, and files the reflection under the one chosen", async () => {
    const b = browser();
    const home = await b.open("/");
    const now = (await server.get("/api/now")).body;
    const songs = now.service.order.filter((p: any) => p.kind === "song").map((p: any) => p.slug);
    const form = formOf(home.html, "reflect-form");
    const options = [...form.markup.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
    expect(options).toEqual(songs);
    // The one playing first is chosen until the visitor chooses.
    expect(form.values.songSlug).toBe(now.current.slug);
    // Choose one that is not the first: the service's second song, or (a service of one song) another from the catalog.
    const chosen = songs[1] ?? server.deps.library.songs.find((s) => s.slug !== now.current.slug)!.slug;
    const text = "It was the second song that stayed, not the first: the one about the quiet bench.";
    const after = await b.submit(home, "reflect-form", { name: "Rowan", text, songSlug: chosen });
    expect(after.hops).toEqual([{ status: 303, location: `/?reflected=${chosen}` }]);
    expect((await server.get(`/api/reflections/song/${chosen}`)).body.reflections.map((r: any) => r.text)).toContain(text);
    expect((await server.get(`/api/reflections/song/${now.current.slug}`)).body.reflections.map((r: any) => r.text)).not.toContain(text);
  });

  it("a refused reflection keeps the song chosen", async () => {
    const b = browser();
    const now = (await server.get("/api/now")).body;
    const chosen = server.deps.library.songs.find((s) => s.slug !== now.current.slug)!;
    const after = await b.submit(await b.open("/"), "reflect-form", { name: "Rowan", text: "Too short.", songSlug: chosen.slug });
    expect(after.status).toBe(400);
    const again = formOf(after.html, "reflect-form");
    expect(again.values.songSlug).toBe(chosen.slug);
    expect(again.markup).toContain(`<option value="${chosen.slug}" selected>`);
  });

  it("a refused reflection shows the form again with what was typed and the reason in people's words", async () => {
    const b = browser();
    const home = await b.open("/");
    const after = await b.submit(home, "reflect-form", { name: "Wren", text: "Too short.", location: "" });
    expect(after.hops).toEqual([]);
    expect(after.status).toBe(400);
    const result = elementById(after.html, "reflect-result")!;
    expect(attribute(result, "role")).toBe("alert");
    expect(textOf(result)).toBe(
      "Your reflection has 10 characters; it needs at least 20. A sentence or two more is plenty. Nothing was stored, and your words are still in the form.",
    );
    const again = formOf(after.html, "reflect-form");
    expect(again.values).toMatchObject({ name: "Wren", text: "Too short." });
    expect(again.markup).toMatch(/<textarea id="reflect-text"[^>]*aria-invalid="true"[^>]*autofocus/);
    // The refusal is read with the box (aria-describedby; screen readers ignore aria-errormessage), after its hint.
    expect(again.markup).toMatch(/<textarea id="reflect-text"[^>]*aria-describedby="reflect-text-hint reflect-result"/);
  });

  it("a refusal of several boxes marks each of them invalid, described by the notice, and focuses the first", async () => {
    // An outside tester's: the name and the reflection both empty, only the name was marked.
    const b = browser();
    const after = await b.submit(await b.open("/"), "reflect-form", { name: "", text: "", location: "" });
    expect(after.status).toBe(400);
    const markup = formOf(after.html, "reflect-form").markup;
    const name = markup.match(/<input id="reflect-name"[^>]*>/)![0];
    const text = markup.match(/<textarea id="reflect-text"[^>]*>/)![0];
    expect([attribute(name, "aria-invalid"), attribute(text, "aria-invalid")]).toEqual(["true", "true"]);
    expect(attribute(text, "aria-describedby")).toBe("reflect-text-hint reflect-result");
    expect([name.includes("autofocus"), text.includes("autofocus")]).toEqual([true, false]);
    expect(markup.match(/<input id="reflect-location"[^>]*>/)![0]).not.toContain("aria-invalid");
  });

  it("a reflection too long is told how long it is, never cut short by the box (maxlength dropped a paste's end unsaid)", async () => {
    const b = browser();
    const home = await b.open("/");
    const form = formOf(home.html, "reflect-form");
    // No field of the form caps what is typed: the server's refusal says by how much, and keeps every word.
    expect(form.markup).not.toMatch(/maxlength/);
    const long = `${REFLECTION} `.repeat(30).trim();
    const after = await b.submit(home, "reflect-form", { name: "Wren", text: long, location: "" });
    expect(after.status).toBe(400);
    expect(textOf(elementById(after.html, "reflect-result")!)).toContain(`it has ${long.length}`);
    expect(formOf(after.html, "reflect-form").values).toMatchObject({ text: long });
    for (const [path, id] of [
      ["/ask", "ask-form"],
      ["/contribute", "contribute-form"],
    ])
      expect(formOf((await b.open(path)).html, id).markup, path).not.toMatch(/maxlength/);
  });

  it("refuses percent-encoded bytes that are not UTF-8, as the API does, and stores nothing garbled", async () => {
    const [song] = server.deps.library.songs;
    const sendForm = (path: string, body: string) =>
      server.fetch(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": freshIp() }, body });
    const reflected = await sendForm(`/reflections/${song.slug}`, "name=Bytes&text=Broken%FF%FE+bytes+sent+through+the+song+page+form.");
    expect(reflected.status).toBe(400);
    const page = await reflected.text();
    expect(textOf(elementById(page, "reflect-result")!)).toBe(
      "Some characters in your reflection did not arrive whole. Please type them again. Nothing was stored, and your words are still in the form.",
    );
    // The box is shown again without the marks of what was lost.
    expect(formOf(page, "reflect-form").values).toMatchObject({ name: "Bytes", text: "Broken bytes sent through the song page form." });
    const stored = (await server.get(`/api/reflections/song/${song.slug}`)).body.reflections.map((r: { text: string }) => r.text);
    expect(stored.filter((text: string) => text.includes("Broken"))).toEqual([]);
    const asked = await sendForm("/ask", "question=What+is+a+vigil%FF%FE+for+the+night%3F");
    expect(asked.status).toBe(400);
    expect((await server.get("/api/ask/recent")).body.conversations.map((c: { question: string }) => c.question)).not.toContain(
      "What is a vigil\uFFFD\uFFFD for the night?",
    );
  });

  it("the song page's form files the reflection under that song, whatever the hidden box says", async () => {
    const b = browser();
    const [song, other] = server.deps.library.songs;
    const page = await b.open(`/reflections/${song.slug}`);
    const text = "Hearing it twice in one evening, I noticed the second verse for the first time.";
    const after = await b.submit(page, "reflect-form", { name: "Ada", text, songSlug: other.slug });
    expect(after.hops).toEqual([{ status: 303, location: `/reflections/${song.slug}?reflected` }]);
    expect(textOf(elementById(after.html, "reflect-result"))).toContain(`the archive of “${song.title}”`);
    expect(textOf(elementById(after.html, "song-reflections"))).toContain(text);
    // The form follows every reflection shown: a link above them leads to it.
    const jump = after.html.indexOf('<a href="#reflect">Leave a reflection of your own ↓</a>');
    expect(jump).toBeGreaterThan(0);
    expect(jump).toBeLessThan(after.html.indexOf('id="song-reflections"'));
    expect((await server.get(`/api/reflections/song/${other.slug}`)).body.reflections.map((r: any) => r.text)).not.toContain(text);
  });
});

describe("the recent conversations on /ask", () => {
  it("preview each answer as words, without the markdown the API gives it in", async () => {
    const question = "What if I am struggling right now?";
    expect((await server.post("/api/ask", { question }, { "x-forwarded-for": freshIp() })).status).toBe(200);
    const listed = (await server.get("/api/ask/recent")).body.conversations.find((c: { question: string }) => c.question === question);
    expect(listed.answer).toContain("**"); // the API's preview is markdown: the page's must not show its marks
    const recent = textOf(elementById((await server.text("/ask")).text, "recent-conversations"));
    expect(recent).toContain(question);
    expect(recent).not.toMatch(/\*\*|(^|\s)> /);
  });
});

describe("the ask form without JavaScript", () => {
  it("asks, redirects to the ask page showing the question, its answer and the recent list with it", async () => {
    const b = browser();
    const page = await b.open("/ask");
    const question = "How do I end my day gently?";
    const after = await b.submit(page, "ask-form", { question, name: "Wren" });
    expect(after.hops).toHaveLength(1);
    expect(after.hops[0].status).toBe(303);
    const slug = /^\/ask\?conversation=([a-z0-9-]+)#answer$/.exec(after.hops[0].location ?? "")?.[1];
    expect(slug).toBeTruthy();
    expect(/<title>([^<]*)<\/title>/.exec(after.html)?.[1]).toBe(`${question} · Ask the library · Sanctuary`);
    expect(textOf(elementById(after.html, "asked-question"))).toBe(question);
    expect(textOf(elementById(after.html, "ask-answer-text")).length).toBeGreaterThan(40);
    expect(textOf(elementById(after.html, "ask-sources"))).not.toBe("");
    expect(textOf(elementById(after.html, "recent-conversations"))).toContain(question);
    expect(elementById(after.html, "ask-link")).toContain(`href="/ask/${slug}"`);
    // The browser that asked may follow up in the same conversation (its cookie holds the owner token).
    const form = formOf(after.html, "ask-form");
    expect(form.values.conversation).toBe(slug);
    // It keeps the name it began with: said, with no box to type another (a follow-up under another name was refused
    // with a line that said only that the form could not be read).
    expect(textOf(elementById(after.html, "ask-asked-as"))).toBe("Asked as Wren, the name this conversation began with.");
    expect(Object.keys(form.values)).not.toContain("name");
    const followUp = await b.submit(after, "ask-form", { question: "And how do I begin the next one?" });
    expect(followUp.hops[0].location).toBe(`/ask?conversation=${slug}#answer`);
    const thread = (await server.get(`/api/ask/conversation/${slug}`)).body;
    expect(thread.messages.filter((m: any) => m.role === "user").map((m: any) => m.content)).toEqual([question, "And how do I begin the next one?"]);
    // Another browser sees the conversation but cannot continue it: its question starts a new one.
    const stranger = browser();
    const seen = await stranger.open(`/ask?conversation=${slug}`);
    expect(textOf(elementById(seen.html, "asked-question"))).toBe("And how do I begin the next one?");
    expect(formOf(seen.html, "ask-form").values.conversation).toBeUndefined();
    const forged = await stranger.submit(seen, "ask-form", { question: "May I join this one?", conversation: slug! });
    expect(forged.hops[0].location).not.toBe(`/ask?conversation=${slug}#answer`);
  });

  it("a conversation begun without a name offers its follow-up the name box, and takes the name given there", async () => {
    const b = browser();
    const after = await b.submit(await b.open("/ask"), "ask-form", { question: "What is the evening chant for?" });
    expect(elementById(after.html, "ask-asked-as")).toBeNull();
    expect(formOf(after.html, "ask-form").values).toEqual(expect.objectContaining({ name: "" }));
    const followUp = await b.submit(after, "ask-form", { question: "And who sings it with me?", name: "Tamsin" });
    expect(followUp.hops[0].status).toBe(303);
  });

  it("a refused question shows the form again with the reason in people's words", async () => {
    const b = browser();
    const after = await b.submit(await b.open("/ask"), "ask-form", { question: "   ", name: "Wren" });
    expect(after.status).toBe(400);
    expect(textOf(elementById(after.html, "ask-result"))).toBe("Please write your question. Nothing was stored, and your question is still in the form.");
    expect(formOf(after.html, "ask-form").values.name).toBe("Wren");
  });
});

describe("the search box without JavaScript", () => {
  it("every page carries it in its header: a GET form to /search", async () => {
    const b = browser();
    for (const path of ["/", "/services", "/reflections", "/ask", "/docs", "/docs/welcome", "/search"]) {
      const page = await b.open(path);
      const form = formOf(page.html, (tag) => tag.includes('class="site-search"'));
      expect(form, path).toMatchObject({ method: "get", action: "/search" });
      expect(Object.keys(form.values), path).toEqual(["q"]);
    }
    expect(formOf((await b.open("/docs")).html, (tag) => tag.includes('class="search-form"')).action).toBe("/search");
  });

  it("the header box finds what the API finds, in its order, with the words marked and links to the pages", async () => {
    const b = browser();
    const found = await b.submit(await b.open("/docs/welcome"), (tag) => tag.includes('class="site-search"'), { q: "breathing" });
    expect(found.status).toBe(200);
    expect(found.path).toBe("/search?q=breathing");
    const api = (await server.get("/api/search?q=breathing", { headers: { "x-forwarded-for": "192.0.2.1" } })).body;
    expect(api.results.length).toBeGreaterThan(0);
    const list = elementById(found.html, "search-results")!;
    const links = [...list.matchAll(/<h2><a href="([^"]+)">([^<]+)<\/a><\/h2>/g)].map((m) => [m[1], textOf(m[2])]);
    expect(links).toEqual(api.results.map((r: any) => [new URL(r.url).pathname, r.title]));
    expect(list).toMatch(/<mark>breath\w*<\/mark>/i);
    expect(formOf(found.html, (tag) => tag.includes('class="site-search"')).values.q).toBe("breathing");
    for (const [href] of links.slice(0, 3)) expect((await b.open(href)).status, href).toBe(200);
  });

  it("says in people's words when a search cannot run, and shows only the box when nothing was asked", async () => {
    const b = browser();
    const short = await b.open("/search?q=x");
    expect(short.status).toBe(400);
    expect(textOf(elementById(short.html, "search-result"))).toBe("Please type at least 2 letters to search for.");
    // The box the refusal is about is marked, described by it and focused, as a form's box is.
    expect(short.html).toMatch(/<input id="search-q"[^>]* aria-describedby="search-q-hint search-result" aria-invalid="true"[^>]* autofocus/);
    // A placeholder is said as one, in the words the other forms use, not as a form that could not be read.
    const placeholder = await b.open(`/search?q=${encodeURIComponent("<your question>")}`);
    expect(placeholder.status).toBe(400);
    expect(textOf(elementById(placeholder.html, "search-result"))).toContain("<your question>");
    expect(textOf(elementById(placeholder.html, "search-result"))).not.toMatch(/could not be read/);
    const empty = await b.open("/search");
    expect(empty.status).toBe(200);
    expect(elementById(empty.html, "search-result")).toBeNull();
    expect(elementById(empty.html, "search-results")).toBeNull();
    // Nothing near enough: the API's own calm suggestion, and a way on (asking it as a question).
    const nonsense = "zxqv wplk";
    const api = (await server.get(`/api/search?q=${encodeURIComponent(nonsense)}`, { headers: { "x-forwarded-for": "192.0.2.2" } })).body;
    if (api.results.length === 0) {
      const nothing = await b.open(`/search?q=${encodeURIComponent(nonsense)}`);
      expect(nothing.status).toBe(200);
      expect(textOf(elementById(nothing.html, "search-empty"))).toBe(api.suggestion);
      expect(nothing.html).toContain(`href="/ask?question=${encodeURIComponent(nonsense)}#ask"`);
    }
    // That link fills in the ask form with the words searched for.
    expect(formOf((await b.open(`/ask?question=${encodeURIComponent("what is a service")}`)).html, "ask-form").values.question).toBe("what is a service");
  });
});

describe("the contribute form without JavaScript", () => {
  const PIECE = "A prayer for the night bus and its driver, who keeps the lights on for strangers and knows every stop by the shape of its dark.";

  it("sends the piece for review and goes to its review's page; the keepers' queue holds exactly it", async () => {
    const b = browser();
    const page = await b.open("/contribute");
    const form = formOf(page.html, "contribute-form");
    expect(form).toMatchObject({ method: "post", action: "/contribute" });
    expect(form.values.category).toBe("prayers");
    const after = await b.submit(page, "contribute-form", { name: "Wren", category: "hymns", title: "For the Night Bus Driver", content: PIECE });
    expect(after.hops).toHaveLength(1);
    expect(after.hops[0]).toMatchObject({ status: 303, location: expect.stringMatching(/^\/contributions\/\d+$/) });
    expect(after.status).toBe(200);
    expect(textOf(after.html)).toContain("For the Night Bus Driver");
    // The same title again, from another browser: refused, the piece kept in the form, the title box marked.
    const again = browser();
    const refused = await again.submit(await again.open("/contribute"), "contribute-form", {
      name: "Moss",
      category: "hymns",
      title: "For the Night Bus Driver",
      content: PIECE,
    });
    expect(refused.status).toBe(409);
    expect(textOf(elementById(refused.html, "contribute-result"))).toBe(
      "A piece with this title is already waiting to be read. If it is not yours, please choose another title for yours. Nothing was sent, and your piece is still in the form.",
    );
    expect(formOf(refused.html, "contribute-form").values).toMatchObject({ name: "Moss", category: "hymns", content: PIECE });
    const title = formOf(refused.html, "contribute-form").markup.match(/<input id="contribute-title"[^>]*>/)![0];
    expect(attribute(title, "aria-invalid")).toBe("true");
    expect(attribute(title, "aria-describedby")).toBe("contribute-title-hint contribute-result");
  });

  it("is offered from the library page", async () => {
    expect((await browser().open("/docs")).html).toContain('href="/contribute"');
  });
});
