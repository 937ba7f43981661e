// GET /docs (the library by category, each document with its one-line tldr) and the HTML page of one
// document at /docs/<path>; the same /docs/**:path route serves paths ending in .md as markdown. Library markdown is rendered and then sanitized (pages/markdown.ts).
import type { H3Event } from "h3";
import type { Route } from "../../core/route.ts";
import { errorResponse } from "../../adapters/http.ts";
import type { WebContext } from "../context.ts";
import type { Piece } from "../../corpus/library.ts";
import { audioPlayer, searchForm } from "./components.ts";
import { html, kindLabel, pathOf, plural } from "./html.ts";
import { errorPage, renderPage } from "./layout.ts";
import { renderMarkdown, withoutTitleHeading } from "./markdown.ts";
import { spokenDuration } from "./words.ts";
import { secondsText } from "../../audio/spoken.ts";
import { markOf } from "../../corpus/silence.ts";
import { SECTION_TITLES } from "../../tools/library-contents.ts";
import { spokenOf } from "../../tools/read-doc.ts";
import { shareCard } from "../share-cards.ts";

/** Sections in the order a newcomer would want them (one list, shared with read_doc's tables of contents). */
const CATEGORIES = SECTION_TITLES;
/** Search results also name songs, which live on their own pages rather than in a library section. */
const OTHER_LABELS: Record<string, string> = { song: "Song" };
export const categoryLabel = (category: string) => CATEGORIES.find(([c]) => c === category)?.[1] ?? OTHER_LABELS[category] ?? kindLabel(category);

function libraryIndex(event: H3Event, deps: WebContext): Response {
  const known = CATEGORIES.map(([c]) => c);
  const extra = [...new Set(deps.library.documents.map((d) => d.category))].filter((c) => !known.includes(c)).sort();
  const sections = [...known, ...extra]
    .map((category) => ({ category, docs: deps.library.documents.filter((d) => d.category === category).sort((a, b) => a.title.localeCompare(b.title)) }))
    .filter((s) => s.docs.length);
  const main = html`<h1>The library</h1>
<p class="lead">Everything the sanctuary says and sings: ${plural(deps.library.documents.length, "document")} in ${plural(sections.length, "section")}, and ${plural(deps.library.songs.length, "song")} on <a href="/reflections">the songs page</a>. Every document is also plain markdown: add <code>.md</code> to its address.</p>
${searchForm("docs-q", "")}
<nav aria-label="Sections of the library"><ul class="toc">${sections.map((s) => html`<li><a href="#${s.category}">${categoryLabel(s.category)}</a> <span class="meta">${s.docs.length}</span></li>`)}</ul></nav>
${sections.map(
  (s) => html`<section aria-labelledby="${s.category}"><h2 id="${s.category}">${categoryLabel(s.category)}</h2>
<ul class="plain">${s.docs.map((d) => html`<li><a href="/docs/${pathOf(d.path)}">${d.title}</a><span class="meta">${d.tldr}</span></li>`)}</ul></section>`,
)}`;
  return renderPage(event, deps, {
    title: "The library",
    description:
      "The sanctuary's library by section: guides, prayers, practices, rituals, blessings, chants, hymns and philosophy, each with a one-line summary.",
    main,
    cacheControl: "public, max-age=300",
  });
}

/** Marked lines shown for what they are: a silence as a pause, a direction as a direction (never as words to say). */
export function showMarks(markdown: string): string {
  return markdown
    .split("\n")
    .map((line) => {
      const mark = markOf(line);
      if (!mark) return line;
      const held = mark.seconds ? secondsText(mark.seconds) : "";
      return mark.kind === "silence" ? `*Silence: ${held}.*` : `*Direction, not read aloud: ${mark.text}${held ? ` (${held} held)` : ""}.*`;
    })
    .join("\n");
}

