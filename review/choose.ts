// Chooses where submissions go: the code host when one is configured, else the local moderation queue.
import type { Config } from "../config.ts";
import type { Logger } from "../core/logger.ts";
import type { KeyValueStore } from "../storage/kv.ts";
import type { ReviewBackend } from "./backend.ts";
import { CodeHostBackend } from "./code-host.ts";
import { ModerationQueue } from "./queue.ts";

export function createReviewBackend(config: Config, kv: KeyValueStore, log: Logger): ReviewBackend {
  return config.review.github ? new CodeHostBackend(config.review.github, kv, log) : new ModerationQueue(kv);
}
