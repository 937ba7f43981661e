// What a candidate sentence has for a question, as separate numbers: the pieces of sentence-score.ts's hand-set
// formula kept apart so their weights can be fitted on the dev questions (scripts/fit-ask.ts) instead of set by
// hand. Few on purpose (about two hundred dev questions): each is one the hand formula already weighs.
import { cueFit, HOW_TO, type Cue } from "./answer-cues.ts";
import type { Candidate } from "./candidate.ts";
import { SAME_QUESTION } from "./questions.ts";
import { held, type Alternatives } from "./sentence-evidence.ts";
import { aboutShare } from "./rule-cues.ts";

/** What sentenceFeatures and sentenceScore are given: the question as read and the sentence. */
export interface Scoring {
  c: Candidate;
  subject: string[];
  cues: Cue[];
  asksWhatIs: boolean;
  weights?: number[];
  alternatives?: Alternatives;
  /** What a piece weighs against a guide where both answer (1 when pieces are weighed alone). */
  pieceShare: number;
}

export const FEATURE_NAMES = [
  "held",
  "meaning",
  "heldXmeaning",
  "heading",
  "unit",
  "asked",
  "ownQuestion",
  "leads",
  "rank0",
  "rank1",
  "rank2",
  "typed",
  "typedFit",
  "piece",
  "pieceAlone",
  "hand",
] as const;

/** How well the sentence has the kind of content asked for (1 for an untyped question): sentence-score.ts's fit. */
export function fitOf(s: Scoring, saying: string): number {
  const { c, cues } = s;
  if ((c.leads && (c.asked ?? 0) >= SAME_QUESTION) || (cues.includes(HOW_TO) && (c.kind === "practice" || c.kind === "ritual"))) return 1;
  return cueFit(saying, cues, s.subject, s.asksWhatIs, (text) => aboutShare(c, held(s.subject, text, "", s.weights, s.alternatives)));
}

/**
 * The features, in FEATURE_NAMES's order. `hand` is the hand formula's score (sentence-score.ts sentenceScore), so a
 * fit may keep it and learn corrections; `saying` is the sentence as its kind is judged (sentence-score.ts saying).
 */
export function sentenceFeatures(s: Scoring, saying: string, hand: number): number[] {
  const { c, subject } = s;
  const h = held(subject, c.sentence, c.context, s.weights, s.alternatives);
  const asked = c.question ? (c.asked ?? 0) : 0;
  const piece = c.guide === false;
  return [
    h,
    c.meaning,
    h * c.meaning,
    c.question ? 0 : held(subject, c.heading, "", s.weights),
    c.question ? 1 : 0,
    asked,
    c.leads && asked >= SAME_QUESTION ? 1 : 0,
    c.leads ? 1 : 0,
    c.pageRank === 0 ? 1 : 0,
    c.pageRank === 1 ? 1 : 0,
    c.pageRank === 2 ? 1 : 0,
    s.cues.length ? 1 : 0,
    s.cues.length ? fitOf(s, saying) : 0,
    piece && s.pieceShare < 1 ? 1 : 0,
    piece && s.pieceShare >= 1 ? 1 : 0,
    hand,
  ];
}

/**
 * A fitted model. As a "chance": P(the sentence carries one of the question's facts) = sigmoid(bias + weights ·
 * features). As a "correction": the hand formula's score times exp(bias + weights · features), the weights (of
 * the other features; hand's own is unused) fitted to pick a fact's sentence and drawn towards 0, that is
 * towards the hand formula itself.
 */
export interface FittedModel {
  form?: "chance" | "correction";
  bias: number;
  weights: number[];
}

const HAND = FEATURE_NAMES.indexOf("hand");

export function fittedScore(model: FittedModel, features: number[]): number {
  let z = model.bias;
  const correction = model.form === "correction";
  for (let i = 0; i < features.length; i++) if (!(correction && i === HAND)) z += (model.weights[i] ?? 0) * features[i];
  return correction ? features[HAND] * Math.exp(z) : 1 / (1 + Math.exp(-z));
}
