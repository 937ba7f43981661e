// The library's index (GET /docs): its sections with their counts and a first few titles, and each section
// on its own page at /docs/<section> (/docs/guides for the top-level guides), one list of its documents with
// their summaries. Every document keeps its own address, /docs/<path>; a section's address is never one
// (no document is named after a section).
import type { H3Event } from "h3";
import type { WebContext } from "../context.ts";
import { SECTION_TITLES, documentsIn, sectionsOf } from "../../tools/library-contents.ts";
import { searchForm } from "./components.ts";
import { html, kindLabel, pathOf, plural } from "./html.ts";
import { renderPage } from "./layout.ts";

/** Search results also name songs, which live on their own pages rather than in a library section. */
const OTHER_LABELS: Record<string, string> = { song: "Song" };
export const categoryLabel = (category: string) => SECTION_TITLES.find(([c]) => c === category)?.[1] ?? OTHER_LABELS[category] ?? kindLabel(category);

/** A section's address: its category, except the top-level guides (category "docs"), at /docs/guides. */
export const sectionSlug = (category: string) => (category === "docs" ? "guides" : category);
export const sectionHref = (category: string) => `/docs/${encodeURIComponent(sectionSlug(category))}`;

/** The category a section address names, or null. */
export function sectionOf(deps: WebContext, slug: string): string | null {
  return sectionsOf(deps.library).find((c) => sectionSlug(c) === slug) ?? null;
}

/** How many titles the index shows under each section before "all N". */
const FIRST_TITLES = 4;

export function libraryIndex(event: H3Event, deps: WebContext): Response {
  const sections = sectionsOf(deps.library).map((category) => ({ category, docs: documentsIn(deps.library, category) }));
  const main = html`<h1>The library</h1>
<p class="lead">Everything the sanctuary says and sings: ${plural(deps.library.documents.length, "document")} in ${plural(sections.length, "section")}, and ${plural(deps.library.songs.length, "song")} on <a href="/reflections">the songs page</a>. New here? Begin with <a href="/docs/welcome">Welcome to Sanctuary</a>. Written something for it? <a href="/contribute">Offer a piece</a>.</p>
${searchForm("docs-q", "")}
<ul class="sections">${sections.map(
    (s) => html`<li><section class="section-card" aria-labelledby="${s.category}">
<h2 id="${s.category}"><a href="${sectionHref(s.category)}">${categoryLabel(s.category)}</a></h2>
<p class="meta">${plural(s.docs.length, "document")}</p>
<ul class="first-titles">${s.docs.slice(0, FIRST_TITLES).map((d) => html`<li><a href="/docs/${pathOf(d.path)}">${d.title}</a></li>`)}</ul>
${s.docs.length > FIRST_TITLES ? html`<p class="more"><a href="${sectionHref(s.category)}">All ${s.docs.length} in ${categoryLabel(s.category)}</a></p>` : ""}
</section></li>`,
  )}</ul>
<p class="meta">Every document is also plain markdown: add <code>.md</code> to its address.</p>`;
  return renderPage(event, deps, {
    title: "The library",
    description:
      "The sanctuary's library by section: guides, prayers, practices, rituals, blessings, chants, hymns and philosophy, each section on its own page.",
    main,
    cacheControl: "public, max-age=300",
    alternates: [{ type: "text/markdown", title: "The library as markdown", href: "/docs.md" }],
  });
}

/** One section's page: every document in it with its one-line summary. */
export function sectionPage(event: H3Event, deps: WebContext, category: string): Response {
  const docs = documentsIn(deps.library, category);
  const label = categoryLabel(category);
  const main = html`<nav aria-label="Breadcrumb" class="meta"><a href="/docs">Library</a> › ${label}</nav>
<h1>${label}</h1>
<p class="lead">${plural(docs.length, "document")} in this section of the library, each with a line about it.</p>
<ul class="plain">${docs.map((d) => html`<li><a href="/docs/${pathOf(d.path)}">${d.title}</a><span class="meta">${d.tldr}</span></li>`)}</ul>
<p class="meta">Also as <a href="${sectionHref(category)}.md">markdown</a>.</p>
<nav class="pager" aria-label="Other sections"><span><a href="/docs">← Every section</a></span></nav>`;
  return renderPage(event, deps, {
    title: `${label} · The library`,
    description: `The sanctuary's ${label.toLowerCase()}: ${plural(docs.length, "document")}, each with a one-line summary.`,
    main,
    cacheControl: "public, max-age=300",
    alternates: [{ type: "text/markdown", title: `${label} as markdown`, href: `${sectionHref(category)}.md` }],
  });
}
