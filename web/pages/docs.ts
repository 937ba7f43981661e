// GET /docs (the library's sections: docs-index.ts), a section's page at /docs/<section>, and the HTML page
// of one document at /docs/<path>; the same /docs/**:path route serves paths ending in .md as markdown. Library markdown is rendered and then sanitized (pages/markdown.ts).
import type { H3Event } from "h3";
import type { Route } from "../../core/route.ts";
import { percentDecoded } from "../../core/text.ts";
import { errorResponse } from "../../adapters/http.ts";
import type { WebContext } from "../context.ts";
import type { Piece } from "../../corpus/library.ts";
import { piecePlayer } from "./components.ts";
import { categoryLabel, libraryIndex, sectionHref, sectionOf, sectionPage } from "./docs-index.ts";
import { html, kindLabel, pathOf } from "./html.ts";
import { errorPage, renderPage } from "./layout.ts";
import { renderMarkdown, withoutTitleHeading } from "./markdown.ts";
import { spokenDuration } from "./words.ts";
import { secondsText } from "../../audio/spoken.ts";
import { markOf } from "../../corpus/silence.ts";
import { spokenOf } from "../../tools/read-doc.ts";
import { shareCard } from "../share-cards.ts";
import { libraryMarkdown, sectionMarkdown } from "./docs-markdown.ts";
import { textResponse } from "../text-response.ts";

const MARKDOWN = { "content-type": "text/markdown; charset=utf-8", "cache-control": "public, max-age=300" };

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
  const section = doc ? null : sectionOf(deps, path);
  if (section) return sectionPage(event, deps, section);
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
  const recording = deps.media.recordingUrl(doc, "");
  const main = html`<nav aria-label="Breadcrumb" class="meta"><a href="/docs">Library</a> › <a href="${sectionHref(doc.category)}">${categoryLabel(doc.category)}</a></nav>
<h1>${doc.title}</h1>
<p class="lead">${doc.tldr}</p>
<p class="meta"><span class="kind">${kindLabel(doc.kind)}</span>${recording ? "" : ` · about ${spokenDuration(deps.media.secondsOf(doc))} to read aloud`}${doc.themes.length ? ` · ${doc.themes.join(", ")}` : ""}</p>
${piecePlayer(recording, doc.title, deps.media.secondsOf(doc), `/docs/${pathOf(doc.path)}`)}
${documentBody(doc)}
<p class="meta">Also as <a href="/docs/${pathOf(doc.path)}.md">markdown</a>, as <a href="/docs/${pathOf(doc.path)}.md?spoken">the words the recording speaks</a> and as <a href="/api/docs/${pathOf(doc.path)}">JSON</a>.</p>`;
  return renderPage(event, deps, {
    title: doc.title,
    description: doc.tldr,
    main,
    cacheControl: "public, max-age=300",
    scripts: ["service-list.js"],
    card: shareCard.docs(doc.path, kindLabel(doc.kind), doc.title),
    alternates: [{ type: "text/markdown", title: "This document as markdown", href: `/docs/${pathOf(doc.path)}.md` }],
  });
}

/**
 * A library document's markdown, as written (no HTML around it); with `?spoken`, any piece's (songs too)
 * as its recording speaks it: the words in order, directions left out, held times shown.
 */
function documentMarkdown(event: H3Event, deps: WebContext, raw: string, path: string | null): Response {
  const piecePath = path?.endsWith(".md") ? path.slice(0, -3) : undefined;
  if (piecePath && event.url.searchParams.has("spoken")) {
    const piece = deps.library.piece(piecePath);
    if (piece) return textResponse(event, spokenOf(piece), MARKDOWN);
  }
  const doc = piecePath ? deps.library.document(piecePath) : undefined;
  // A section's table (/docs/prayers.md, /docs/guides.md), as its page is /docs/prayers.
  const section = !doc && piecePath ? sectionOf(deps, piecePath) : null;
  if (section) return textResponse(event, sectionMarkdown(deps.library, section), MARKDOWN);
  if (!doc) {
    // A browser (a link followed, an address typed) gets the site's page; a client fetching markdown, JSON.
    if (event.req.headers.get("accept")?.includes("text/html")) return documentPage(event, deps, piecePath ?? raw);
    return errorResponse(event, "not_found", `There is no document at /docs/${raw}.`, {
      suggestion: "Nothing is lost. Documents are served as markdown at /docs/<path>.md; GET /api/docs/welcome is a good first read.",
    });
  }
  return textResponse(event, doc.source, MARKDOWN);
}

export function docsRoutes(deps: WebContext): Route[] {
  return [
    {
      method: "GET",
      path: "/docs",
      summary: "Page: the library's sections with their counts; each section's page is /docs/<section>",
      produces: "text/html",
      handler: (event) => libraryIndex(event, deps),
    },
    {
      method: "GET",
      path: "/docs.md",
      summary: "The library's sections as markdown, each linked to its own table at /docs/<section>.md",
      produces: "text/markdown",
      handler: (event) => textResponse(event, libraryMarkdown(deps.library), MARKDOWN),
    },
    {
      method: "GET",
      path: "/docs/**:path",
      summary: "A library document: its HTML page at /docs/<path>, its markdown at /docs/<path>.md; a section's page at /docs/<section>",
      produces: ["text/html", "text/markdown"],
      errors: ["not_found"],
      handler: (event) => {
        const raw = String(event.context.params?.path ?? "");
        const path = percentDecoded(raw);
        return path !== null && !path.endsWith(".md") ? documentPage(event, deps, path) : documentMarkdown(event, deps, raw, path);
      },
    },
  ];
}
