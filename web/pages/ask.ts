// GET /ask (a form to ask the library, answered in the page by ask.js, and the recent conversations)
// and GET /ask/:slug (one public conversation). Questions are visitors' words: always escaped text.
// Answers are markdown (quoted passages or a model's words): rendered, then sanitized.
import type { H3Event } from "h3";
import type { z } from "zod";
import type { Route } from "../../core/route.ts";
import type { WebContext } from "../context.ts";
import { baseUrlOf, clientIp } from "../../adapters/http.ts";
import { invoke } from "../../adapters/invoke.ts";
import { askRecent } from "../../tools/ask-recent.ts";
import type { Operation } from "../../tools/operation.ts";
import { formatInstant } from "../../tools/shapes.ts";
import { html, localPath, pathOf, plural, routeParam, type Html } from "./html.ts";
import { errorPage, renderPage } from "./layout.ts";
import { renderMarkdown } from "./markdown.ts";

type Recent = z.infer<typeof askRecent.output>["conversations"];
const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

function askForm(ready: boolean): Html {
  return html`<section class="card" aria-labelledby="ask-heading">
<h2 id="ask-heading">Your question</h2>
${ready ? "" : html`<p class="meta">The library's index is still being built; for a minute or so a question may be turned away gently. Please try again shortly.</p>`}
<form id="ask-form" class="stack" novalidate>
<fieldset disabled>
<legend class="visually-hidden">Ask the library</legend>
<p><label for="ask-question">Your question</label>
<span class="hint" id="ask-question-hint">Up to 500 characters. The question and its answer become a public conversation.</span>
<textarea id="ask-question" name="question" rows="3" maxlength="500" required aria-describedby="ask-question-hint"></textarea></p>
<p><label for="ask-name">Your name <span class="hint">(optional, shown with the conversation)</span></label>
<input id="ask-name" name="name" maxlength="100" autocomplete="nickname"></p>
<p><button type="submit">Ask</button> <button type="button" class="secondary" id="ask-new" hidden>Start a new conversation</button></p>
</fieldset>
<div id="ask-result" class="result" role="status" aria-live="polite"></div>
</form>
<div id="ask-answer" hidden>
<h3>The answer</h3>
<div id="ask-answer-text" class="prose"></div>
<h3>Sources</h3>
<ul id="ask-sources"></ul>
<p id="ask-link"></p>
</div>
<noscript><p>This form needs JavaScript. Agents and scripts can POST <code>{"question": "…"}</code> to <code>/api/ask</code>.</p></noscript>
</section>`;
}

function recentList(conversations: Recent): Html {
  if (!conversations.length) return html`<p class="empty">No conversations yet. Yours could be the first.</p>`;
  return html`<ul class="plain" id="recent-conversations">${conversations.map(
    (c) => html`<li><a href="/ask/${pathOf(c.slug)}">${shorten(c.question, 160)}</a><span class="meta">${c.name} · ${plural(c.exchanges, "question")} · <time datetime="${c.timestamp}">${formatInstant(c.timestamp, "UTC")}</time></span><span class="meta">${c.answer.replace(/(^|\s)>\s?/g, "$1")}</span></li>`,
  )}</ul>`;
}

async function askPage(event: H3Event, deps: WebContext): Promise<Response> {
  const outcome = await invoke(askRecent as unknown as Operation, {}, deps, { via: "rest", ip: clientIp(event, deps.config.trustProxy), baseUrl: baseUrlOf(event, deps.config.baseUrl) });
  const conversations = outcome.ok ? (outcome.body.conversations as Recent) : [];
  const main = html`<h1>Ask the library</h1>
<p class="lead">Put a question to the sanctuary's library of songs, prayers, practices and essays. The answer is drawn from its own writing, with the pages it came from.</p>
${askForm(Boolean(deps.search.index?.ready))}
<section aria-labelledby="recent-heading">
<h2 id="recent-heading">Recent conversations</h2>
${recentList(conversations)}
</section>`;
  return renderPage(event, deps, {
    title: "Ask the library",
    description: "Ask the sanctuary's library a question and read recent public conversations with it.",
    main,
    scripts: ["ask.js"],
  });
}

async function conversationPage(event: H3Event, deps: WebContext, slug: string): Promise<Response> {
  // Slugs are made of lowercase words and hyphens; anything else cannot name a conversation.
  const conversation = /^[a-z0-9-]{1,120}$/.test(slug) ? await deps.conversations.get(slug) : null;
  if (!conversation) {
    return errorPage(event, deps, 404, "No such conversation", `No conversation has the slug "${slug}".`, "Nothing is lost. The recent conversations are on the ask page.");
  }
  const exchanges: Html[] = [];
  let n = 0;
  for (const message of conversation.messages) {
    if (message.role === "user") {
      n++;
      exchanges.push(html`<h2>Question ${n}</h2><p class="message user">${message.content}</p><p class="meta"><time datetime="${message.timestamp}">${formatInstant(message.timestamp, "UTC")}</time></p>`);
      continue;
    }
    const sources = (message.sources ?? []).map((s) => ({ title: String(s.title ?? ""), url: localPath(String(s.url ?? "")) }));
    exchanges.push(html`<h3>Answer</h3><div class="prose message">${renderMarkdown(message.content)}</div>
${sources.length ? html`<h3>Sources</h3><ul>${sources.map((s) => html`<li>${s.url ? html`<a href="${s.url}">${s.title}</a>` : s.title}</li>`)}</ul>` : ""}`);
  }
  const first = conversation.messages[0].content;
  const main = html`<h1>${first}</h1>
<p class="meta">A conversation with the library, begun by ${conversation.name} on <time datetime="${conversation.createdAt}">${formatInstant(conversation.createdAt, "UTC")}</time> · ${plural(n, "question")}</p>
${exchanges}
<p><a href="/ask">Ask a question of your own</a></p>`;
  return renderPage(event, deps, {
    title: shorten(first, 70),
    description: `A public conversation with the sanctuary's library: ${shorten(first, 140)}`,
    main,
    alternates: [{ type: "application/json", title: "This conversation as JSON", href: `/api/ask/conversation/${pathOf(conversation.slug)}` }],
  });
}

export function askRoutes(deps: WebContext): Route[] {
  return [
    { method: "GET", path: "/ask", summary: "Page: ask the library a question, and the recent conversations", produces: "text/html", handler: (event) => askPage(event, deps) },
    {
      method: "GET",
      path: "/ask/:slug",
      summary: "Page: one public conversation with the library",
      produces: "text/html",
      errors: ["not_found"],
      handler: (event) => conversationPage(event, deps, routeParam(event.context.params, "slug")),
    },
  ];
}
