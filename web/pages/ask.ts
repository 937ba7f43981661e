// GET /ask (a form to ask the library, the question just asked with its answer, and the recent
// conversations), POST /ask (that form, without JavaScript: see ask-form.ts) and GET /ask/:slug (one
// public conversation). Questions are visitors' words: always escaped text.
// Answers are markdown (quoted passages or a model's words): rendered, then sanitized.
import { expand } from "../../core/body.ts";
import type { H3Event } from "h3";
import { z } from "zod";
import type { Route } from "../../core/route.ts";
import type { WebContext } from "../context.ts";
import { callFromPage } from "./call.ts";
import { ask, NAMELESS } from "../../tools/ask.ts";
import { askRecent } from "../../tools/ask-recent.ts";
import { askForm, forgetOwnership, lastExchange, ownershipCookie, ownershipOf } from "./ask-form.ts";
import { when } from "./components.ts";
import { formBody, formErrors, inputOf, refusalHeaders, seeOther, submitForm, type FormState } from "./forms.ts";
import { html, localPath, pathOf, plural, routeParam, type Html } from "./html.ts";
import { errorPage, renderPage } from "./layout.ts";
import { renderMarkdown } from "./markdown.ts";
import { shareCard } from "../share-cards.ts";
import { plainText } from "../../search/chunks.ts";

/** An answer's preview as words (the API gives it as markdown): no emphasis marks or quote marks shown. */
const previewText = (answer: string) => plainText(answer).replace(/(^|\s)>\s?/g, "$1");

type Recent = z.input<typeof askRecent.output>["conversations"];
const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

function recentList(conversations: Recent): Html {
  if (!conversations.length) return html`<p class="empty">No conversations yet. Yours could be the first.</p>`;
  return html`<ul class="plain" id="recent-conversations">${conversations.map(
    (c) =>
      html`<li><a href="/ask/${pathOf(c.slug)}" dir="auto" lang="">${shorten(c.question, 160)}</a><span class="meta"><bdi lang="">${c.name}</bdi> · ${plural(c.exchanges, "question")} · ${when(c.timestamp)}</span><span class="meta">${previewText(c.answer)}</span></li>`,
  )}</ul>`;
}

async function askPage(event: H3Event, deps: WebContext, state?: FormState, status = 200, headers: Record<string, string> = {}): Promise<Response> {
  const outcome = await callFromPage(event, deps, askRecent, {});
  const conversations = outcome.ok ? expand(outcome.body).conversations : [];
  // After a question: ?conversation=<slug> shows it with its answer. Follow-ups only where this browser began it.
  const shown = await deps.conversations.get(state?.values.conversation ?? event.url.searchParams.get("conversation") ?? "");
  const owner = ownershipOf(event);
  const followUp = shown && owner?.slug === shown.slug ? { slug: shown.slug, name: shown.name === NAMELESS ? null : shown.name } : null;
  // The search page links here with its query, so a search that found nothing can become a question.
  const prefill = state ?? { values: { question: (event.url.searchParams.get("question") ?? "").slice(0, 500) } };
  const main = html`<h1>Ask the library</h1>
<p class="lead">Put a question to the sanctuary's library of songs, prayers, practices and essays. The answer is drawn from its own writing, with the pages it came from.</p>
<p class="meta" id="where-help-is">The sanctuary cannot reach out to you. If you are in danger or thinking of harming yourself, please contact local emergency services or a crisis line where you live.</p>
${shown ? lastExchange(shown) : ""}
${askForm(deps.search.answering, prefill, followUp)}
<section aria-labelledby="recent-heading">
<h2 id="recent-heading">Recent conversations</h2>
${recentList(conversations)}
</section>`;
  return renderPage(event, deps, {
    // After a question the page shows its answer: the title says which, as a tab or a screen reader names the page.
    title: shown ? `${shorten(shown.messages[0].content, 60)} · Ask the library` : "Ask the library",
    description: "Ask the sanctuary's library a question and read recent public conversations with it.",
    main,
    status,
    headers,
    scripts: ["ask.js"],
  });
}

const ASK_BOXES = ["question", "name"] as const;
/** The hidden box a follow-up carries, read by the page (with this browser's cookie for the conversation). */
const CONVERSATION_BOX = {
  conversation: z
    .string()
    .optional()
    .describe("The conversation to continue (its slug): continued only with this browser's cookie for it, else asked as a new one"),
};

