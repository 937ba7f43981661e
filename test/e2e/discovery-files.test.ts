// The discovery files beyond the card and the skills: the sitemap (every page, lastmod from the library files, the
// reflections and the recorded services), security.txt (from its setting; 404 without one), the ARD manifest, the
// whole library as llms-full.txt, and the Link header of the home page.
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApp, type TestServer } from "../helpers/server.ts";

const BASE = "https://sanctuary.example";
const CONTACT = "mailto:care@sanctuary.example";
let server: TestServer;
let plain: TestServer;
beforeAll(async () => {
  [server, plain] = await Promise.all([openTestApp({ BASE_URL: BASE, SANCTUARY_SECURITY_CONTACT: CONTACT }), openTestApp()]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), plain?.stop()]);
});

/** `<url>` elements of a sitemap as loc → lastmod. */
function urlsOf(xml: string): Map<string, string | undefined> {
  const urls = new Map<string, string | undefined>();
  for (const [, inner] of xml.matchAll(/<url>(.*?)<\/url>/g)) {
    const loc = /<loc>(.*?)<\/loc>/.exec(inner!)![1]!;
    urls.set(loc, /<lastmod>(.*?)<\/lastmod>/.exec(inner!)?.[1]);
  }
  return urls;
}
const second = (iso: string) => iso.replace(/\.\d{3}Z$/, "Z");

describe("sitemap.xml", () => {
  it("lists every page with its lastmod: library files, a song's newest reflection, recorded services", async () => {
    const { library } = server.deps;
    const song = library.songs[0]!;
    const reflected = await server.post("/api/reflect", {
      name: "Sitemap Reader",
      text: "A quiet thought about the long afternoon light and the chant that followed it.",
      songSlug: song.slug,
    });
    expect(reflected.status).toBe(200);
    expect(reflected.body.song).toBe(song.slug);
    await server.get("/api/now?timezone=Europe/Berlin");

    const res = await server.fetch(`/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const urls = urlsOf(xml);

    for (const path of ["/", "/services", "/reflections", "/docs", "/docs/mcp", "/ask"]) expect(urls.has(`${BASE}${path}`), path).toBe(true);
    for (const [loc, lastmod] of urls) expect(lastmod, loc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    // A document's lastmod is its file's modification time.
    const doc = library.documents.find((d) => d.path === "welcome") ?? library.documents[0]!;
    const { mtime } = await stat(join(server.deps.config.libraryDir, `${doc.path}.md`));
    expect(urls.get(`${BASE}/docs/${doc.path}`)).toBe(second(mtime.toISOString()));
    expect(urls.size).toBeGreaterThanOrEqual(library.documents.length + library.songs.length + 6);

    // A song's page changed when its newest reflection was left.
    const { createdAt } = (await server.deps.reflections.tally())[song.slug]!.mostRecent;
    expect(urls.get(`${BASE}/reflections/${song.slug}`)).toBe(second(createdAt > song.modified! ? createdAt : song.modified!));

    // Each recorded date has its page, last changed when its newest service was recorded.
    const dates = await server.deps.calendar.dates();
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) {
      const records = await server.deps.calendar.forDate(date);
      const newest = records
        .map((r) => r.recordedAt)
        .sort()
        .at(-1)!;
      expect(urls.get(`${BASE}/services/${date}`), date).toBe(second(newest));
    }
  });
});

describe("robots.txt", () => {
  it("names the sitemap and the ARD manifest by absolute address", async () => {
    const text = await (await server.fetch(`/robots.txt`)).text();
    expect(text).toMatch(new RegExp(`^Sitemap: ${BASE}/sitemap.xml$`, "m"));
    expect(text).toMatch(new RegExp(`^Agentmap: ${BASE}/.well-known/ard.json$`, "m"));
    expect(text).toMatch(/^Allow: \/mcp\/server-card$/m);
  });
});

describe("security.txt", () => {
  it("names the contact from its setting and expires within a year", async () => {
    const res = await server.fetch(`/.well-known/security.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    expect(text).toMatch(new RegExp(`^Contact: ${CONTACT}$`, "m"));
    const expires = new Date(/^Expires: (.+)$/m.exec(text)![1]!);
    expect(expires.getTime()).toBeGreaterThan(Date.now());
    expect(expires.getTime()).toBeLessThan(Date.now() + 366 * 86_400_000);
    expect(text).toMatch(new RegExp(`^Canonical: ${BASE}/.well-known/security.txt$`, "m"));
  });

  it("is a JSON 404 until a contact is set", async () => {
    const { status, body, headers } = await plain.get("/.well-known/security.txt");
    expect(status).toBe(404);
    expect(headers.get("content-type")).toMatch(/^application\/json/);
    expect(body.suggestion).toMatch(/SANCTUARY_SECURITY_CONTACT/);
  });
});

describe("ARD manifest", () => {
  const URN = /^urn:air:([a-zA-Z0-9.-]+)(?::([a-zA-Z0-9._:-]+))?:([a-zA-Z0-9._-]+)$/;

  it("lists the MCP server card, OpenAPI, llms.txt and every skill, each entry valid, at both addresses", async () => {
    const { status, body, headers } = await server.get("/.well-known/ard.json");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^application\/json/);
    expect(body.specVersion).toBe("1.0");
    expect(body.host.displayName).toBe("Sanctuary");
    for (const entry of body.entries) {
      expect(entry.identifier).toMatch(URN);
      expect(URN.exec(entry.identifier)![1]).toBe("sanctuary.example");
      expect(entry.displayName).toEqual(expect.any(String));
      expect(entry.type).toEqual(expect.any(String));
      expect("url" in entry !== "data" in entry).toBe(true);
      if (entry.representativeQueries) expect(entry.representativeQueries.length).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(body.entries.map((e: any) => e.identifier)).size).toBe(body.entries.length);
    const byType = (type: string) => body.entries.filter((e: any) => e.type === type);
    expect(byType("application/mcp-server-card+json")[0].url).toBe(`${BASE}/.well-known/mcp/server-card.json`);
    expect(byType("application/vnd.oai.openapi+json")[0].url).toBe(`${BASE}/openapi.json`);
    expect(byType("text/markdown")[0].url).toBe(`${BASE}/llms.txt`);
    const index = (await server.get("/.well-known/agent-skills/index.json")).body;
    expect(byType('text/markdown; profile="urn:air:agent-skills"').map((e: any) => e.url)).toEqual(index.skills.map((s: any) => s.url));

    expect((await server.get("/.well-known/ai-catalog.json")).body).toEqual(body);
  });
});

