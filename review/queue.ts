// The local moderation queue, the embedded default: submissions wait in the key-value store, numbered from
// one atomic counter, until an admin approves (a contribution joins the library) or rejects them.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { keyFamily } from "../storage/key-family.ts";
import type { KeyValueStore } from "../storage/kv.ts";
import { KeyedMutex } from "../core/keyed-mutex.ts";
import { conflict, notFound } from "../core/errors.ts";
import { FeedbackReport, type ReviewBackend, type ReviewPreview, type ReviewRef, type SubmitContext } from "./backend.ts";
import { ContributionDraft } from "./document.ts";
import { alreadyPending, PendingTitles } from "./pending.ts";
import { publishContribution, type PublishPorts } from "./publish.ts";
import { recordApproval } from "./approved-sync.ts";

export type SubmissionStatus = "pending" | "approved" | "rejected";

interface SubmissionBase {
  id: number;
  status: SubmissionStatus;
  receivedAt: string;
  decidedAt: string | null;
  /** The moderator's note on a decision, if any. */
  note: string | null;
}
export type Submission = SubmissionBase & ({ type: "contribution"; contribution: ContributionDraft } | { type: "feedback"; feedback: FeedbackReport });

const statuses = ["pending", "approved", "rejected"] as const satisfies readonly SubmissionStatus[];
const base = { id: z.number(), status: z.enum(statuses), receivedAt: z.string(), decidedAt: z.string().nullable(), note: z.string().nullable() };
/**
 * A submission as read back; one that cannot be read is refused (500, logged, naming its key) rather than shown
 * or decided on. Fields it does not name are kept, as the admin pages show the record whole.
 */
const SUBMISSION = keyFamily<Submission>(
  "submission",
  z.discriminatedUnion("type", [
    z.looseObject({ ...base, type: z.literal("contribution"), contribution: ContributionDraft }),
    z.looseObject({ ...base, type: z.literal("feedback"), feedback: FeedbackReport }),
  ]),
);

const COUNTER = "review:counter";
const itemKey = (id: number) => `review:items:${id}`;

/** The public page a submitter is given: received, waiting for review, or decided (web/pages/contributions.ts). */
export const moderationUrl = (baseUrl: string, id: number) => `${baseUrl}/contributions/${id}`;

export class ModerationQueue implements ReviewBackend {
  readonly kind = "queue" as const;
  private pending: PendingTitles;
  /** One decision at a time: each approval reloads the whole library, and two reloads must not cross. */
  private decisions = new KeyedMutex();

  constructor(private kv: KeyValueStore) {
    this.pending = new PendingTitles(kv, null);
  }

  isPending(slug: string, now: Date): Promise<boolean> {
    return this.pending.isPending(slug, now.getTime());
  }

  /** One atomic increment, so processes sharing the data folder (or Redis) never hand out a number twice. */
  private nextNumber(): Promise<number> {
    return this.kv.increment(COUNTER);
  }

  // The queue keeps the draft and the report as they are; the moderator reads them at /admin/queue/<n>.
  previewContribution(draft: ContributionDraft): ReviewPreview {
    return { destination: "moderation_queue", title: draft.title, body: draft.content, labels: [], file: { path: draft.file, content: draft.source } };
  }

  previewFeedback(report: FeedbackReport): ReviewPreview {
    return { destination: "moderation_queue", title: report.title, body: feedbackText(report), labels: [] };
  }

  async submitContribution(contribution: ContributionDraft, at: SubmitContext): Promise<ReviewRef> {
    // Claim the title before taking a number, so a refused duplicate leaves no gap in the numbering.
    if (!(await this.pending.claim(contribution.slug, randomUUID(), at.now.getTime()))) throw alreadyPending(contribution.title);
    const id = await this.nextNumber();
    await this.kv.set<Submission>(itemKey(id), {
      id,
      type: "contribution",
      contribution,
      status: "pending",
      receivedAt: at.now.toISOString(),
      decidedAt: null,
      note: null,
    });
    return { url: moderationUrl(at.baseUrl, id), number: id };
  }

  async submitFeedback(feedback: FeedbackReport, at: SubmitContext): Promise<ReviewRef> {
    const id = await this.nextNumber();
    await this.kv.set<Submission>(itemKey(id), {
      id,
      type: "feedback",
      feedback,
      status: "pending",
      receivedAt: at.now.toISOString(),
      decidedAt: null,
      note: null,
    });
    return { url: moderationUrl(at.baseUrl, id), number: id };
  }

  async get(id: number): Promise<Submission> {
    const item = await this.kv.read(SUBMISSION, itemKey(id));
    if (!item) throw notFound(`There is no submission number ${id}.`, { suggestion: "Nothing is lost. GET /admin/api/submissions lists what is waiting." });
    return item;
  }

  /** Every submission with this status (all when null), oldest first. */
  async list(status: SubmissionStatus | null): Promise<Submission[]> {
    const keys = await this.kv.keys("review:items");
    const items = await Promise.all(keys.map((k) => this.kv.read(SUBMISSION, k)));
    return items.filter((s): s is Submission => s !== null && (status === null || s.status === status)).sort((a, b) => a.id - b.id);
  }

  /** Approve: a contribution is written into the library and searchable soon after; feedback is marked handled. */
  approve(id: number, note: string | null, ports: PublishPorts, now: Date): Promise<{ submission: Submission; documentPath: string | null }> {
    return this.decisions.run("decide", async () => {
      const item = await this.pendingItem(id);
      const documentPath = item.type === "contribution" ? await publishContribution(item.contribution, ports) : null;
      // The other processes and machines on this store add it too (review/approved-sync.ts).
      if (item.type === "contribution" && documentPath)
        await recordApproval(this.kv, { path: documentPath, source: item.contribution.source, approvedAt: now.toISOString() });
      const decided = await this.decide(item, "approved", note, now);
      return { submission: decided, documentPath };
    });
  }

  /** Reject: the submission keeps its record here but nothing reaches the library. */
  reject(id: number, note: string | null, now: Date): Promise<Submission> {
    return this.decisions.run("decide", async () => this.decide(await this.pendingItem(id), "rejected", note, now));
  }

  private async pendingItem(id: number): Promise<Submission> {
    const item = await this.get(id);
    if (item.status !== "pending") {
      throw conflict(`Submission ${id} was already ${item.status}.`, { suggestion: "A decision is final, so there is nothing more to do for it." });
    }
    return item;
  }

  private async decide(item: Submission, status: SubmissionStatus, note: string | null, now: Date): Promise<Submission> {
    const decided: Submission = { ...item, status, decidedAt: now.toISOString(), note };
    await this.kv.set(itemKey(item.id), decided);
    if (item.type === "contribution") await this.pending.release(item.contribution.slug);
    return decided;
  }
}

/**
 * A report as its moderator reads it: the words, who sent them under which category, and the context sent with them,
 * all of which the queue keeps (a preview showed the words alone, and a report's context was a surprise on arrival).
 */
function feedbackText(report: FeedbackReport): string {
  const from = `From ${report.name ? `"${report.name}"` : "a visitor who gave no name"}, as ${report.category}.`;
  const context = report.context ? `\n\nContext sent with it:\n${JSON.stringify(report.context, null, 2)}` : "";
  return `${report.description}\n\n${from}${context}`;
}