function documentBody(doc: Piece) {
  return html`<div class="prose">${renderMarkdown(showMarks(withoutTitleHeading(doc.listenersText)))}</div>
${doc.agentsText ? html`<section aria-labelledby="agents-version"><h2 id="agents-version">The version written for agents</h2><div class="prose">${renderMarkdown(withoutTitleHeading(doc.agentsText))}</div></section>` : ""}`;
}

/** The HTML page of a library document, or a 404 page. `path` is decoded and has no `.md`. */
export function documentPage(event: H3Event, deps: WebContext, path: string): Response {
  const doc = deps.library.document(path);
  if (!doc) {
    return errorPage(
      event,
      deps,
      404,
      "No such document",
      `There is no document at /docs/${path}.`,
      "Nothing is lost. The library lists every document by section.",
    );
  }
  const main = html`<nav aria-label="Breadcrumb" class="meta"><a href="/docs">Library</a> › <a href="/docs#${doc.category}">${categoryLabel(doc.category)}</a></nav>
<h1>${doc.title}</h1>
<p class="lead">${doc.tldr}</p>
<p class="meta"><span class="kind">${kindLabel(doc.kind)}</span> · about ${spokenDuration(deps.media.secondsOf(doc))} to read aloud${doc.themes.length ? ` · ${doc.themes.join(", ")}` : ""}</p>
${audioPlayer(deps.media.recordingUrl(doc, ""), doc.title, deps.media.secondsOf(doc))}
${documentBody(doc)}
<p class="meta">Also as <a href="/docs/${pathOf(doc.path)}.md">markdown</a>, as <a href="/docs/${pathOf(doc.path)}.md?spoken">the words the recording speaks</a> and as <a href="/api/docs/${pathOf(doc.path)}">JSON</a>.</p>`;
  return renderPage(event, deps, {
    title: doc.title,
    description: doc.tldr,
    main,
    cacheControl: "public, max-age=300",
    card: shareCard.docs(doc.path, kindLabel(doc.kind), doc.title),
    alternates: [{ type: "text/markdown", title: "This document as markdown", href: `/docs/${pathOf(doc.path)}.md` }],
  });
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * A library document's markdown, as written (no HTML around it); with `?spoken`, any piece's (songs too)
 * as its recording speaks it: the words in order, directions left out, held times shown.
 */
function documentMarkdown(event: H3Event, deps: WebContext, raw: string, path: string | null): Response {
  const piecePath = path?.endsWith(".md") ? path.slice(0, -3) : undefined;
  if (piecePath && event.url.searchParams.has("spoken")) {
    const piece = deps.library.piece(piecePath);
    if (piece) return new Response(spokenOf(piece), { headers: { "content-type": "text/markdown; charset=utf-8", "cache-control": "public, max-age=300" } });
  }
  const doc = piecePath ? deps.library.document(piecePath) : undefined;
  if (!doc) {
    return errorResponse(event, "not_found", `There is no document at /docs/${raw}.`, {
      suggestion: "Nothing is lost. Documents are served as markdown at /docs/<path>.md; GET /api/docs/welcome is a good first read.",
    });
  }
  return new Response(doc.source, { headers: { "content-type": "text/markdown; charset=utf-8", "cache-control": "public, max-age=300" } });
}

export function docsRoutes(deps: WebContext): Route[] {
  return [
    {
      method: "GET",
      path: "/docs",
      summary: "Page: the library by section, each document with its summary",
      produces: "text/html",
      handler: (event) => libraryIndex(event, deps),
    },
    {
      method: "GET",
      path: "/docs/**:path",
      summary: "A library document: its HTML page at /docs/<path>, its markdown at /docs/<path>.md",
      produces: "text/markdown",
      errors: ["not_found"],
      handler: (event) => {
        const raw = String(event.context.params?.path ?? "");
        const path = safeDecode(raw);
        return path !== null && !path.endsWith(".md") ? documentPage(event, deps, path) : documentMarkdown(event, deps, raw, path);
      },
    },
  ];
}
