// Picking the sentences that answer a question, as pure functions: someone in danger is answered first with where
// help is; a kind of piece named is looked for among its pieces; a piece answers only what a piece can; then the
// quotable sentences (quotable.ts) of all, or of the pieces alone. How a sentence scores is sentence-score.ts's;
// what a question asks for, answer-cues.ts's; how much of its subject a sentence holds, sentence-evidence.ts's.
import { answerTypeOf } from "./answer-type.ts";
import type { Candidate } from "./candidate.ts";
import { cueFit, cuesOf } from "./answer-cues.ts";
import { DANGER } from "./danger-words.ts";
import { kindsNamed, withoutKinds } from "./kinds-named.ts";
import { chooseWith, NUMERIC, PIECE_HELD, PIECE_SHARE, PIECES_ALONE_HELD, type Weighing } from "./quotable.ts";
import { ASK_SCORER, saying } from "./sentence-score.ts";

export type { Candidate } from "./candidate.ts";

/**
 * Up to `count` sentences: the top source's best first (when it is nearly the best), then the best of
 * the rest, never two alike. Empty when nothing covers the question.
 */
export function chooseSentences<C extends Candidate>(question: string, candidates: C[], count = 3): C[] {
  return choose(question, candidates, { count }).chosen;
}

/**
 * chooseSentences with the best sentence's score (when nothing covers the question, the best of those not
 * quotable). Pieces weigh PIECE_SHARE of a guide first; when no guide's sentence answers, a question about
 * living rather than about the sanctuary ("How can I close the day well?") is weighed again among the pieces alone, at their whole weight.
 */
export function choose<C extends Candidate>(question: string, candidates: C[], weighing: Weighing = {}): { chosen: C[]; score: number } {
  const weighed: Required<Weighing> = { count: 3, expansions: null, scorer: ASK_SCORER, wordsOnly: false, ...weighing };
  // Someone in danger, in whatever words, is answered first by the guides' word on where help is (the sanctuary
  // is no crisis service): never "not covered" because their words are not the guide's.
  if (DANGER.test(question)) {
    const help = candidates
      .filter((c) => c.guide !== false && /\b(crisis|emergency)\b/i.test(c.sentence))
      .sort((a, b) => Number(/emergency/i.test(b.sentence)) - Number(/emergency/i.test(a.sentence)) || a.pageRank - b.pageRank || a.position - b.position);
    // And the guides' plain word that the sanctuary is no crisis service, when another sentence says it.
    const plain = help.find((c) => c !== help[0] && /\bnot a crisis service\b/i.test(c.sentence));
    if (help.length) return { chosen: plain ? [help[0], plain] : [help[0]], score: 1 };
  }
  // "Is there a prayer for someone sitting an exam?" asks after a piece of the library: the pieces of that kind
  // are weighed first, by their summaries and lines, on the question's other words.
  const named = kindsNamed(question);
  if (named.length) {
    const ofKind = candidates.filter((c) => c.guide === false && named.includes(c.kind ?? ""));
    const found = ofKind.length ? chooseWith(withoutKinds(question), ofKind, weighed, { pieceShare: 1, pieceHeld: PIECE_HELD }) : undefined;
    if (found?.chosen.length) return found;
  }
  // A piece answers only the questions a piece can: how to do something, by a practice or ritual (a song about
  // sourdough is no recipe); a duration, count or time, by a line that holds one; never where something is.
  const type = answerTypeOf(question);
  const cues = cuesOf(question);
  const answers = (c: C) =>
    c.guide !== false ||
    (type === "how-to"
      ? c.kind === "practice" || c.kind === "ritual"
      : type !== "where" && (!NUMERIC.includes(type) || cueFit(saying(c), cues, [], false) === 1));
  candidates = candidates.filter(answers);
  const first = chooseWith(question, candidates, weighed, { pieceShare: PIECE_SHARE, pieceHeld: PIECE_HELD });
  if (first.chosen.length) return first;
  const pieces = candidates.filter((c) => c.guide === false);
  const again =
    pieces.length && pieces.length < candidates.length ? chooseWith(question, pieces, weighed, { pieceShare: 1, pieceHeld: PIECES_ALONE_HELD }) : first;
  return again.chosen.length ? again : first;
}
