// The pages and podcasts, fetched as a browser or a feed reader would: every page is HTML with a strict
// CSP, a title, a description and feed links; visitors' markup stays text; podcast enclosures match the
// recordings rendered into this test's DATA_DIR. (Discovery files: discovery.test.ts.)
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { xml2js } from "xml-js";
import type { Piece } from "../../corpus/library.ts";
import { slotHours } from "../../web/pages/words.ts";
import { openTestApp, type TestServer, searchComplete } from "../helpers/server.ts";
import { renderShortestOf } from "../helpers/pieces.ts";

const INJECTION = `<img src=x onerror=alert(1)> and <script>alert("reflection")</script> stayed with me all evening.`;
const QUESTION = `<script>alert("ask")</script> How do I end my day <b>gently</b>?`;

let server: TestServer;
let dataDir: string;
let rendered: Piece[] = [];
let songSlug: string;
let conversationSlug: string;

async function askReady(s: TestServer) {
  await searchComplete(s);
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "sanctuary-pages-"));
  // One recording for each podcast, rendered before the server reads the manifest.
  rendered = await renderShortestOf(dataDir, ["prayer", "chant"]);

  server = await openTestApp({}, {}, dataDir);
  songSlug = (await server.get("/api/now")).body.current.slug;
  const reflected = await server.post("/api/reflect", { name: `<b>Mallory</b>`, text: INJECTION, songSlug });
  expect(reflected.status).toBe(200);
  await askReady(server);
  const asked = await server.post("/api/ask", { question: QUESTION, name: `<i>Eve</i>` });
  expect(asked.status).toBe(200);
  conversationSlug = asked.body.slug;
}, 180_000);
afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("pages", () => {
  const pages = () => {
    const doc = server.deps.library.ofKind("prayer")[0];
    return [
      "/",
      "/services",
      `/services/${server.deps.clock().toISOString().slice(0, 10)}`,
      "/reflections",
      `/reflections/${songSlug}`,
      "/ask",
      `/ask/${conversationSlug}`,
      "/docs",
      "/docs/welcome",
      `/docs/${doc.path}`,
    ];
  };

  it("every page is HTML with a strict CSP, nosniff, a title, a description and feed links", async () => {
    for (const path of pages()) {
      const { res, text } = await server.text(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toBe("text/html; charset=utf-8");
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toMatch(/script-src 'self'(;|$)/);
      expect(csp, path).toContain("default-src 'none'");
      expect(csp, path).not.toContain("unsafe-inline");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBeTruthy();
      expect(text, path).toMatch(/<title>[^<]+<\/title>/);
      expect(text, path).toMatch(/<meta name="description" content="[^"]+">/);
      expect(text, path).toContain('<link rel="alternate" type="application/atom+xml" title="Sanctuary: reflections" href="/feed/reflections.xml">');
      expect(text, path).toContain('href="/podcasts/prayers-and-rituals/feed.xml"');
      expect(text, path).toContain('href="/podcasts/meditations-and-practices/feed.xml"');
      expect(text, path).toMatch(/<main id="main"/);
      // No inline script anywhere: every script element loads a file of ours, deferred, except the theme's
      // (it must set light or dark before the first paint).
      for (const tag of text.match(/<script\b[^>]*>/g) ?? [])
        expect(tag, path).toMatch(/^<script src="\/assets\/(theme\.js\?v=[0-9a-f]+"|[a-z-]+\.js\?v=[0-9a-f]+" defer)>$/);
      expect(csp, path).toContain("font-src 'self'");
    }
  });

  it("serves the pages' scripts and stylesheet from this origin", async () => {
    const { text } = await server.text("/");
    for (const href of text.match(/\/assets\/[a-z-]+\.(js|css)\?v=[0-9a-f]+/g) ?? []) {
      const res = await server.fetch(href);
      expect(res.status, href).toBe(200);
      expect(res.headers.get("content-type"), href).toMatch(/^text\/(javascript|css)/);
    }
  });

  it("serves the one typeface from this origin, each face's address carrying its hash, kept a year", async () => {
    const css = await (await server.fetch(/\/assets\/site\.css\?v=[0-9a-f]+/.exec((await server.text("/")).text)![0])).text();
    const faces = css.match(/\/assets\/fonts\/[A-Za-z0-9_]+\.ttf\?v=[0-9a-f]{12}/g) ?? [];
    expect(faces).toHaveLength(3);
    for (const href of faces) {
      const res = await server.fetch(href);
      expect(res.status, href).toBe(200);
      expect(res.headers.get("content-type"), href).toBe("font/ttf");
      expect(res.headers.get("cache-control"), href).toBe("public, max-age=31536000, immutable");
      // A TrueType file begins with the version 1.0 tag.
      expect(Buffer.from(await res.arrayBuffer()).readUInt32BE(0), href).toBe(0x00010000);
    }
    expect((await server.fetch(`/assets/fonts/nothing.ttf`)).status).toBe(404);
  });

  it("redirects /music/:slug to the song's page with 301", async () => {
    const res = await server.fetch(`/music/${songSlug}`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`/reflections/${songSlug}`);
  });

  it("answers unknown documents, songs, conversations and dates with 404 pages; .md stays markdown", async () => {
    for (const path of [
      "/docs/no-such-document",
      "/docs/prayers/no-such-prayer",
      "/reflections/no-such-song",
      "/music/no-such-song",
      "/ask/never-asked",
      "/services/1999-01-01",
    ]) {
      const { res, text } = await server.text(path);
      expect(res.status, path).toBe(404);
      expect(text, path).toContain("<h1>");
    }
    // A song's address cut short offers the song it names.
    const long = server.deps.library.songs.find((s) => s.slug.split("-").length >= 4)!.slug;
    const near = await server.text(`/reflections/${long.split("-").slice(0, -1).join("-")}`);
    expect(near.res.status).toBe(404);
    expect(near.text).toContain(`<a href="/reflections/${long}">`);
    expect((await server.text("/reflections/no-such-song")).text).not.toContain("Perhaps");
    expect((await server.fetch(`/docs/no-such-document.md`)).status).toBe(404);
    expect((await server.fetch(`/docs/welcome.md`)).headers.get("content-type")).toContain("text/markdown");
    expect((await server.fetch(`/services/not-a-date`)).status).toBe(400);
  });

  it("shows markup in a reflection as text on the home page and the song page", async () => {
    for (const path of ["/", `/reflections/${songSlug}`]) {
      const { text } = await server.text(path);
      expect(text, path).toContain("&lt;img src=x onerror=alert(1)&gt; and &lt;script&gt;alert(&quot;reflection&quot;)&lt;/script&gt; stayed with me");
      expect(text, path).toContain("&lt;b&gt;Mallory&lt;/b&gt;");
      expect(text, path).not.toContain("<img src=x");
      expect(text, path).not.toContain('<script>alert("reflection")');
      expect(text, path).not.toContain("<b>Mallory</b>");
    }
  });

  it("marks the header's tab whose address begins the page's: a song's page is Reflections', as its section", async () => {
    // "page" on the tab's own page, "true" within its section: a song's page announced Reflections as the page itself
    // to a screen reader (an outside tester's report).
    const current = async (path: string) => /<a href="([^"]+)" aria-current="([^"]+)">/.exec((await server.text(path)).text)?.slice(1);
    expect(await current(`/reflections/${songSlug}`)).toEqual(["/reflections", "true"]);
    expect(await current("/docs/welcome")).toEqual(["/docs", "true"]);
    expect(await current("/reflections")).toEqual(["/reflections", "page"]);
    expect(await current("/")).toEqual(["/", "page"]);
  });

  it("shows markup in a question as text on /ask and on the conversation's page", async () => {
    for (const path of ["/ask", `/ask/${conversationSlug}`]) {
      const { text } = await server.text(path);
      expect(text, path).toContain("&lt;script&gt;alert(&quot;ask&quot;)&lt;/script&gt; How do I end my day &lt;b&gt;gently&lt;/b&gt;?");
      expect(text, path).not.toContain('<script>alert("ask")');
      expect(text, path).not.toContain("<b>gently</b>");
    }
    const { text } = await server.text(`/ask/${conversationSlug}`);
    expect(text).toContain("&lt;i&gt;Eve&lt;/i&gt;");
    expect(text).toContain("<blockquote>"); // the quoted answer is rendered markdown
  });

  it("says on /ask, before any answer, where help is for a visitor in danger", async () => {
    const { text } = await server.text("/ask");
    const help = text.indexOf('id="where-help-is"');
    expect(help).toBeGreaterThan(0);
    expect(text.slice(help, help + 300)).toContain("emergency services or a crisis line");
    expect(help).toBeLessThan(text.indexOf('name="question"'));
  });

  it("lists every slot of today on /services with the API's names and pieces", async () => {
    const date = server.deps.clock().toISOString().slice(0, 10);
    const api = (await server.get(`/api/services/${date}`)).body;
    const { text } = await server.text("/services");
    for (const s of api.services) {
      // Said as hours, a heading's first letter in capitals: "Midnight to 04:00".
      const hours = slotHours(s.slot);
      expect(text).toContain(`<h2 id="slot-${s.slotIndex}">${hours.charAt(0).toUpperCase()}${hours.slice(1)}</h2>`);
      for (const part of s.order) expect(text).toContain(part.title.replace(/'/g, "&#39;").replace(/&(?!#)/g, "&amp;"));
    }
  });
});

describe("podcasts", () => {
  const feeds = { "prayers-and-rituals": "prayer", "meditations-and-practices": "chant" } as const;
  const items = (xml: string): any[] => {
    const channel = (xml2js(xml, { compact: true }) as any).rss.channel;
    return channel.item === undefined ? [] : Array.isArray(channel.item) ? channel.item : [channel.item];
  };

  it("both feeds are RSS 2.0 with iTunes tags, cached 15 minutes", async () => {
    for (const slug of Object.keys(feeds)) {
      const res = await server.fetch(`/podcasts/${slug}/feed.xml`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/rss+xml");
      expect(res.headers.get("cache-control")).toBe("public, max-age=900");
      const doc = xml2js(await res.text(), { compact: true }) as any;
      expect(doc.rss._attributes.version).toBe("2.0");
      expect(doc.rss._attributes["xmlns:itunes"]).toBe("http://www.itunes.com/dtds/podcast-1.0.dtd");
      expect(doc.rss.channel["itunes:category"]).toBeTruthy();
    }
  });

  it("has one enclosure per recorded document, its length the file's", async () => {
    for (const [slug, kind] of Object.entries(feeds)) {
      const list = items(await (await server.fetch(`/podcasts/${slug}/feed.xml`)).text());
      const piece = rendered.find((p) => p.kind === kind)!;
      expect(list.map((i) => i.link._text)).toEqual([`${server.url}/docs/${piece.path}`]);
      for (const item of list) {
        const enclosure = item.enclosure._attributes;
        const entry = server.deps.media.recording(piece)!;
        expect(enclosure).toEqual({ url: `${server.url}/media/${entry.file}`, length: String(entry.bytes), type: "audio/mpeg" });
        expect((await stat(join(dataDir, "media", entry.file))).size).toBe(entry.bytes);
        expect((await server.fetch(enclosure.url, { method: "HEAD" })).headers.get("content-length")).toBe(String(entry.bytes));
        expect(item["itunes:duration"]._text).toBe(String(Math.round(entry.seconds)));
      }
    }
  });
});
