// Which scored sentences are quotable for a question, and in what order (chooseWith): the question is covered only
// when some sentence holds enough of it; otherwise the answer says so plainly rather than quoting something loosely
// related. Its floors, each set on dev (docs/ask-eval.md). Pure functions.
import { answerTypeOf } from "./answer-type.ts";
import type { Candidate } from "./candidate.ts";
import { cueFit, cuesOf, HOW_TO, subjectTerms } from "./answer-cues.ts";
import { REQUEST, TOOL, TOOLS } from "./program-cues.ts";
import type { Expansions } from "./lexicon.ts";
import { SAME_QUESTION } from "./questions.ts";
import { alternativesOf, held, localWeights } from "./sentence-evidence.ts";
import { answersOwn, askedness, saying, sentenceScore, type Scorer } from "./sentence-score.ts";
import { slotsHeld, slotsOf } from "./slots.ts";
import { answersPlaceHalf, asksServiceHalf } from "./place-words.ts";
import { aboutShare } from "./rule-cues.ts";
import { CARRIES_ON } from "./quote-span.ts";
import { wordsLead } from "./words-lead.ts";
import { mayJoinOwnAnswer } from "./later-evidence.ts";
import { operationsAsked, operationsNamed, routeElsewhere } from "./route-ops.ts";

const WHAT_IS = /^\s*what (is|are)\b/i;
const WHO = /^\s*who\b/i;

/** A guide's sentence of exactly the asked kind is quotable holding this share of the question's words, scoring TYPED_COVERED. */
export const TYPED_HELD = 0.15;
/** A piece's sentence opens an answer only holding this share of the question's words (verse shares words loosely). */
export const PIECE_HELD = 0.6;
/**
 * A guide's sentence answering by the hemisphere a question of the sanctuary's hemispheres (place-words.ts
 * asksServiceHalf: "Auckland here, it's December and the service talked about frost") is quotable scoring this much.
 * Such a question is mostly its scene (the weather, the month, what the service said), which the guides never tell,
 * so from words alone its answer scored just under the plain floor (about 0.3) where the vectors lift it over.
 */
export const PLACE_HALF_COVERED = 0.28;
/** A later quote's score is at least this share of the best one's: a passage is quoted only for evidence near the best. */
export const NEAR_BEST = 0.7;
/**
 * A guide's sentence this near the question in meaning (the vectors'; words alone never reach it) is quotable holding
 * NEAREST_HELD of its words: "tonight's has neither [a name nor an intro]. is it broken?" meets "Such a service has no
 * name and no opening word…" in few words. Set on dev: 0.8 let an off-topic question through, 0.85 and 0.9 none.
 */
export const NEAREST_MEANING = 0.9;
export const NEAREST_HELD = 0.2;
/**
 * The answer that opens a guide's unit whose question nearly asks the visitor's (UNIT_ASKED, short of SAME_QUESTION)
 * is quotable holding UNIT_HELD of the question's words: "I'm an atheist. Is this place for me…?" and "Is this a
 * religion?" answered "No. The sanctuary has no creed…". Set on dev: without UNIT_HELD three off-topic questions were
 * quoted, their units' answers holding at most 0.18 of their words ("…feedback for a restaurant" and "Report a bug, send
 * feedback…"); 0.2 to 0.25 kept them out.
 */
export const UNIT_ASKED = 0.5;
export const UNIT_HELD = 0.22;
/**
 * A story that implies a rule ("the clocks went back and the early slot seemed way longer. bug?", "can I just send
 * EST?", "it's 35 degrees and December, why all the frost?") shares few words with the guide's sentence that states
 * it, but one of the questions that sentence answers in visitors' words (corpus/asked.ts) is near it: a guide's
 * sentence so asked (ASKED_NEAR, short of SAME_QUESTION) is quotable holding ASKED_NEAR_HELD of the question's words
 * when it scores within ASKED_NEAR_TOP of the best. Set on dev, the off-topic refusals cross-validated
 * (scripts/fit-off-topic.ts): 0.5 carried 320/361 hybrid, 289 words, refused 207/214 and 205 (as without it); 0.45
 * 322, 293, 206 and 205; 0.4 323, 298, 203 and 205.
 */
