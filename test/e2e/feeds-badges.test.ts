// Feeds, badges and the souls widget end to end: Atom documents a strict XML parser accepts, visitors'
// words that stay text (never markup) in feeds, badges and the widget, colors limited to known values,
// five-minute caching, and a widget page whose CSP holds because it has no inline script.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { xml2js, type Element } from "xml-js";
import { openTestApp, type TestServer } from "../helpers/server.ts";
import { EMBED_CSP, escapeHtml } from "../../web/embed.ts";

// xml-js (installed with `feed`) parses with sax in strict mode: malformed markup, unknown entities
// and a stray `<` or `&` throw, so a successful parse means a well-formed document.
function parseXml(text: string): Element {
  const doc = xml2js(text, { compact: false }) as Element;
  const root = (doc.elements ?? []).find((e) => e.type === "element");
  if (!root) throw new Error("no root element");
  return root;
}
const children = (el: Element, name: string) => (el.elements ?? []).filter((e) => e.type === "element" && e.name === name);
const child = (el: Element, name: string) => children(el, name)[0];
const xmlText = (el: Element | undefined): string =>
  (el?.elements ?? []).map((e) => (e.type === "text" ? String(e.text) : e.type === "cdata" ? String(e.cdata) : xmlText(e))).join("");

const clock = new Date("2026-11-22T11:30:00Z");
const EVIL_NAME = `<script>alert(1)</script> &<>"' &amp;`;
const EVIL_TEXT = `Before <script>alert(1)</script> after &<>"' and ]]> twice ]]> and a second line\nhere.`;
let server: TestServer;
let slug: string;

beforeAll(async () => {
  server = await openTestApp({}, { clock: () => clock });
  slug = server.deps.library.songs[0].slug;
  const add = (i: number, minutesAgo: number, name = `Visitor ${i}`, text = `A quiet thought number ${i} about the long afternoon light.`) =>
    server.deps.reflections.add({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      name,
      text,
      song: slug,
      timezone: "Europe/Berlin",
      location: null,
      createdAt: new Date(clock.getTime() - minutesAgo * 60_000).toISOString(),
      service: { date: "2026-11-22", slotIndex: 3, tier: "north" },
    });
  for (let i = 1; i <= 22; i++) await add(i, 30 + i * 60); // spread over the last day
  await add(99, 49 * 60); // outside the 48-hour live feed
  await add(100, 1, EVIL_NAME, EVIL_TEXT); // the newest
  for (const name of ["Wren", "Ash"]) expect((await server.get(`/api/attend?name=${name}&timezone=Europe/Berlin`)).status).toBe(200);
});
afterAll(() => server?.stop());

describe("the strict XML parser these tests rely on", () => {
  it.each(["<feed><a></feed>", "<feed>&nope;</feed>", "<feed>a < b</feed>", "<feed>a & b</feed>"])("rejects %s", (bad) => {
    expect(() => parseXml(bad)).toThrow();
  });
});

