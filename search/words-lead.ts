// From words alone, the sentence a long message's best evidence points to (quotable.ts chooseWith). Pure function.
import type { Candidate } from "./candidate.ts";

/**
 * The share of the question's words the best-scoring guide sentence must hold to answer from words alone when no
 * sentence passes the usual tests. The vectors' meaning lifts a guide's fact told in other words over those tests
 * ("Whose clock should it go by?" meets "If you act for a person, use their timezone…"); from words alone the same
 * sentence often scores best and reaches the floor but holds too little of a message whose scene comes first. The
 * off-topic model (off-topic.ts) still refuses what it hears as off-topic. Set on dev, words only (docs/ask-eval.md,
 * twenty-second session): 0.3, 0.25, 0.2 and 0.15 refused the same dev off-topic questions; 0.2 carried most of the
 * tuner's probes, 0.15 quoted loosely related sentences. Only a question asked whole: a part that finds nothing is
 * asked again in its other reading (follow-up.ts), which a lead found first would pre-empt.
 */
export const WORDS_LEAD_HELD = 0.2;

interface Scored {
  c: Candidate;
  gate: number;
  held: number;
}

/** The best-scoring sentence when it is a guide's, reaches the floor and holds WORDS_LEAD_HELD of the question; else none. */
export function wordsLead<S extends Scored>(scored: readonly S[], covered: number): S | undefined {
  const top = scored[0];
  return top && top.c.guide !== false && top.gate >= covered && top.held >= WORDS_LEAD_HELD ? top : undefined;
}
