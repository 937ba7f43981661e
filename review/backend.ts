// Where submissions go for people to review. Two backends share this contract: a code host (pull requests
// and issues) when one is configured, else the local moderation queue. review/choose.ts chooses.
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

export interface ReviewBackend {
  readonly kind: "code-host" | "queue";
  /** Whether a contribution that would take this slug is already waiting for review. */
  isPending(slug: string, now: Date): Promise<boolean>;
  /** Submit for review. Throws conflict (409) when the same slug is already waiting or the code host has its branch. */
  submitContribution(draft: ContributionDraft, at: SubmitContext): Promise<ReviewRef>;
  submitFeedback(report: FeedbackReport, at: SubmitContext): Promise<ReviewRef>;
}