export const ASKED_NEAR = 0.45;
export const ASKED_NEAR_HELD = 0.1;
export const ASKED_NEAR_TOP = 0.9;
/**
 * A later quote's unit or visitor-worded question comes this near the visitor's, or it holds LATER_HELD of the
 * question's words, or it has the kind of content asked for (chooseWith). Set on dev against the quotes readers
 * judged stray at the sixteenth freeze (docs/ask-judged.json, dev answers only): 0.4 carried 347/390 (346 without),
 * 864 quotes down to 845, fewer quotes in 10 of the 124 answers judged stray and in 6 of the 237 judged clean; 0.45
 * 346, 827, 18 and 9; 0.5 345.
 */
export const LATER_ASKED = 0.4;
export const LATER_HELD = 0.4;
/** A yes or no's plain rule joins the quotes at this share of the best one's score (chooseWith). */
export const RULE_NEAR = 0.6;
/** Among the pieces alone (no guide answers), a sentence opens an answer holding this share of the question's words. */
export const PIECES_ALONE_HELD = 0.75;
/**
 * A prayer's, song's or other piece's sentence weighs this much of a guide's: a visitor's question is about
 * how the sanctuary works far more often than about a line of verse that shares its words.
 */
export const PIECE_SHARE = 0.75;
/** A unit's question this near the visitor's is theirs in other words: its answer opens the reply. */
export const OWN_QUESTION = 0.85;

/** What a sentence giving another operation's route than the one the question names keeps of its score (route-ops.ts). */
export const ROUTE_ELSEWHERE = 0.8;

/** Answer types whose answer holds a number or a time. */
export const NUMERIC: readonly string[] = ["duration", "count", "when"];

/** How a question's sentences are weighed and how many are quoted (extract.ts choose, chooseWith). */
export interface Weighing {
  /** Sentences quoted at most. */
  count?: number;
  /** WordNet's expansions: without them a word's links are unknown, and only its own form and stem count. */
  expansions?: Expansions | null;
  scorer?: Scorer;
  /** Whether the sentences were weighed without vectors (ground-part.ts wordsOnly): words-lead.ts may answer then. */
  wordsOnly?: boolean;
}

