// The words a code host shows reviewers: pull-request and issue titles and bodies, commit messages.
// Everything a visitor wrote passes through neutralizeMentions, so no @mention notifies anyone.
import type { FeedbackReport } from "./backend.ts";
import type { ContributionDraft } from "./document.ts";
import { neutralizeMentions } from "./screening.ts";

/** A code fence longer than any backtick run inside the text, so the text cannot close it. */
function fenced(text: string, info = ""): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${info}\n${text}\n${fence}`;
}

/** One line, no markdown that could break a list item or a title. */
const inline = (text: string) => neutralizeMentions(text.replace(/\s+/g, " ").trim());

export function contributionTitle(draft: ContributionDraft): string {
  return inline(`Contribution (${draft.category}): ${draft.title}`);
}

export function commitMessage(draft: ContributionDraft): string {
  return inline(`Add ${draft.kind} "${draft.title}" from a visitor`);
}

export function contributionBody(draft: ContributionDraft, receivedAt: Date): string {
  return neutralizeMentions(
    [
      "A visitor offered this piece through the sanctuary's `contribute` operation. It joins the library only if a person merges this pull request; closing it declines the piece.",
      "",
      `- **From:** ${inline(draft.name)} (a name they chose; not verified)`,
      `- **Category:** ${draft.category} (kind \`${draft.kind}\`)`,
      `- **File:** \`${draft.file}\``,
      `- **Length:** ${draft.words} words, about ${draft.seconds} seconds read aloud`,
      `- **Received:** ${receivedAt.toISOString()}`,
      "",
      `The front matter was written by the sanctuary: the \`tldr\` is taken from the piece's opening and \`themes\` is empty. Please check both, and the piece itself, against \`corpus/WRITING.md\` before merging.`,
      "",
      `**Summary (derived):** ${inline(draft.tldr)}`,
      "",
      "<details><summary>The piece as sent</summary>",
      "",
      fenced(draft.content, "markdown"),
      "",
      "</details>",
    ].join("\n"),
  );
}

export function feedbackTitle(report: FeedbackReport): string {
  return inline(`[${report.category}] ${report.title}`);
}

export function feedbackBody(report: FeedbackReport, receivedAt: Date): string {
  const context = report.context ? ["", "**Context sent with it:**", "", fenced(JSON.stringify(report.context, null, 2), "json")] : [];
  return neutralizeMentions(
    [
      `Sent through the sanctuary's \`feedback\` operation by ${report.name ? `**${inline(report.name)}** (a name they chose; not verified)` : "a visitor who gave no name"} on ${receivedAt.toISOString()}.`,
      "",
      `**Category:** ${report.category}`,
      "",
      "**What they wrote:**",
      "",
      fenced(report.description),
      ...context,
    ].join("\n"),
  );
}
