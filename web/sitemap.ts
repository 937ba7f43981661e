// /sitemap.xml (sitemaps.org 0.9): every page worth indexing, each with the date it last changed. Library pages
// carry their file's modification time; a song's page also the newest reflection left on it; the services
// pages the time their services were recorded. Pages robots.txt keeps crawlers from (search, admin) are left out.
import type { H3Event } from "h3";
import type { Route } from "../core/route.ts";
import { baseUrlOf } from "../adapters/http.ts";
import { xmlSafe } from "../core/text.ts";
import { BoundedMemo } from "../core/memo.ts";
import type { Library } from "../corpus/library.ts";
import { perContent } from "../corpus/per-content.ts";
import type { WebContext } from "./context.ts";
import { sectionHref } from "./pages/docs-index.ts";
import { pathOf } from "./pages/html.ts";
import { sectionsOf } from "../tools/library-contents.ts";
import { textResponse } from "./text-response.ts";

export interface SitemapEntry {
  path: string;
  /** ISO 8601 date-time; absent when nothing says when the page changed. */
  lastmod?: string;
}

const escape = (s: string) => xmlSafe(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const newest = (...dates: Array<string | undefined>): string | undefined =>
  dates.filter((d): d is string => !!d).reduce<string | undefined>((a, b) => (a && a > b ? a : b), undefined);

/** Each entry's `<url>` line, one per line. */
function urlLines(base: string, entries: SitemapEntry[]): string {
  return entries
    .map((e) => `  <url><loc>${escape(base + e.path)}</loc>${e.lastmod ? `<lastmod>${escape(e.lastmod.replace(/\.\d{3}Z$/, "Z"))}</lastmod>` : ""}</url>`)
    .join("\n");
}

function sitemapXml(lines: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines}\n</urlset>\n`;
}

/** The library's pages (its index, sections, the MCP guide, every document, ask), each dated by its files. */
function libraryEntries(library: Library): SitemapEntry[] {
  const libraryChanged = newest(...library.pieces.map((p) => p.modified));
  return [
    { path: "/docs", lastmod: newest(...library.documents.map((d) => d.modified)) },
    ...sectionsOf(library).map((category) => ({
      path: sectionHref(category),
      lastmod: newest(...library.documents.filter((d) => d.category === category).map((d) => d.modified)),
    })),
    { path: "/docs/mcp", lastmod: libraryChanged },
    ...library.documents.map((d) => ({ path: `/docs/${pathOf(d.path)}`, lastmod: d.modified })),
    { path: "/ask", lastmod: libraryChanged },
  ];
}

export function sitemapRoute(deps: WebContext): Route {
  // A past date's services never change once recorded: their newest recordedAt is kept rather than read again.
  const settled = new Map<string, string | undefined>();
  async function recordedOn(date: string, today: string): Promise<string | undefined> {
    if (settled.has(date)) return settled.get(date);
    const when = newest(...(await deps.calendar.forDate(date)).map((r) => r.recordedAt));
    if (date < today) settled.set(date, when);
    return when;
  }

  // The library's lines change only with its content: written once per content and address, where escaping and
  // dating every document on each read was most of a read (1.1 ms in process).
  const libraryLines = perContent(() => new BoundedMemo<string>(8));

  /** The pages that change with visits and services: home, the services by date, the reflections and each song's. */
  async function liveEntries(): Promise<SitemapEntry[]> {
    const { library } = deps;
    const today = deps.clock().toISOString().slice(0, 10);
    const dates = await deps.calendar.dates();
    const services = await Promise.all(dates.map(async (date) => ({ date, lastmod: await recordedOn(date, today) })));
    const latestService = newest(...services.map((s) => s.lastmod));
    const tally = await deps.reflections.tally();
    const libraryChanged = newest(...library.pieces.map((p) => p.modified));
    const songs = library.songs.map((song) => ({
      path: `/reflections/${encodeURIComponent(song.slug)}`,
      lastmod: newest(song.modified, tally[song.slug]?.mostRecent.createdAt),
    }));
    return [
      { path: "/", lastmod: newest(latestService, libraryChanged) },
      { path: "/services", lastmod: latestService },
      ...services.map((s) => ({ path: `/services/${s.date}`, lastmod: s.lastmod })),
      { path: "/reflections", lastmod: newest(...songs.map((s) => s.lastmod)) },
      ...songs,
    ];
  }

  return {
    method: "GET",
    path: "/sitemap.xml",
    summary: "Sitemap (sitemaps.org 0.9): every page, each with when it last changed (library files, reflections, recorded services)",
    produces: "application/xml",
    errors: ["unavailable"],
    handler: async (event: H3Event) => {
      const base = baseUrlOf(event);
      const library = libraryLines(deps.library).get(base, () => urlLines(base, libraryEntries(deps.library)));
      return textResponse(event, sitemapXml(`${urlLines(base, await liveEntries())}\n${library}`), {
        "content-type": "application/xml; charset=utf-8",
        "cache-control": "public, max-age=3600",
      });
    },
  };
}