/** The quotable sentences among these, best first, and the best sentence's score (see extract.ts choose). */
export function chooseWith<C extends Candidate>(
  question: string,
  candidates: C[],
  { count, expansions, scorer, wordsOnly }: Required<Weighing>,
  /** What a piece's sentence weighs beside a guide's, and how much of the question it must hold to be quoted. */
  { pieceShare, pieceHeld }: { pieceShare: number; pieceHeld: number },
): { chosen: C[]; score: number } {
  const cues = cuesOf(question);
  const subject = subjectTerms(question, cues);
  const alternatives = alternativesOf(question, expansions);
  const weights = localWeights(
    subject,
    candidates.map((c) => c.sentence),
    // Whether a word has no link is known only with WordNet's expansions at hand.
    expansions ? alternatives : undefined,
  );
  // Quotable: a sentence that scores enough and holds about half the question's (weighted) words, or
  // more than a third of them while very near in meaning. A question whose rarest words the library
  // never uses ("premium subscription") is not covered by sentences sharing only its commonest one.
  // Asked for a route or tool, a sentence giving another operation's than the one the question names answers another
  // question (route-ops.ts). Only then: "will peeking add me to the tally?" names attend only through "tally".
  const routeAsked = cues.some((c) => c === REQUEST || c === TOOL || c === TOOLS || c === HOW_TO);
  const asked = routeAsked
    ? operationsAsked(question, subject, [...new Set(candidates.flatMap((c) => operationsNamed(c.sentence)))], alternatives)
    : new Set<string>();
  const scored = candidates
    .map((c) => {
      const scoring = { c, subject, cues, asksWhatIs: WHAT_IS.test(question), weights, alternatives, pieceShare };
      const share = routeElsewhere(c.sentence, asked) ? ROUTE_ELSEWHERE : 1;
      const score = share * scorer.score(scoring);
      return { c, score, gate: scorer.gated ? share * sentenceScore(scoring) : score, held: held(subject, c.sentence, c.context, weights, alternatives) };
    })
    .sort((a, b) => b.score - a.score || a.c.pageRank - b.c.pageRank || a.c.position - b.c.position);
  // A sentence with exactly the kind of content a typed question asks for (the duration, the count, the time)
  // needs fewer of its words: "How much time should I set aside for a service?" is answered by "A service is
  // between 15 and 40 minutes long" though "set aside" is nowhere in the library.
  const numeric = NUMERIC.includes(answerTypeOf(question));
  // So does one naming a particular thing asked for ("Which field holds the running time?": "service.loopSeconds gives…").
  const typed = (s: (typeof scored)[number]) =>
    s.c.guide !== false &&
    held(subject, s.c.sentence, s.c.context, weights) >= TYPED_HELD &&
    ((numeric && cueFit(saying(s.c), cues, subject, WHAT_IS.test(question)) === 1) || cues.some((c) => c.particular && c.strong.test(saying(s.c))));
  // The answer under the visitor's very question (a guide that asks it in other words) opens the reply.
  const best =
    scored.find((s) => answersOwn(s.c, OWN_QUESTION) && s.gate >= scorer.covered) ??
    scored.find(
      (s) =>
        s.gate >= scorer.covered &&
        (s.c.guide !== false || s.held >= pieceHeld) &&
        // "Who founded it?" is answered by a sentence that names someone, or by a unit asking the very question.
        (!WHO.test(question) || askedness(s.c) >= SAME_QUESTION || cueFit(saying(s.c), cues, subject, false) > 0) &&
        (s.held >= 0.4 ||
          (s.held > 0.34 && s.c.meaning >= 0.6) ||
          (s.c.leads && (s.c.asked ?? 0) >= UNIT_ASKED && s.held >= UNIT_HELD) ||
          (s.c.guide !== false && s.held >= NEAREST_HELD && s.c.meaning >= NEAREST_MEANING) ||
          askedness(s.c) >= SAME_QUESTION ||
          (s.c.guide !== false && (s.c.askedAs ?? 0) >= ASKED_NEAR && s.held >= ASKED_NEAR_HELD && s.score >= scored[0].score * ASKED_NEAR_TOP) ||
          (typed(s) && s.gate >= scorer.typedCovered) ||
          // Or the hemisphere, asked after by a place and its season (place-words.ts), its words counted with their links;
          // at the plain floor when the question is of the sanctuary's hemispheres, not the weather (asksServiceHalf).
          (s.c.guide !== false &&
            answersPlaceHalf(question, saying(s.c)) &&
            s.held >= TYPED_HELD &&
            s.gate >= (asksServiceHalf(question) ? scorer.covered : scorer.typedCovered))),
    ) ??
    // Short of the plain floor, a question of the sanctuary's hemispheres is still answered by the hemisphere.
    (asksServiceHalf(question)
      ? scored.find((s) => s.c.guide !== false && answersPlaceHalf(question, saying(s.c)) && s.held >= TYPED_HELD && s.gate >= PLACE_HALF_COVERED)
      : undefined) ??
    // From words alone, the best-scoring guide sentence that reaches the floor, holding little of a long message (words-lead.ts).
    (wordsOnly ? wordsLead(scored, scorer.covered) : undefined);
  if (!best) return { chosen: [], score: scored[0]?.score ?? 0 };
  // The top source's best quotable sentence leads when it is nearly as good; then the best; then the rest.
  // A piece's line must hold as much of the question here as anywhere (a practice's "an old shopkeeper" is no answer to "old reflections").
  // Beside the best, a passage carries evidence of its own: some of the question's words in the sentence itself (their
  // stems or links), not only in its page's title or heading ("You need twenty or thirty minutes…", under "Attending
  // as a Person", for "when I attend, what do you keep, and for how long?"); or in the sentence it carries on from
  // ("They are gentle…", quoted with it: quote-span.ts); or it answers the very question, or holds the particular thing
  // asked for ("eight tools in all: attend, now…" for "what can my agent do over /mcp?").
  const ownEvidence = (s: (typeof scored)[number]) =>
    askedness(s.c) >= SAME_QUESTION ||
    held(subject, s.c.sentence, "", weights, alternatives) > 0 ||
    (CARRIES_ON.test(s.c.sentence) && s.held > 0) ||
    cues.some((c) => c.particular && c.strong.test(saying(s.c)));
  const fromTop = scored.find(
    (s) => s.c.pageRank === 0 && s.held > 0.34 && (s.c.guide !== false || s.held >= pieceHeld) && s.score >= best.score * 0.8 && (s === best || ownEvidence(s)),
  );
  const chosen = fromTop ? [fromTop] : [];
  // Later quotes must share some of the question's words (or answer its very question): a sentence near
  // only in kind ("five an hour" for "how many slots") is not about it.
  const about = (s: (typeof scored)[number]) => (s.held >= 0.25 || askedness(s.c) >= SAME_QUESTION) && ownEvidence(s);
  const fits = (x: (typeof scored)[number]) =>
    cueFit(saying(x.c), cues, subject, WHAT_IS.test(question), (text) => aboutShare(x.c, held(subject, text, "", weights, alternatives))) === 1;
  // And a later quote answers something like the visitor's question (a unit's or a visitor-worded question of its
  // sentence comes near it), holds much of it, or has the kind of content asked for: one sharing a word or two and
  // near in meaning is often a fact about the same thing that answers another question ("the same reflection
  // cannot be posted twice" for "are links allowed?").
  const answersLike = (s: (typeof scored)[number]) => askedness(s.c) >= LATER_ASKED || s.held >= LATER_HELD || (cues.length > 0 && fits(s));
  // Beside the visitor's very question answered (a unit asking it), a later quote answers a near one or brings what it lacks (later-evidence.ts).
  const ownAnswered = answersOwn(best.c, OWN_QUESTION);
  const addsEvidence = (s: (typeof scored)[number]) =>
    mayJoinOwnAnswer(
      { c: s.c, askedNear: askedness(s.c) >= LATER_ASKED, kindLacking: cues.length > 0 && fits(s) && !chosen.some(fits) },
      chosen.map((x) => x.c),
      ownAnswered,
    );
  for (const s of [best, ...scored]) {
    if (chosen.length >= count || s.score < best.score * NEAR_BEST) break;
    if (!chosen.some((x) => x.c.sentence === s.c.sentence) && (s === best || (about(s) && answersLike(s) && addsEvidence(s)))) chosen.push(s);
  }
  // A question of a type ("what kinds", "how long") deserves one sentence with exactly that kind of
  // content when a close-enough one exists, even if looser sentences scored higher.
  const exact = cues.length && !chosen.some(fits) ? scored.find((x) => fits(x) && x.score >= best.score * 0.6 && about(x)) : undefined;
  if (exact) chosen.splice(Math.min(chosen.length, count - 1), 1, exact);
  // A yes or no is answered best by the rule said plainly ("No key or token is needed…"): one such sentence not quite
  // as near as NEAR_BEST still joins a guide's own answer, which may say it in other words ("requires an account, a key…").
  const rule =
    answerTypeOf(question) === "yes/no" && chosen.length < count
      ? scored.find((x) => !chosen.includes(x) && fits(x) && x.score >= best.score * RULE_NEAR && about(x))
      : undefined;
  if (rule) chosen.push(rule);
  // Facts first: the sentences with exactly the kind of content asked for (the number, the time, the
  // rule), and the answer to the visitor's own question, lead; the rest keep their order.
  // Only a sentence nearly as good as the best is moved ahead: one of a kind but about something else stays behind.
  const near = (x: (typeof scored)[number]) => x.score >= best.score * 0.85;
  const rank = (x: (typeof scored)[number]) => (answersOwn(x.c, SAME_QUESTION) ? 0 : cues.length && fits(x) && near(x) ? 1 : 2);
  const ordered = chosen.map((x, i) => ({ x, i })).sort((a, b) => rank(a.x) - rank(b.x) || a.i - b.i);
  // A question after a particular fact (a year, a price, who founded it: slots.ts) is answered only by a sentence
  // holding one; a near one that does leads, and without any the library does not say.
  const slots = slotsOf(question);
  if (
    slots.length &&
    !slotsHeld(
      slots,
      chosen.map((x) => x.c),
    )
  ) {
    const holding = scored.find((x) => x.score >= best.score * NEAR_BEST && about(x) && slotsHeld(slots, [x.c]));
    return holding ? { chosen: [holding.c], score: holding.score } : { chosen: [], score: best.score };
  }
  return { chosen: ordered.map(({ x }) => x.c), score: best.score };
}
