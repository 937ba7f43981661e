// GET /contributions/:id — the public page a submitter is given (the `pr.url` or `issue.url` of the local
// moderation queue): received, waiting for review, or decided. It shows only what the submitter sent to be
// read publicly and the state of its review: title, kind, status and dates. Never the moderator's note,
// the sender's name, the text of a report, or anything else the queue keeps.
import type { H3Event } from "h3";
import type { Route } from "../../core/route.ts";
import { SanctuaryError } from "../../core/errors.ts";
import { ModerationQueue, type Submission } from "../../review/queue.ts";
import type { WebContext } from "../context.ts";
import { when } from "./components.ts";
import { categoryLabel } from "./docs-index.ts";
import { html, pathOf, routeParam, type Html } from "./html.ts";
import { errorPage, renderPage } from "./layout.ts";

const FEEDBACK_LABELS: Record<string, string> = { bug: "A problem report", feedback: "Feedback", question: "A question" };

/** What a person may see of a submission: nothing beyond this reaches the page. */
export interface PublicSubmission {
  id: number;
  kind: "contribution" | "feedback";
  /** A contribution's title; none for feedback, whose words (a short report's title is its first words) are for its readers alone. */
  title: string | null;
  category: string;
  status: Submission["status"];
  receivedAt: string;
  decidedAt: string | null;
  /** A contribution that joined the library: where it lives now. */
  path: string | null;
}

export function publicView(item: Submission): PublicSubmission {
  const common = { id: item.id, status: item.status, receivedAt: item.receivedAt, decidedAt: item.decidedAt };
  if (item.type === "contribution") {
    const { title, category, path } = item.contribution;
    return { ...common, kind: "contribution", title, category, path: item.status === "approved" ? path : null };
  }
  // Feedback "is kept for the people who review it" (the library's own words about what it keeps): its page says only
  // what kind it is and how it stands. Its title had been shown at an address anyone could count up to.
  return { ...common, kind: "feedback", title: null, category: item.feedback.category, path: null };
}

function statusWords(s: PublicSubmission, deps: WebContext): Html {
  if (s.status === "pending") {
    return s.kind === "contribution"
      ? html`<p class="status">Received, and waiting for review. Someone who cares for the library will read it with care; it joins the library only after that. Nothing is published automatically.</p>`
      : html`<p class="status">Received, and waiting for someone to read it.</p>`;
  }
  const decided = s.decidedAt ? html` on ${when(s.decidedAt)}` : "";
  if (s.status === "approved") {
    const live = s.path && deps.library.document(s.path);
    return s.kind === "contribution"
      ? html`<p class="status">Reviewed${decided} and welcomed into the library.${live ? html` It is now at <a href="/docs/${pathOf(s.path!)}">its own page</a>.` : ""}</p>`
      : html`<p class="status">Read and handled${decided}. Thank you for taking the time.</p>`;
  }
  return html`<p class="status">Reviewed${decided}. It was not taken into the library this time. Thank you for offering it.</p>`;
}

async function contributionPage(event: H3Event, deps: WebContext, raw: string): Promise<Response> {
  const missing = () =>
    errorPage(
      event,
      deps,
      404,
      "Nothing waiting under that number",
      `No submission here has the number “${raw.slice(0, 20)}”.`,
      "Nothing is lost. Each submission's own address was given when it was received.",
    );
  if (!/^\d{1,9}$/.test(raw) || !(deps.review instanceof ModerationQueue)) return missing();
  let item: Submission;
  try {
    item = await deps.review.get(Number(raw));
  } catch (error) {
    if (error instanceof SanctuaryError && error.kind === "not_found") return missing();
    throw error;
  }
  const s = publicView(item);
  const what = s.kind === "contribution" ? `A contribution to ${categoryLabel(s.category)}` : (FEEDBACK_LABELS[s.category] ?? "Feedback");
  const main = html`<h1>${s.title ?? `${what}, number ${s.id}`}</h1>
<p class="meta"><span class="kind">${what}</span> · number ${s.id} · received ${when(s.receivedAt)}</p>
${statusWords(s, deps)}
<p><a href="/docs/how-to-contribute">How contributions are reviewed</a> · <a href="/docs">The library</a></p>`;
  return renderPage(event, deps, {
    title: `${s.kind === "contribution" ? "Contribution" : "Feedback"} ${s.id}`,
    description: `The review status of submission ${s.id} to the sanctuary.`,
    main,
  });
}

export function contributionRoutes(deps: WebContext): Route[] {
  return [
    {
      method: "GET",
      path: "/contributions/:id",
      summary: "Page: the review status of one submission to the local moderation queue (a contribution's title, kind, status, dates; nothing private)",
      produces: "text/html",
      errors: ["not_found"],
      handler: (event) => contributionPage(event, deps, routeParam(event.context.params, "id")),
    },
  ];
}