/** POST /ask: the form's question through the ask operation, continuing this browser's conversation if named. */
async function askSubmitted(event: H3Event, deps: WebContext): Promise<Response> {
  const owner = ownershipOf(event);
  let continued: string | null = null;
  const sent = await submitForm(event, deps, "ask", ask, (values) => {
    const input = inputOf(values, ASK_BOXES, ["name"]);
    // Without this browser's cookie for it, a follow-up is asked as a new conversation: nothing is lost.
    if (owner && values.conversation === owner.slug) {
      continued = owner.slug;
      Object.assign(input, { session_id: owner.session, owner_token: owner.token });
    }
    return input;
  });
  if (!sent.outcome.ok) {
    // A cookie the conversation no longer recognizes is let go, so the form offers a new conversation.
    const stale = continued !== null && (sent.status === 403 || sent.status === 404);
    if (!continued || stale) delete sent.state.values.conversation;
    return askPage(event, deps, sent.state, sent.status, { ...refusalHeaders(sent.outcome), ...(stale ? { "set-cookie": forgetOwnership() } : {}) });
  }
  const body = expand(sent.outcome.body);
  const cookie = ownershipCookie(event, deps, { slug: body.slug, session: body.session_id, token: body.owner_token });
  return seeOther(`/ask?conversation=${encodeURIComponent(body.slug)}#answer`, { "set-cookie": cookie });
}

async function conversationPage(event: H3Event, deps: WebContext, slug: string): Promise<Response> {
  // Slugs are made of lowercase words and hyphens; anything else cannot name a conversation.
  const conversation = /^[a-z0-9-]{1,120}$/.test(slug) ? await deps.conversations.get(slug) : null;
  if (!conversation) {
    return errorPage(
      event,
      deps,
      404,
      "No such conversation",
      `No conversation is kept at this address (${slug}).`,
      "Nothing is lost. The recent conversations are on the ask page.",
    );
  }
  const exchanges: Html[] = [];
  let n = 0;
  for (const message of conversation.messages) {
    if (message.role === "user") {
      n++;
      exchanges.push(
        html`<h2>Question ${n}</h2><p class="message user" dir="auto" lang="">${message.content}</p><p class="meta">${when(message.timestamp)}</p>`,
      );
      continue;
    }
    const sources = (message.sources ?? []).map((s) => ({ title: String(s.title ?? ""), url: localPath(String(s.url ?? "")) }));
    exchanges.push(html`<h3>Answer</h3><div class="prose message">${renderMarkdown(message.content)}</div>
${sources.length ? html`<h3>Sources</h3><ul>${sources.map((s) => html`<li>${s.url ? html`<a href="${s.url}">${s.title}</a>` : s.title}</li>`)}</ul>` : ""}`);
  }
  const first = conversation.messages[0].content;
  const main = html`<h1>${first}</h1>
<p class="meta">A conversation with the library, begun by <bdi lang="">${conversation.name}</bdi> on ${when(conversation.createdAt)} · ${plural(n, "question")}</p>
${exchanges}
<p>${ownershipOf(event)?.slug === conversation.slug ? html`<a href="/ask?conversation=${pathOf(conversation.slug)}#ask">Ask a follow-up</a> · ` : ""}<a href="/ask">Ask a question of your own</a></p>`;
  return renderPage(event, deps, {
    title: shorten(first, 70),
    description: `A public conversation with the sanctuary's library: ${shorten(first, 140)}`,
    main,
    card: shareCard.conversation(conversation.slug, first),
    alternates: [{ type: "application/json", title: "This conversation as JSON", href: `/api/ask/conversation/${pathOf(conversation.slug)}` }],
  });
}

export function askRoutes(deps: WebContext): Route[] {
  return [
    {
      method: "GET",
      path: "/ask",
      summary: "Page: ask the library a question, and the recent conversations",
      produces: "text/html",
      handler: (event) => askPage(event, deps),
    },
    {
      method: "POST",
      path: "/ask",
      summary: "The ask form without JavaScript (form-encoded): asks, then 303 to /ask?conversation=<slug>; a refusal shows the form again",
      produces: "text/html",
      status: 303,
      errors: formErrors(ask),
      takes: formBody(ask, ASK_BOXES, CONVERSATION_BOX),
      handler: (event) => askSubmitted(event, deps),
    },
    {
      method: "GET",
      path: "/ask/:slug",
      wordsInPath: true,
      summary: "Page: one public conversation with the library",
      produces: "text/html",
      errors: ["not_found", "unavailable"],
      handler: (event) => conversationPage(event, deps, routeParam(event.context.params, "slug")),
    },
  ];
}
