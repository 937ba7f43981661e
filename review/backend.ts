// Where submissions go for people to review. Two backends share this contract: a code host (pull requests
// and issues) when one is configured, else the local moderation queue. createReviewBackend chooses.
import type { Logger } from "../core/logger.ts";
import type { Config } from "../config.ts";
import type { KeyValueStore } from "../storage/kv.ts";
import { CodeHostBackend } from "./code-host.ts";
import type { ContributionDraft } from "./document.ts";
import { ModerationQueue } from "./queue.ts";

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

export function createReviewBackend(config: Config, kv: KeyValueStore, log: Logger): ReviewBackend {
  return config.review.github ? new CodeHostBackend(config.review.github, kv, log) : new ModerationQueue(kv);
}
