// Where submissions go for people to review. Two backends share this contract: a code host (pull requests
// and issues) when one is configured, else the local moderation queue. review/choose.ts chooses.
import { z } from "zod";
import type { ContributionDraft } from "./document.ts";

export const feedbackCategories = ["bug", "feedback", "question"] as const;
export type FeedbackCategory = (typeof feedbackCategories)[number];

export interface FeedbackReport {
  /** The sender's chosen label, or null for the short shape sent without one. */
  name: string | null;
  category: FeedbackCategory;
  title: string;
  description: string;
  context?: Record<string, unknown>;
}

/** A report as the moderation queue keeps it (read back through review/queue.ts); fields it does not name are kept. */
export const FeedbackReport: z.ZodType<FeedbackReport> = z.looseObject({
  name: z.string().nullable(),
  category: z.enum(feedbackCategories),
  title: z.string(),
  description: z.string(),
  context: z.record(z.string(), z.unknown()).optional(),
});

/** Where a submission waits: a pull request or issue, or a moderation-queue entry. */
export interface ReviewRef {
  url: string;
  number: number;
}

export interface SubmitContext {
  /** This request's base address, for links to the moderation queue. */
  baseUrl: string;
  now: Date;
}

/** What a submission would create, shown by a dry run: the same texts `submit…` sends, built by the same functions. */
export interface ReviewPreview {
  /** A code host's pull request or issue, or an entry in the local moderation queue. */
  destination: "pull_request" | "issue" | "moderation_queue";
  /** The pull request's or issue's title; for the queue, the title the entry is listed under. */
  title: string;
  /** The pull request's or issue's body; for the queue, the text as it is kept for the moderator. */
  body: string;
  labels: string[];
  /** Contributions: the library file it would add, front matter included. */
  file?: { path: string; content: string };
}

export interface ReviewBackend {
  readonly kind: "code-host" | "queue";
  /** Whether a contribution that would take this slug is already waiting for review. */
  isPending(slug: string, now: Date): Promise<boolean>;
  /** Submit for review. Throws conflict (409) when the same slug is already waiting or the code host has its branch. */
  submitContribution(draft: ContributionDraft, at: SubmitContext): Promise<ReviewRef>;
  submitFeedback(report: FeedbackReport, at: SubmitContext): Promise<ReviewRef>;
  /** What `submitContribution` would create, without creating or sending anything. */
  previewContribution(draft: ContributionDraft, at: SubmitContext): ReviewPreview;
  /** What `submitFeedback` would create, without creating or sending anything. */
  previewFeedback(report: FeedbackReport, at: SubmitContext): ReviewPreview;
}
