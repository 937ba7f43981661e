// The code-host backend: a contribution becomes a branch with one library file and a labelled pull request;
// feedback becomes a labelled issue. GitHub's REST API through @octokit/rest (any compatible host via apiUrl).
import { createHash } from "node:crypto";
import type { Octokit } from "@octokit/rest";
import type { Logger } from "../core/logger.ts";
import type { ReviewConfig } from "../config.ts";
import type { KeyValueStore } from "../storage/kv.ts";
import { conflict, unavailable, type SanctuaryError } from "../core/errors.ts";
import type { FeedbackReport, ReviewBackend, ReviewPreview, ReviewRef, SubmitContext } from "./backend.ts";
import { commitMessage, contributionBody, contributionTitle, feedbackBody, feedbackTitle } from "./code-host-text.ts";
import type { ContributionDraft } from "./document.ts";
import { alreadyPending, PendingTitles } from "./pending.ts";

/** How long a submitted title counts as pending: the decision is made on the code host, which we do not poll. */
const PENDING_DAYS = 30;
const REQUEST_TIMEOUT_MS = 15_000;

type GitHubSettings = NonNullable<ReviewConfig["github"]>;

const statusOf = (error: unknown) => (error as { status?: number }).status ?? 0;
const messageOf = (error: unknown) => String((error as Error).message ?? "");

export class CodeHostBackend implements ReviewBackend {
  readonly kind = "code-host" as const;
  private octokit: Promise<Octokit> | null = null;
  private pending: PendingTitles;
  private repo: { owner: string; repo: string };

  constructor(
    private settings: GitHubSettings,
    kv: KeyValueStore,
    private log: Logger,
  ) {
    this.repo = { owner: settings.owner, repo: settings.repo };
    this.pending = new PendingTitles(kv, PENDING_DAYS * 86_400_000);
  }

  /** The client, loaded at the first submission: a server that never sends one never loads Octokit (~20 ms a start). */
  private api(): Promise<Octokit> {
    this.octokit ??= import("@octokit/rest").then(({ Octokit }) => {
      const quiet = () => {};
      return new Octokit({
        auth: this.settings.token,
        baseUrl: this.settings.apiUrl,
        userAgent: "sanctuary",
        // Our own log line names each failure; Octokit's would repeat it.
        log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
        request: { fetch: (url: string, init: RequestInit) => fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }) },
      });
    });
    return this.octokit;
  }

  isPending(slug: string, now: Date): Promise<boolean> {
    return this.pending.isPending(slug, now.getTime());
  }

  previewContribution(draft: ContributionDraft, at: SubmitContext): ReviewPreview {
    return {
      destination: "pull_request",
      title: contributionTitle(draft),
      body: contributionBody(draft, at.now),
      labels: ["contribution", draft.category],
      file: { path: draft.file, content: draft.source },
    };
  }

  previewFeedback(report: FeedbackReport, at: SubmitContext): ReviewPreview {
    return { destination: "issue", title: feedbackTitle(report), body: feedbackBody(report, at.now), labels: [...new Set(["feedback", report.category])] };
  }

  async submitContribution(draft: ContributionDraft, at: SubmitContext): Promise<ReviewRef> {
    const planned = this.previewContribution(draft, at);
    // Derived from the piece, so sending the same piece again finds its branch and answers 409.
    const shortId = createHash("sha256").update(`${draft.category}\n${draft.title}\n${draft.content}`).digest("hex").slice(0, 8);
    const branch = `contrib/${draft.slug}-${shortId}`;
    if (!(await this.pending.claim(draft.slug, branch, at.now.getTime()))) throw alreadyPending(draft.title);
    let branchCreated = false;
    try {
      const octokit = await this.api();
      const base = await octokit.rest.git.getRef({ ...this.repo, ref: `heads/${this.settings.branch}` });
      await octokit.rest.git.createRef({ ...this.repo, ref: `refs/heads/${branch}`, sha: base.data.object.sha });
      branchCreated = true;
      await octokit.rest.repos.createOrUpdateFileContents({
        ...this.repo,
        path: planned.file!.path,
        branch,
        message: commitMessage(draft),
        content: Buffer.from(planned.file!.content, "utf8").toString("base64"),
      });
      const pull = await octokit.rest.pulls.create({ ...this.repo, title: planned.title, head: branch, base: this.settings.branch, body: planned.body });
      await this.label(pull.data.number, planned.labels);
      return { url: pull.data.html_url, number: pull.data.number };
    } catch (error) {
      await this.pending.release(draft.slug);
      // Leave nothing half-made behind, so sending again can succeed.
      if (branchCreated) await (await this.api()).rest.git.deleteRef({ ...this.repo, ref: `heads/${branch}` }).catch(() => {});
      throw this.failure(error, "contribution", draft);
    }
  }

  async submitFeedback(report: FeedbackReport, at: SubmitContext): Promise<ReviewRef> {
    const planned = this.previewFeedback(report, at);
    try {
      const issue = await (await this.api()).rest.issues.create({ ...this.repo, title: planned.title, body: planned.body, labels: planned.labels });
      return { url: issue.data.html_url, number: issue.data.number };
    } catch (error) {
      throw this.failure(error, "feedback");
    }
  }

  /** Labels help reviewers sort; a pull request without them is still a submission, so a failure is only logged. */
  private async label(number: number, labels: string[]): Promise<void> {
    try {
      await (await this.api()).rest.issues.addLabels({ ...this.repo, issue_number: number, labels });
    } catch (error) {
      this.log.warn({ status: statusOf(error), number }, "code host refused the labels of a pull request");
    }
  }

  /** 409 when the branch or file already exists; every other failure (auth, permission, unreachable) is 503. */
  private failure(error: unknown, what: "contribution" | "feedback", draft?: ContributionDraft): SanctuaryError {
    const status = statusOf(error);
    const message = messageOf(error);
    this.log.error({ status, what, reason: message.split(" - ")[0].slice(0, 200) }, "code host request failed");
    if (draft && status === 422 && /reference already exists/i.test(message)) {
      return conflict(`"${draft.title}" was already sent for review.`, {
        suggestion:
          "Its pull request is already waiting for a person to read it, so there is nothing more to do. If you meant to send a different piece, give it its own title.",
      });
    }
    if (draft && status === 422 && /sha/i.test(message)) {
      return conflict(`A document at ${draft.file} already exists in the library's repository.`, {
        field: "title",
        suggestion: "Nothing was submitted. Give the piece a title of its own and send it again.",
      });
    }
    const cause = causeOf(status, (error as { response?: unknown }).response !== undefined);
    return unavailable(`The code host that receives ${what === "contribution" ? "contributions" : "feedback"} ${cause}.`, {
      suggestion:
        "Nothing was submitted and nothing is lost. Please keep your text and send it again a little later; the keepers of the sanctuary can see what went wrong.",
    });
  }
}

/**
 * Why a request to the code host failed, said as it was: an answer that refuses is not a host out of reach. Octokit
 * gives a request that met no answer (refused, timed out) status 500 too, without a response.
 */
function causeOf(status: number, answered: boolean): string {
  // 404 here means the token cannot see the repository or its base branch: a setting, like 401/403.
  if (status === 401 || status === 403 || status === 404) return "did not accept the sanctuary's credentials or settings";
  if (!answered || status === 0) return "could not be reached";
  if (status === 429) return "is holding back the sanctuary's requests just now";
  return status >= 500 ? "failed on its side" : "refused the request";
}
