// GET /search?q= — the library searched for people: the same `search` operation the API and MCP run
// (through adapters/invoke.ts, so the results are the API's, in its order), shown as links to the pages
// with the searched words marked in each excerpt. A plain GET form: it works without JavaScript.
import { expand } from "../../core/body.ts";
import type { H3Event } from "h3";
import type { z } from "zod";
import type { Route } from "../../core/route.ts";
import { LOST_CHARACTER, lostCharacterMessage, lostInQuery, queryObject } from "../../adapters/query.ts";
import { callFromPage } from "./call.ts";
import { search } from "../../tools/search.ts";
import type { WebContext } from "../context.ts";
import { notice, searchForm } from "./components.ts";
import { refusalHeaders } from "./forms.ts";
import { categoryLabel } from "./docs-index.ts";
import { highlight } from "./highlight.ts";
import { html, localPath, plural, type Html } from "./html.ts";
import { renderPage } from "./layout.ts";
import { sayError, type Said } from "./wording.ts";

type Found = z.input<typeof search.output>;

function resultItem(result: Found["results"][number], query: string): Html {
  const page = localPath(result.url) ?? "/docs";
  return html`<li class="search-result">
<h2><a href="${page}">${result.title}</a></h2>
<p class="meta"><span class="kind">${categoryLabel(result.category)}</span>${result.section ? html` · ${result.section}` : ""}</p>
<p class="excerpt">${highlight(result.excerpt, query)}</p>
</li>`;
}

function foundSection(body: Found, query: string): Html {
  if (!body.results.length) {
    return html`<p class="empty" id="search-empty">${body.suggestion ?? "Nothing in the library is close to that yet."}</p>
<p><a href="/ask?question=${encodeURIComponent(query)}#ask">Ask it as a question instead</a> or <a href="/docs">browse the library by section</a>.</p>`;
  }
  // Just after a start the meaning vectors are still being prepared: say the results come from words alone.
  const method =
    body.method === "words"
      ? html`<p class="meta" id="search-method">Matched by words only: the sanctuary has just opened and is still preparing the search by meaning. The same search will be fuller in a minute.</p>`
      : html``;
  return html`${method}<p class="meta" id="search-count">${plural(body.results.length, "page")}, nearest first.</p>
<ol class="plain search-results" id="search-results">${body.results.map((r) => resultItem(r, query))}</ol>
<p><a href="/ask?question=${encodeURIComponent(query)}#ask">Ask the library this as a question</a></p>`;
}

async function searchPage(event: H3Event, deps: WebContext): Promise<Response> {
  const query = queryObject(event.url);
  const raw = query.q;
  // Bytes that were not UTF-8 are refused, as the API refuses them (docs/behaviour.md §8), not searched for as U+FFFD;
  // the box keeps what did arrive.
  const lost = lostInQuery(query) === "q";
  const first = (Array.isArray(raw) ? raw[0] : raw) ?? "";
  const shown = lost ? first.replaceAll(LOST_CHARACTER, "") : first;
  let found: Html = html``;
  let said: Said | undefined;
  let status = 200;
  let headers: Record<string, string> = {};
  if (lost) {
    status = 400;
    said = sayError("search", { status, body: { error: lostCharacterMessage("q"), field: "q" } }, { q: shown });
    found = notice("search-result", said, false);
  } else if (raw !== undefined && shown.trim() !== "") {
    const outcome = await callFromPage(event, deps, search, { q: raw });
    if (outcome.ok) found = foundSection(expand(outcome.body), shown);
    else {
      status = outcome.status;
      headers = refusalHeaders(outcome);
      const retryAfter = Number(outcome.headers["retry-after"] ?? NaN);
      said = sayError("search", { status, body: outcome.error, retryAfter }, { q: shown });
      // A refusal of the words marks the box, which takes the focus; any other (a limit spent) takes it itself.
      found = notice("search-result", said, said.field !== "q");
    }
  }
  const main = html`<h1>${shown.trim() ? html`Search: ${shown}` : "Search the library"}</h1>
${searchForm("search-q", shown, said)}
${found}`;
  return renderPage(event, deps, {
    title: shown.trim() ? `Search: ${shown.slice(0, 60)}` : "Search the library",
    description: "Search the sanctuary's library of songs, prayers, practices, rituals and essays by meaning and by their words.",
    main,
    status,
    headers,
    query: shown,
    // A search spends the visitor's allowance and its words are theirs: no shared cache keeps it.
    cacheControl: "private, no-store",
  });
}

export function searchRoutes(deps: WebContext): Route[] {
  return [
    {
      method: "GET",
      path: "/search",
      summary: "Page: the library searched (q, 2 to 300 characters), the same results as GET /api/search with the searched words marked",
      produces: "text/html",
      errors: ["invalid", "rate_limited", "unavailable"],
      handler: (event) => searchPage(event, deps),
    },
  ];
}
