// GET /contribute (a form for people to offer a piece to the library) and POST /contribute (that form, without
// JavaScript): the same `contribute` operation the API and MCP run, so the same rules and the same review. People
// who keep the library read every piece before it joins; nothing here publishes anything.
import type { H3Event } from "h3";
import { expand } from "../../core/body.ts";
import type { Route } from "../../core/route.ts";
import { contributionCategories } from "../../review/document.ts";
import { contribute } from "../../tools/contribute.ts";
import type { WebContext } from "../context.ts";
import { formNotice, marked } from "./components.ts";
import { categoryLabel } from "./docs-index.ts";
import { formBody, formErrors, inputOf, refusalHeaders, seeOther, submitForm, type FormState } from "./forms.ts";
import { html, localPath, type Html } from "./html.ts";
import { renderPage } from "./layout.ts";
import type { Said } from "./wording.ts";

/** Shown after a piece sent to a code host (the local queue has a page of its own to go to instead). */
const SENT: Said = {
  tone: "calm",
  lines: ["Thank you. Your piece is with the people who keep the library: they read every piece before it joins."],
  field: null,
  known: true,
};

function contributeForm(state: FormState | undefined): Html {
  const values = state?.values ?? {};
  const said = state?.said;
  const invalid = (box: string, hint?: string) => marked(said, box, "contribute-result", hint);
  const noticeAt = formNotice("contribute-result", state, ["name", "category", "title", "content"]);
  const chosen = values.category ?? "prayers";
  return html`<section class="card" id="contribute" aria-labelledby="contribute-heading">
<h2 id="contribute-heading">Your piece</h2>
<form id="contribute-form" class="stack" method="post" action="/contribute">
${noticeAt(null)}
${noticeAt("name")}<p><label for="contribute-name">Your name</label>
<span class="hint" id="contribute-name-hint">Any name or label you like: the keepers of the library see it with your piece.</span>
<input id="contribute-name" name="name" required autocomplete="nickname" value="${values.name ?? ""}"${invalid("name", "contribute-name-hint")}></p>
${noticeAt("category")}<p><label for="contribute-category">What kind of piece it is</label>
<select id="contribute-category" name="category"${invalid("category")}>${contributionCategories.map(
    (c) => html`<option value="${c}"${c === chosen ? html` selected` : ""}>${categoryLabel(c)}</option>`,
  )}</select></p>
${noticeAt("title")}<p><label for="contribute-title">Its title</label>
<span class="hint" id="contribute-title-hint">One line, a title of its own.</span>
<input id="contribute-title" name="title" required value="${values.title ?? ""}"${invalid("title", "contribute-title-hint")}></p>
${noticeAt("content")}<p><label for="contribute-content">The piece</label>
<span class="hint" id="contribute-content-hint">Twenty words or more, in plain text or markdown.</span>
<textarea id="contribute-content" name="content" rows="14" required${invalid("content", "contribute-content-hint")}>${values.content ?? ""}</textarea></p>
<p><button type="submit">Offer it for review</button></p>
</form>
</section>`;
}

function contributePage(event: H3Event, deps: WebContext, state?: FormState, status = 200, headers: Record<string, string> = {}): Response {
  const sent = !state && event.url.searchParams.get("sent") === "1" ? { values: {}, said: SENT } : state;
  const main = html`<h1>Offer a piece to the library</h1>
<p class="lead">Write a prayer, a ritual, a hymn, a practice or a short essay for the sanctuary. The people who keep its library read every piece before it joins, and nothing is published by itself.</p>
<p class="meta"><a href="/docs/how-to-contribute">How to contribute</a> says what the library looks for, and <a href="/docs">the library</a> shows what it holds.</p>
${contributeForm(sent)}`;
  return renderPage(event, deps, {
    title: "Offer a piece",
    description: "Offer a prayer, ritual, hymn, practice or essay to the sanctuary's library, for people to review.",
    main,
    status,
    headers,
  });
}

const CONTRIBUTE_BOXES = ["name", "category", "title", "content"] as const;

/** POST /contribute: the form's piece through the contribute operation; received, it goes to its review's page. */
async function contributeSubmitted(event: H3Event, deps: WebContext): Promise<Response> {
  const sent = await submitForm(event, deps, "contribute", contribute, (values) => inputOf(values, CONTRIBUTE_BOXES));
  if (sent.outcome.ok) {
    // The local queue's entry has a public page of its own (/contributions/:id); a code host's is elsewhere.
    const review = localPath(expand(sent.outcome.body).pr?.url ?? "");
    return seeOther(review ?? "/contribute?sent=1#contribute-result");
  }
  return contributePage(event, deps, sent.state, sent.status, refusalHeaders(sent.outcome));
}

export function contributeRoutes(deps: WebContext): Route[] {
  return [
    {
      method: "GET",
      path: "/contribute",
      summary: "Page: a form to offer a piece to the library, for people to review",
      produces: "text/html",
      handler: (event) => contributePage(event, deps),
    },
    {
      method: "POST",
      path: "/contribute",
      summary: "The contribute form without JavaScript (form-encoded): submits, then 303 to its review's page; a refusal shows the form again",
      produces: "text/html",
      status: 303,
      errors: formErrors(contribute),
      takes: formBody(contribute, CONTRIBUTE_BOXES),
      handler: (event) => contributeSubmitted(event, deps),
    },
  ];
}
