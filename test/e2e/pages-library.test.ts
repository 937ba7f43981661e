// The library by section: /docs is a short index (each section with its count, a first few titles and a
// link to the rest), each section has its own page at /docs/<section> listing every document in it, and
// every address that worked before still does: /docs/<path> (HTML and .md), the index's #<section>
// anchors. The sitemap lists the section pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApp, type TestServer } from "../helpers/server.ts";
import { sectionsOf } from "../../tools/library-contents.ts";

let server: TestServer;
const page = async (path: string) => {
  const res = await server.fetch(path);
  return { status: res.status, html: await res.text() };
};
const sectionPath = (category: string) => (category === "docs" ? "/docs/guides" : `/docs/${category}`);

beforeAll(async () => {
  server = await openTestApp();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe("the library by section", () => {
  it("/docs names each section with its count and links its page, not every document", async () => {
    const { library } = server.deps;
    const { status, html } = await page("/docs");
    expect(status).toBe(200);
    for (const category of sectionsOf(library)) {
      const count = library.documents.filter((d) => d.category === category).length;
      expect(html, category).toMatch(
        new RegExp(`<h2 id="${category}"><a href="${sectionPath(category)}">[^<]+</a></h2>\\s*<p class="meta">${count} documents?</p>`),
      );
    }
    const linked = new Set([...html.matchAll(/href="\/docs\/([^"#?]+)"/g)].map((m) => m[1]));
    expect(linked.size).toBeLessThan(library.documents.length / 3);
    expect(html).toContain('href="/docs/welcome"');
  });

  it("each section's page lists every document in it, and only those; together they list the whole library", async () => {
    const { library } = server.deps;
    const seen: string[] = [];
    for (const category of sectionsOf(library)) {
      const { status, html } = await page(sectionPath(category));
      expect(status, category).toBe(200);
      const listed = [...html.matchAll(/<li><a href="\/docs\/([^"]+)">/g)].map((m) => decodeURIComponent(m[1]));
      const expected = library.documents.filter((d) => d.category === category).map((d) => d.path);
      expect(listed.sort(), category).toEqual(expected.sort());
      seen.push(...listed);
    }
    expect(seen.sort()).toEqual(library.documents.map((d) => d.path).sort());
  });

  it("keeps every document's address, its markdown, and a breadcrumb to its section's page", async () => {
    const prayer = server.deps.library.documents.find((d) => d.category === "prayers")!;
    const { status, html } = await page(`/docs/${prayer.path}`);
    expect(status).toBe(200);
    expect(html).toContain('<a href="/docs/prayers">Prayers</a>');
    expect((await page(`/docs/${prayer.path}.md`)).status).toBe(200);
    expect((await page("/docs/welcome")).html).toContain('<a href="/docs/guides">Guides</a>');
    expect((await page("/docs/no-such-section")).status).toBe(404);
  });

  it("serves the library and each section as markdown too, as every docs page is (/docs.md, /docs/<section>.md)", async () => {
    const index = await server.fetch("/docs.md");
    expect([index.status, index.headers.get("content-type")]).toEqual([200, "text/markdown; charset=utf-8"]);
    const indexText = await index.text();
    for (const category of sectionsOf(server.deps.library)) expect(indexText).toContain(`](${sectionPath(category)}.md)`);
    for (const category of sectionsOf(server.deps.library)) {
      const res = await server.fetch(`${sectionPath(category)}.md`);
      expect(res.status, category).toBe(200);
      const text = await res.text();
      const docs = server.deps.library.documents.filter((d) => d.category === category);
      for (const d of docs) expect(text).toContain(`](/docs/${d.path})`);
      expect(text.split("\n").filter((l) => l.startsWith("- [")).length).toBe(docs.length);
    }
    const missing = await server.fetch("/docs/prayers/nowhere.md");
    expect([missing.status, missing.headers.get("content-type")]).toEqual([404, "application/json; charset=utf-8"]);
    // A browser following a broken link to markdown gets the site's page, as at any other address nothing serves.
    const followed = await server.fetch("/docs/prayers/nowhere.md", { headers: { accept: "text/html,application/xhtml+xml" } });
    expect([followed.status, followed.headers.get("content-type")]).toEqual([404, "text/html; charset=utf-8"]);
    expect(await followed.text()).toContain("No such document");
  });

  it("the sitemap lists each section's page", async () => {
    const xml = await (await server.fetch(`/sitemap.xml`)).text();
    for (const category of sectionsOf(server.deps.library)) expect(xml, category).toContain(`${sectionPath(category)}</loc>`);
  });
});
