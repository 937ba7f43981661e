// Hearing distress by its words as a whole, beside distress.ts's list of phrases: a naive Bayes model
// (naive-bayes.ts) learnt from messages written for it (search/distress-examples.json: from people who may be in
// danger and ordinary ones sharing their words, by a helper who saw no test set). The threshold is set by
// cross-validation on it (scripts/fit-distress.ts). Pure functions.
import { learnLogOdds, type LogOdds } from "./naive-bayes.ts";

export interface Examples {
  distress: string[];
  ordinary: string[];
  /**
   * Visitors' questions from the dev split of ask's fixtures (scripts/fit-distress.ts --write), learnt as ordinary or,
   * when their facts are where help is, as distress: what visitors usually ask is the ordinary the model must know.
   */
  visitors?: { ordinary: string[]; distress: string[] };
}

/**
 * How much each feature's count is smoothed (naive-bayes.ts). The ordinary side has several times the danger side's
 * words: at add-one each word both know ("my", "can't", "anymore") leaned toward the ordinary, the more so as ordinary
 * examples were added, and scenes of loss and worry that are no danger took recall from 81 of 109 to 73 (docs/ask-eval.md,
 * seventeenth round). At 0.1 the words that tell the two apart decide.
 */
export const DISTRESS_SMOOTHING = 0.1;

/** How much more likely a message is from someone in distress than not, in log odds (0: as likely). */
export type DistressOdds = LogOdds;

export function learnOdds(examples: Examples, smoothing = DISTRESS_SMOOTHING): DistressOdds {
  return learnLogOdds(
    [...examples.distress, ...(examples.visitors?.distress ?? [])],
    [...examples.ordinary, ...(examples.visitors?.ordinary ?? [])],
    undefined,
    smoothing,
  );
}