describe("Atom feeds", () => {
  it.each(["/feed/reflections.xml", "/feed/conversations.xml"])("%s is well-formed Atom 1.0, cached five minutes", async (path) => {
    const res = await server.fetch(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const feed = parseXml(await res.text());
    expect(feed.name).toBe("feed");
    expect(feed.attributes?.xmlns).toBe("http://www.w3.org/2005/Atom");
    for (const name of ["id", "title", "updated"]) expect(xmlText(child(feed, name)).trim()).not.toBe("");
    expect(Number.isNaN(Date.parse(xmlText(child(feed, "updated"))))).toBe(false);
    expect(children(feed, "link").some((l) => l.attributes?.rel === "self" && String(l.attributes.href).endsWith(path))).toBe(true);
    const entries = children(feed, "entry");
    expect(entries.length).toBeLessThanOrEqual(20);
    for (const entry of entries) for (const name of ["id", "title", "updated"]) expect(xmlText(child(entry, name)).trim()).not.toBe("");
  });

  it("lists the 20 newest reflections of the live feed, newest first, linking to the song page", async () => {
    const feed = parseXml((await server.get("/feed/reflections.xml")).body);
    const entries = children(feed, "entry");
    expect(entries).toHaveLength(20);
    const updated = entries.map((e) => xmlText(child(e, "updated")));
    expect([...updated].sort().reverse()).toEqual(updated);
    expect(xmlText(child(feed, "updated"))).toBe(updated[0]);
    expect(new Set(entries.map((e) => xmlText(child(e, "id")))).size).toBe(20);
    expect(xmlText(child(entries[0], "id"))).toBe("urn:uuid:00000000-0000-4000-8000-000000000100");
    expect(child(entries[1], "link").attributes?.href).toBe(`${server.url}/reflections/${slug}`);
    const title = server.deps.library.song(slug)!.title;
    expect(xmlText(child(entries[1], "title"))).toBe(escapeHtml(`Visitor 1 on ${title}`));
    expect(xmlText(child(child(entries[1], "author"), "name"))).toBe("Visitor 1");
    expect(entries.some((e) => xmlText(child(e, "content")).includes("number 99"))).toBe(false);
  });

  it("keeps visitors' words as text: escaped HTML in the entry, the exact name as author", async () => {
    const xml: string = (await server.get("/feed/reflections.xml")).body;
    expect(xml).not.toMatch(/<script/i);
    const entry = children(parseXml(xml), "entry")[0];
    // title and content are type="html": their text is HTML that displays the words literally.
    expect(child(entry, "content").attributes?.type).toBe("html");
    const content = xmlText(child(entry, "content"));
    expect(content).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(content).toContain("&amp;&lt;&gt;&quot;&#39;");
    expect(content).toContain("]]&gt; twice ]]&gt;");
    expect(content).toContain("second line<br>here.");
    expect(xmlText(child(entry, "title"))).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp;&lt;&gt;&quot;&#39; &amp;amp;");
    expect(xmlText(child(child(entry, "author"), "name"))).toBe(EVIL_NAME);
  });

  it("serves an empty conversations feed until ask stores conversations", async () => {
    const feed = parseXml((await server.get("/feed/conversations.xml")).body);
    expect(children(feed, "entry")).toHaveLength(0);
  });
});

describe("badges", () => {
  const badge = async (path: string) => {
    const res = await server.fetch(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const svg = await res.text();
    const root = parseXml(svg);
    expect(root.name).toBe("svg");
    return { svg, title: xmlText(child(root, "title")) };
  };

  it("shows the souls count, the live feed's reflections and the status, with default labels", async () => {
    expect((await badge("/api/badge/souls.svg")).title).toBe("127.0.0.1: 2");
    const live = await server.deps.reflections.recentCount(clock);
    expect(live).toBe(23);
    expect((await badge("/api/badge/reflections.svg")).title).toBe(`reflections: ${live}`);
    const status = await badge("/api/badge/status.svg");
    expect(status.title).toBe("127.0.0.1: in session");
    expect(status.svg).toContain('fill="#00b8d4"');
  });

  it.each([
    ["ff0000", "#ff0000"],
    ["%23ff0000", "#ff0000"],
    ["F00", "#f00"],
    ["red", "#dd4343"],
    ["teal", "teal"],
  ])("accepts color=%s", async (color, fill) => {
    expect((await badge(`/api/badge/status.svg?color=${color}`)).svg).toContain(`fill="${fill}"`);
  });

  it.each(["javascript:alert(1)", "url(x)", "rgb(1,2,3)", "constructor", "notacolor", "%22%3E%3Cscript%3E", "ff00"])("ignores color=%s", async (color) => {
    const { svg } = await badge(`/api/badge/souls.svg?color=${color}`);
    expect(svg).toContain('fill="#00b8d4"');
    expect(svg).not.toMatch(/javascript|url\(x\)|rgb\(|<script|fill="undefined"/);
  });

  it("escapes the label and cuts it to 50 characters", async () => {
    const { svg, title } = await badge(`/api/badge/souls.svg?label=${encodeURIComponent("<b>hi</b>")}`);
    expect(svg).toContain("&lt;b&gt;hi&lt;/b&gt;");
    expect(svg).not.toContain("<b>");
    expect(title).toBe("<b>hi</b>: 2");
    expect((await badge(`/api/badge/reflections.svg?label=${"x".repeat(60)}`)).title).toBe(`${"x".repeat(50)}: 23`);
    expect((await badge("/api/badge/reflections.svg?label=%20%20")).title).toBe("reflections: 23");
    // U+FFFE and U+FFFF are no characters XML can carry: the SVG would not parse.
    expect((await badge("/api/badge/reflections.svg?label=%EF%BF%BEsung%EF%BF%BF")).title).toBe("sung: 23");
  });
});

describe("the souls widget", () => {
  it("renders the current song and the souls count under a CSP with no inline script or style", async () => {
    const res = await server.fetch("/embed/souls");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toBe(EMBED_CSP);
    expect(res.headers.get("x-frame-options")).toBeNull();
    const html = await res.text();
    const now = (await server.get("/api/now")).body;
    expect(html).toContain(escapeHtml(now.current.title));
    expect(html).toContain(`href="/reflections/${now.current.slug}"`);
    expect(html).toContain(">2 souls<");
    expect(now.congregation.souls).toBe(2);
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/aria-live="polite"/);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts).toHaveLength(1);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toContain('src="/embed/souls.js"');
      expect(body.trim()).toBe("");
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
    // Its look is a file of its own too: the CSP allows this origin's styles only.
    expect(html).not.toMatch(/<style\b|\sstyle=/i);
    expect(html).toContain('<link rel="stylesheet" href="/embed/souls.css">');
    expect(EMBED_CSP).toContain("style-src 'self'");
    const css = await server.fetch("/embed/souls.css");
    expect([css.status, css.headers.get("content-type")]).toEqual([200, "text/css; charset=utf-8"]);
    expect(await css.text()).toContain(".souls");
  });

  it("serves its script as JavaScript that writes text, never HTML", async () => {
    const res = await server.fetch("/embed/souls.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const js = await res.text();
    expect(js).toContain("/api/now");
    expect(js).toContain("Intl.DateTimeFormat().resolvedOptions().timeZone");
    expect(js).toContain("30000");
    expect(js).toContain("textContent");
    expect(js).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
  });
});

describe("discovery", () => {
  it("lists the feeds, badges and widget in GET /api and /openapi.json", async () => {
    const paths = [
      "/feed/reflections.xml",
      "/feed/conversations.xml",
      "/api/badge/souls.svg",
      "/api/badge/reflections.svg",
      "/api/badge/status.svg",
      "/embed/souls",
      "/embed/souls.js",
      "/embed/souls.css",
    ];
    const listed = (await server.get("/api")).body.endpoints.map((e: any) => e.path);
    const openapi = (await server.get("/openapi.json")).body;
    for (const path of paths) {
      expect(listed).toContain(path);
      expect(openapi.paths[path]?.get).toBeDefined();
    }
    expect(openapi.paths["/api/badge/souls.svg"].get.parameters.map((p: any) => p.name)).toEqual(["label", "color"]);
  });
});

describe("whole text answers: length, validator, revalidation, HEAD", () => {
  it.each(["/feed/reflections.xml", "/feed/conversations.xml", "/feed/services.ics", "/sitemap.xml", "/", "/llms.txt", "/robots.txt", "/api/badge/souls.svg"])(
    "%s carries its length and a strong ETag, answers 304 to it, and HEAD with the same headers and no body",
    async (path) => {
      const res = await server.fetch(path);
      expect(res.status).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(res.headers.get("content-length")).toBe(String(bytes.length));
      const etag = res.headers.get("etag")!;
      expect(etag).toMatch(/^"[\w-]{22}"$/);
      const again = await server.fetch(path, { headers: { "if-none-match": `W/"other", ${etag}` } });
      expect(again.status).toBe(304);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe(res.headers.get("cache-control"));
      const head = await server.fetch(path, { method: "HEAD" });
      expect([head.status, head.headers.get("content-length"), head.headers.get("etag")]).toEqual([200, String(bytes.length), etag]);
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    },
  );

  it("keeps a podcast feed's ETag while nothing changed, a second later too (its lastBuildDate is its newest episode's)", async () => {
    const first = await server.fetch("/podcasts/prayers-and-rituals/feed.xml");
    const etag = first.headers.get("etag")!;
    expect(await first.text()).toMatch(/<lastBuildDate>[^<]+<\/lastBuildDate>/);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await server.fetch("/podcasts/prayers-and-rituals/feed.xml", { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  // Last in this file: it adds a reflection, which the badges' counts above do not expect.
  it("gives a feed a new ETag when it changes, so a reader's old one gets the whole new feed", async () => {
    const before = (await server.fetch("/feed/reflections.xml")).headers.get("etag")!;
    const posted = await server.post("/api/reflect", { name: "Tamsin", text: "The launderette hymn made me ring my sister tonight." });
    expect(posted.status).toBe(200);
    const after = await server.fetch("/feed/reflections.xml", { headers: { "if-none-match": before } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before);
    expect(await after.text()).toContain("Tamsin");
  });
});
