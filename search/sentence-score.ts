// How a sentence is scored for a question, as pure functions: it earns credit for holding the question's content
// words (itself, or through its page title and section heading: in a FAQ the heading is the question), for being
// near it in meaning, and for coming from a higher-ranked page; a question with a type ("how long" wants a
// duration, "when" a time, "what is" a definition, "do I" a yes or no) multiplies that by how well the sentence has
// that kind of content. The hand formula, or the logistic model fitted on dev when it was found better. Which
// scored sentences are quotable, and in what order, is quotable.ts's.
import type { Candidate } from "./candidate.ts";
import { ASK_WEIGHTS } from "./ask-weights.ts";
import { openingYesNo, SAME_QUESTION } from "./questions.ts";
import { held } from "./sentence-evidence.ts";
import { fitOf, fittedScore, sentenceFeatures, type FittedModel, type Scoring } from "./sentence-features.ts";

export const HELD_SHARE = 0.45;
export const MEANING_SHARE = 0.3;
export const HEADING_SHARE = 0.25;
/** Credit for the page's rank: the top source's sentences win ties and near-ties. */
export const PAGE_BONUS = [0.08, 0.04, 0.02];
/**
 * Least score of the best sentence for a question to count as covered (see chooseSentences). It had risen to 0.43 to
 * keep dev's off-topic questions out (docs/ask-eval.md, rounds eleven to fourteen); since the off-topic model
 * (off-topic.ts) refuses what is heard as off-topic and not clearly covered, it is back at 0.35, set on dev by
 * cross-validation (fifteenth round: 259/336 carried and 199/205 refused, 246 and 197 from words alone).
 */
export const COVERED = 0.35;
export const LEAD_BONUS = 0.1;
/** The score a guide's sentence of exactly the asked kind reaches to be quotable holding TYPED_HELD of the question (quotable.ts). */
export const TYPED_COVERED = 0.45;
/** A question-and-answer unit's question stands in for its heading, matched in words and meaning. */
export const QUESTION_SHARE = 0.35;

/** How nearly a question this sentence answers is the visitor's: its unit's (a FAQ's heading) or one asked in visitors' words (corpus/asked.ts). */
export const askedness = (c: Candidate) => Math.max(c.asked ?? 0, c.askedAs ?? 0);

/** Whether the sentence opens the answer to the visitor's own question: it leads a unit asking it, or is asked so in visitors' words. */
export const answersOwn = (c: Candidate, floor: number) => (c.leads && (c.asked ?? 0) >= floor) || (c.askedAs ?? 0) >= floor;

/** The sentence as its kind is judged: an opening yes or no counts only under the visitor's own question. */
export function saying(c: Candidate): string {
  return askedness(c) >= SAME_QUESTION ? c.sentence : c.sentence.slice(openingYesNo(c.sentence).length);
}

export function sentenceScore(s: Scoring): number {
  const { c, subject } = s;
  const relevance =
    HELD_SHARE * held(subject, c.sentence, c.context, s.weights, s.alternatives) +
    MEANING_SHARE * c.meaning +
    Math.max(c.question ? QUESTION_SHARE * (c.asked ?? 0) : HEADING_SHARE * held(subject, c.heading, "", s.weights), QUESTION_SHARE * (c.askedAs ?? 0)) +
    (PAGE_BONUS[c.pageRank] ?? 0) +
    (c.leads ? LEAD_BONUS : 0);
  // The answer that opens a unit asking the visitor's own question has exactly the kind of content asked for.
  return relevance * (0.4 + 0.6 * fitOf(s, saying(c))) * (c.guide === false ? s.pieceShare : 1);
}

/** How sentences are scored, and the floors a question's best sentence must reach to be covered (chooseWith). */
export interface Scorer {
  score(s: Scoring): number;
  covered: number;
  typedCovered: number;
  /** The floors weigh the hand formula's score, not this one's: the fit ranks the sentences, the hand says if any answers. */
  gated?: boolean;
}

export const HAND_SCORER: Scorer = { score: sentenceScore, covered: COVERED, typedCovered: TYPED_COVERED };

/** A sentence's features (sentence-features.ts), the hand formula's score among them. */
export const featuresOf = (s: Scoring): number[] => sentenceFeatures(s, saying(s.c), sentenceScore(s));

/** The logistic model fitted on the dev questions (scripts/fit-ask.ts), with its own floors. */
export function fittedScorer(model: FittedModel & { covered: number; typedCovered: number; gated?: boolean }): Scorer {
  return { score: (s) => fittedScore(model, featuresOf(s)), covered: model.covered, typedCovered: model.typedCovered, gated: model.gated };
}

/** How ask scores sentences: the fitted model only when cross-validation on dev found it better than the hand formula (ask-weights.ts). */
export const ASK_SCORER: Scorer = ASK_WEIGHTS.adopted ? fittedScorer(ASK_WEIGHTS) : HAND_SCORER;