describe("llms-full.txt", () => {
  it("holds the whole library: every document and song, with their texts", async () => {
    const res = await server.fetch(`/llms-full.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    const text = await res.text();
    const { library } = server.deps;
    for (const piece of [...library.documents, ...library.songs]) {
      expect(text, piece.path).toContain(`## ${piece.title}\n`);
      expect(text, piece.path).toContain(piece.markdown.trim());
    }
  });
});

describe("the home page's Link header", () => {
  it("names the API catalog, the MCP server card and the ARD manifest", async () => {
    const res = await server.fetch(`/`);
    expect(res.status).toBe(200);
    const link = res.headers.get("link") ?? "";
    expect(link).toContain(`<${BASE}/.well-known/api-catalog>; rel="api-catalog"`);
    expect(link).toContain(`<${BASE}/.well-known/mcp/server-card.json>; rel="service-desc"; type="application/mcp-server-card+json"`);
    expect(link).toContain(`<${BASE}/.well-known/ard.json>; rel="ard"`);
    for (const url of link.match(/<([^>]+)>/g)!.map((u) => u.slice(1, -1).replace(BASE, server.url))) expect((await server.fetch(url)).status, url).toBe(200);
  });
});

describe("BASE_URL in refusals", () => {
  it("names the configured address in every refusal's next steps, however far from an operation it was made", async () => {
    const refusals: Array<[string, RequestInit]> = [
      ["/no-such-address", { headers: { accept: "application/json" } }], // the fallback's 404
      ["/mcp", { headers: { accept: "application/json" } }], // GET on /mcp: a 405 made by the MCP adapter
      ["/api/reflect", { method: "POST", body: "{not json", headers: { "content-type": "application/json" } }],
      ["/media/no-such-recording.mp3", {}],
      ["/api/now?limit=x&timezone=Nowhere/Else", {}], // answered, with steps
    ];
    for (const [path, init] of refusals) {
      const res = await server.fetch(path, init);
      const body = (await res.json()) as { next_steps?: Array<{ url?: string }> };
      const urls = (body.next_steps ?? []).map((step) => step.url).filter((url) => url !== undefined);
      expect(urls.length, path).toBeGreaterThan(0);
      for (const url of urls) expect(url.startsWith(`${BASE}/`), `${path}: ${url}`).toBe(true);
    }
  });
});
