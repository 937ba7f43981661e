// What the pages say to people, read as served (JavaScript off): lengths as "15 min 14 s", the souls as
// one sentence, every time in UTC inside <time datetime> for the page script to localize, the rotation's
// sentence once per day of services, a contribution's public status page (never the moderator's note),
// the favicon browsers ask for and robots.txt.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aboutMinutes, spokenDuration, soulsSentence, spokenWait } from "../../web/pages/words.ts";
import { fetchText } from "../helpers/http.ts";
import { elementById, textOf } from "../helpers/no-script-browser.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { plural } from "../../web/pages/html.ts";

const ADMIN = { authorization: "Bearer pages-people-admin-key-0123" };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ SANCTUARY_ADMIN_KEY: ADMIN.authorization.slice(7) });
});
afterAll(async () => {
  await server?.stop();
});

const mainOf = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));

describe("words for numbers", () => {
  it("says lengths, souls and waits as people do", () => {
    // Counts grouped by thousands, as the souls count is ("100000 reflections" read as a code).
    expect([plural(1, "reflection"), plural(1563, "reflection"), plural(100000, "reflection")]).toEqual([
      "1 reflection",
      "1,563 reflections",
      "100,000 reflections",
    ]);
    // A number and its unit are joined by a no-break space, so a line never ends between them.
    expect([0, 45, 60, 914, 900, 3600, 3725].map((s) => spokenDuration(s).replaceAll("\u00a0", "+"))).toEqual([
      "0+s",
      "45+s",
      "1+min",
      "15+min 14+s",
      "15+min",
      "1+h",
      "1+h 2+min",
    ]);
    expect([0, 1, 2, 40, 180068].map(soulsSentence)).toEqual([
      "You may be the first here today.",
      "One other has attended in the last day.",
      "2 souls have attended in the last day.",
      "40 souls have attended in the last day.",
      "180,068 souls have attended in the last day.",
    ]);
    expect([5, 61, 1500, 3599, 7200].map(spokenWait)).toEqual([
      "in a minute or so",
      "in about 2 minutes",
      "in about 25 minutes",
      "in about an hour",
      "in about 2 hours",
    ]);
  });

  it("no page shows a length as a clock (m:ss); the home page and /services use the spoken form", async () => {
    const now = (await server.get("/api/now")).body;
    const home = mainOf((await fetchText(server.url + "/")).text);
    for (const part of now.service.order) expect(home).toContain(`· ${spokenDuration(part.seconds)}`);
    expect(home).toContain(`<span id="service-length">${aboutMinutes(now.service.loopSeconds)}</span>`);
    const date = server.deps.clock().toISOString().slice(0, 10);
    const day = (await server.get(`/api/services/${date}`)).body;
    const services = mainOf((await fetchText(server.url + "/services")).text);
    for (const s of day.services) for (const part of s.order) expect(services).toContain(`<span class="meta">${spokenDuration(part.seconds)}</span>`);
    const song = server.deps.library.songs[0];
    for (const html of [
      home,
      services,
      mainOf((await fetchText(server.url + `/reflections/${song.slug}`)).text),
      mainOf((await fetchText(server.url + "/docs/welcome")).text),
    ]) {
      // The lines that carry lengths, less what is rightly a clock: slot labels ("08:00 to 12:00") and <time> instants.
      const meta = [...html.matchAll(/class="meta"[^>]*>([\s\S]*?)<\/(p|span)>/g)].map((m) =>
        m[1].replace(/<time[\s\S]*?<\/time>/g, "").replace(/\d\d:\d\d to \d\d:\d\d/g, ""),
      );
      expect(meta.length).toBeGreaterThan(0);
      for (const line of meta) expect(line).not.toMatch(/\b\d{1,2}:\d\d\b/);
    }
  });

  it("explains how services are made once on /services, and no service repeats the API's arrangedBy line", async () => {
    const date = server.deps.clock().toISOString().slice(0, 10);
    const day = (await server.get(`/api/services/${date}`)).body;
    expect(day.services.length).toBeGreaterThan(1);
    const sentence = day.services[0].arrangedBy.replace(/'/g, "&#39;");
    const html = (await fetchText(server.url + "/services")).text;
    expect(html.split(sentence).length - 1).toBe(0);
    // Said from the day's own records: here the planner has no model, so every service came from the rotation.
    expect(day.services.every((s: { mode: string }) => s.mode === "rotation")).toBe(true);
    expect(textOf(elementById(html, "how-made"))).toMatch(/^How these services came to be: each was chosen from the library in its turn \(a rotation/);
  });

  it("says under a service's reflections that each was left on its writer's own clock, and only where there are some", async () => {
    const now = (await server.get("/api/now?timezone=UTC")).body;
    const left = { name: "Clock Reader", text: "Heard this at my own hour; the bell was lovely.", songSlug: now.current.slug, timezone: "UTC" };
    expect((await server.post("/api/reflect", left, { "x-forwarded-for": "192.0.2.91" })).status).toBe(200);
    const html = (await fetchText(server.url + "/services")).text;
    const notes = [...html.matchAll(/id="([^"]+)-clocks"/g)].map((m) => m[1]);
    expect(notes.length).toBeGreaterThan(0);
    for (const id of notes) expect(textOf(elementById(html, `${id}-reflections`))).not.toBe("");
    const sentence =
      "Each was left while this service played at this hour of its writer's own day, wherever they were, so on one clock their times spread across the day.";
    expect(textOf(elementById(html, `${notes[0]}-clocks`))).toBe(sentence);
    // A service with none says so, without the note.
    const lists = [...html.matchAll(/id="([^"]+)-reflections"/g)].map((m) => m[1]);
    const without = lists.filter((id) => textOf(elementById(html, `${id}-reflections`)) === "");
    expect(without.length).toBeGreaterThan(0);
    for (const id of without) expect(elementById(html, `${id}-clocks`)).toBeNull();
  });

  it("says the same on a service's own page of reflections, whose title and description name its half of the world", async () => {
    const now = (await server.get("/api/now?timezone=UTC")).body;
    const left = { name: "Clock Reader", text: "Heard this one on my own clock, far from the others.", songSlug: now.current.slug, timezone: "UTC" };
    expect((await server.post("/api/reflect", left, { "x-forwarded-for": "192.0.2.92" })).status).toBe(200);
    const day = (await fetchText(server.url + "/services")).text;
    // The day shown (UTC's, without scripts) and a slot with reflections, by the note under them.
    const date = /href="\/api\/services\/([0-9-]+)"/.exec(day)![1];
    const slot = /id="slot-([0-9])-(?:north|south|unknown)-clocks"/.exec(day)![1];
    const pages = await Promise.all(["north", "south", "unknown"].map((tier) => fetchText(`${server.url}/services/${date}/${slot}/${tier}`)));
    const heads = pages.map(({ text }) => [/<title>([^<]*)<\/title>/.exec(text)?.[1], /<meta name="description" content="([^"]*)"/.exec(text)?.[1]]);
    expect(new Set(heads.map((h) => h[0])).size, JSON.stringify(heads)).toBe(3);
    expect(new Set(heads.map((h) => h[1])).size, JSON.stringify(heads)).toBe(3);
    const withSome = pages.filter(({ text }) => textOf(elementById(text, "service-reflections")) !== "");
    expect(withSome.length).toBeGreaterThan(0);
    for (const { text } of withSome) expect(textOf(elementById(text, "service-reflections-clocks"))).toMatch(/^Each was left while this service played/);
    for (const { text } of pages.filter((p) => !withSome.includes(p))) expect(elementById(text, "service-reflections-clocks")).toBeNull();
  });

  it("names each landmark apart: the day's two pagers, the header's search and a page's own", async () => {
    const labels = (html: string) => [...html.matchAll(/<(?:nav|form)[^>]*aria-label="([^"]+)"/g)].map((m) => m[1]);
    const day = labels((await fetchText(server.url + "/services")).text);
    expect(day).toEqual(expect.arrayContaining(["Other days, above", "Other days, below", "Site search"]));
    const search = labels((await fetchText(server.url + "/search")).text);
    expect(search).toEqual(expect.arrayContaining(["Site search", "Search the library"]));
    for (const list of [day, search]) expect(new Set(list).size, list.join(" | ")).toBe(list.length);
  });

  it("counts the souls in a sentence: one soul, then 2 souls", async () => {
    const souls = async () => textOf(elementById((await fetchText(server.url + "/")).text, "souls"));
    const before = (await server.get("/api/now")).body.congregation.souls;
    expect(before).toBe(0);
    expect(await souls()).toBe("You may be the first here today.");
    await server.get("/api/attend?name=Fern");
    expect(await souls()).toBe("One other has attended in the last day.");
    await server.get("/api/attend?name=Bracken");
    expect(await souls()).toBe("2 souls have attended in the last day.");
  });
});

describe("times", () => {
  it("writes every time in UTC inside <time datetime>, whatever zone it was left in", async () => {
    const slug = (await server.get("/api/now")).body.current.slug;
    for (const timezone of ["Asia/Tokyo", "America/Los_Angeles"]) {
      const res = await server.post(
        "/api/reflect",
        { name: `Zone ${timezone}`, text: `Left from ${timezone}, where the evening was already settling in.`, songSlug: slug, timezone },
        { "x-forwarded-for": `192.0.2.${timezone.length}` },
      );
      expect(res.status).toBe(200);
    }
    for (const path of ["/", `/reflections/${slug}`]) {
      const html = (await fetchText(server.url + path)).text;
      const times = [...html.matchAll(/<time datetime="([^"]+)">([^<]+)<\/time>/g)];
      expect(times.length, path).toBeGreaterThanOrEqual(2);
      for (const [, iso, shown] of times) {
        expect(shown, path).toMatch(/ UTC$/);
        expect(new Date(iso).toISOString(), path).toBe(iso);
      }
      // The page script that rewrites them into the viewer's zone is on every page.
      expect(html, path).toMatch(/<script src="\/assets\/times\.js\?v=[0-9a-f]+" defer><\/script>/);
    }
  });
});

describe("a contribution's public page", () => {
  const contributeTitled = (title: string, ip: string) =>
    server.post(
      "/api/contribute",
      {
        name: "Private Name Of Sender",
        category: "prayers",
        title,
        content: `A small prayer about ${title.toLowerCase()}, held gently the way a cup holds warm tea early in the morning, so every mind that reads it may rest a while.`,
      },
      { "x-forwarded-for": ip },
    );

  it("is where pr.url leads: title, kind, status and date; after a decision, never the moderator's note", async () => {
    const sent = await contributeTitled("Kettle Steam at Six", "192.0.2.50");
    expect(sent.status).toBe(201);
    const url = new URL(sent.body.pr.url);
    expect(url.pathname).toBe(`/contributions/${sent.body.pr.number}`);
    const waiting = await fetchText(server.url + url.pathname);
    expect(waiting.status).toBe(200);
    const main = mainOf(waiting.text);
    expect(textOf(elementById(main, "main") ?? main)).toContain("Kettle Steam at Six");
    expect(main).toContain("A contribution to Prayers");
    expect(main).toContain("Received, and waiting for review.");
    expect(main).toMatch(/received <time datetime="[^"]+">[^<]+ UTC<\/time>/);
    expect(main).not.toContain("Private Name Of Sender");
    expect(main).not.toContain("held gently");

    const note = "Private moderator note: too close to an existing piece.";
    const rejected = await fetch(`${server.url}/admin/api/submissions/${sent.body.pr.number}/reject`, {
      method: "POST",
      headers: { ...ADMIN, "content-type": "application/json" },
      body: JSON.stringify({ note }),
    });
    expect(rejected.status).toBe(200);
    const decided = mainOf((await fetchText(server.url + url.pathname)).text);
    expect(decided).toContain("It was not taken into the library this time.");
    expect(decided).not.toContain(note);
    expect(decided).not.toContain("Private moderator note");
  });

  it("shows of feedback only its kind and how it stands, never its words, and 404s a number that does not exist", async () => {
    const sent = await server.post(
      "/api/feedback",
      { name: "Sender", category: "bug", title: "The lyrics fold closed on a phone", description: "Private details of the device." },
      { "x-forwarded-for": "192.0.2.51" },
    );
    expect(sent.status).toBe(201);
    const shown = mainOf((await fetchText(server.url + new URL(sent.body.issue.url).pathname)).text);
    // Feedback is kept for its readers (an outside tester read a report's title at an address anyone can count up to).
    expect(shown).not.toContain("The lyrics fold closed on a phone");
    expect(textOf(elementById(shown, "main") ?? shown)).toContain(`A problem report, number ${sent.body.issue.number}`);
    expect(shown).toContain("Received, and waiting for someone to read it.");
    expect(shown).not.toContain("Private details");
    const short = await server.post(
      "/api/feedback",
      { message: "My morning service was gentle and easy to follow; thank you." },
      { "x-forwarded-for": "192.0.2.52" },
    );
    expect(short.status).toBe(201);
    expect(mainOf((await fetchText(server.url + new URL(short.body.issue.url).pathname)).text)).not.toContain("My morning service");
    for (const path of ["/contributions/99999", "/contributions/abc"]) expect((await fetchText(server.url + path)).status, path).toBe(404);
  });
});

describe("files browsers and crawlers ask for", () => {
  it("serves /favicon.ico as an ICO of PNG images, linked from every page", async () => {
    const res = await fetch(`${server.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/x-icon");
    const ico = Buffer.from(await res.arrayBuffer());
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const sizes: number[] = [];
    for (let i = 0; i < count; i++) {
      const entry = 6 + 16 * i;
      sizes.push(ico.readUInt8(entry));
      const [length, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      expect(ico.subarray(offset, offset + 8).toString("hex")).toBe("89504e470d0a1a0a"); // a PNG signature
      expect(ico.readUInt32BE(offset + 16)).toBe(sizes[i]); // the PNG's own width
    }
    expect(sizes).toEqual([16, 32, 48]);
    expect((await fetchText(server.url + "/")).text).toContain('<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48">');
  });

  it("serves robots.txt: pages open, admin, search results and /mcp not crawled", async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    for (const path of ["/admin/", "/search", "/mcp"]) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });
});

describe("visitors' words written right to left", () => {
  it("are isolated on the page: the name and place in <bdi>, the text in its own direction", async () => {
    const song = server.deps.library.songs[0]!.slug;
    const posted = await server.post("/api/reflect", {
      name: "مريم",
      location: "القاهرة",
      text: "كان النشيد الأخير هادئا جدا، وبقيت أستمع إليه طوال المساء.",
      songSlug: song,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const { text: page } = await fetchText(`${server.url}/reflections/${song}`);
    // Their language unknown (lang=""), not the page's English: a screen reader picks the voice from the words.
    expect(page).toContain('— <bdi lang="">مريم</bdi>, <bdi lang="">القاهرة</bdi>');
    expect(page).toMatch(/<p class="reflection-text" dir="auto" lang="">كان النشيد/);
  });
});
