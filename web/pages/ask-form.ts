// The ask form and what follows it, without JavaScript: POST /ask runs the ask operation and redirects to
// /ask?conversation=<slug>, where the page shows the question, its answer and the recent list with it.
// Follow-ups need the conversation's owner token, which the API shows once: the page keeps it for the
// browser that asked in an HttpOnly cookie scoped to /ask (never in the page, the URL or a log).
import type { H3Event } from "h3";
import { z } from "zod";
import type { WebContext } from "../context.ts";
import type { Message } from "../../services/conversations.ts";
import { formNotice, marked, when } from "./components.ts";
import { categoryLabel } from "./docs-index.ts";
import type { FormState } from "./forms.ts";
import { html, localPath, pathOf, plural, type Html } from "./html.ts";
import { renderMarkdown } from "./markdown.ts";

const COOKIE = "sanctuary_ask";
const THIRTY_DAYS = 30 * 24 * 3600;

/** What the cookie holds: checked where it is read, since the browser sends back whatever it was given. */
const Ownership = z.object({ slug: z.string(), session: z.string(), token: z.string() });
export type Ownership = z.infer<typeof Ownership>;

/** The conversation this browser began last, if its cookie is well formed. */
export function ownershipOf(event: H3Event): Ownership | null {
  const raw = (event.req.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return null;
  try {
    const value = Ownership.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return value.success ? value.data : null;
  } catch {
    return null;
  }
}

/** The Set-Cookie that lets this browser ask follow-ups in the conversation it just began. */
export function ownershipCookie(event: H3Event, deps: WebContext, owner: Ownership): string {
  const secure = (deps.config.baseUrl ?? event.url.origin).startsWith("https:") ? "; Secure" : "";
  const value = Buffer.from(JSON.stringify(owner), "utf8").toString("base64url");
  return `${COOKIE}=${value}; Path=/ask; Max-Age=${THIRTY_DAYS}; HttpOnly; SameSite=Lax${secure}`;
}

/** The Set-Cookie that lets go of a conversation this browser can no longer continue. */
export const forgetOwnership = () => `${COOKIE}=; Path=/ask; Max-Age=0; HttpOnly; SameSite=Lax`;

/** A conversation this browser may continue: its address, and the name it began with (null: begun without one). */
export interface FollowUp {
  slug: string;
  name: string | null;
}

/** The form: a new question, or (when `followUp` names this browser's conversation) the next one in it. */
export function askForm(ready: boolean, state: FormState | undefined, followUp: FollowUp | null): Html {
  const values = state?.values ?? {};
  const said = state?.said;
  const invalid = (box: string, hint?: string) => marked(said, box, "ask-result", hint);
  const noticeAt = formNotice("ask-result", state, ["question", "name"]);
  return html`<section class="card" id="ask" aria-labelledby="ask-heading">
<h2 id="ask-heading">${followUp ? "Ask a follow-up" : "Ask a question"}</h2>
${ready ? "" : html`<p class="meta">The library's index is still being built; for a minute or so a question may be turned away gently. Please try again shortly.</p>`}
<form id="ask-form" class="stack" method="post" action="/ask">
${noticeAt(null)}
${followUp ? html`<input type="hidden" name="conversation" value="${followUp.slug}">` : ""}
${noticeAt("question")}<p><label for="ask-question">${followUp ? "Your follow-up question" : "What would you like to know?"}</label>
<span class="hint" id="ask-question-hint">Up to 500 characters. The question and its answer become a public conversation.</span>
<textarea id="ask-question" name="question" rows="3" required${invalid("question", "ask-question-hint")}>${values.question ?? ""}</textarea></p>
${followUp?.name ? askedAs(followUp.name) : nameBox(values.name, invalid("name"), noticeAt("name"))}
<p><button type="submit">Ask</button>${followUp ? html` <a class="button secondary" href="/ask#ask">Start a new conversation</a>` : ""}</p>
</form>
</section>`;
}

// A conversation keeps the name it began with (tools/ask.ts): its follow-ups are asked under it, with no box to type
// another into (a visitor who did was refused with a line that said only that the form could not be read).
const askedAs = (name: string) => html`<p class="meta" id="ask-asked-as">Asked as <bdi lang="">${name}</bdi>, the name this conversation began with.</p>`;

const nameBox = (value: string | undefined, invalid: Html, notice: Html) =>
  html`${notice}<p><label for="ask-name">Your name <span class="hint">(optional, shown with the conversation)</span></label>
<input id="ask-name" name="name" autocomplete="nickname" value="${value ?? ""}"${invalid}></p>`;

function sourcesOf(message: Message): Array<{ title: string; url: string | null; category: string }> {
  return (message.sources ?? []).map((s) => ({ title: String(s.title ?? ""), url: localPath(String(s.url ?? "")), category: String(s.category ?? "") }));
}

/** The question just asked (the conversation's last exchange), its answer and sources, above the form. */
export function lastExchange(conversation: { slug: string; messages: Message[] }): Html {
  const messages = conversation.messages;
  const answer = [...messages].reverse().find((m) => m.role === "assistant");
  const question = [...messages].reverse().find((m) => m.role === "user");
  if (!answer || !question) return html``;
  const asked = messages.filter((m) => m.role === "user").length;
  const sources = sourcesOf(answer);
  return html`<section class="card" id="answer" aria-labelledby="answer-heading">
<h2 id="answer-heading">The question</h2>
<p class="message user" id="asked-question">${question.content}</p>
<p class="meta">Asked ${when(question.timestamp)}</p>
<h3>The answer</h3>
<div class="prose message" id="ask-answer-text">${renderMarkdown(answer.content)}</div>
${sources.length ? html`<h3>Sources</h3><ul id="ask-sources">${sources.map((s) => html`<li>${s.url ? html`<a href="${s.url}">${s.title}</a>` : s.title}${s.category ? html` <span class="kind">${categoryLabel(s.category)}</span>` : ""}</li>`)}</ul>` : ""}
<p id="ask-link"><a href="/ask/${pathOf(conversation.slug)}">Read the whole conversation on its page</a> <span class="meta">(${plural(asked, "question")})</span></p>
</section>`;
}
