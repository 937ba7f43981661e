// One part of a question answered (ground.ts): every candidate sentence weighed for it in words and meaning, each
// FAQ unit's question and each question asked in visitors' words matched against the visitor's, then the quotable
// sentences chosen (extract.ts) and widened to their whole unit (quote-span.ts).
import { cuesOf, subjectTerms, type Cue } from "./answer-cues.ts";
import { ASKED_AS_SHARE, readOf, variantFacts, type VariantFacts } from "./asked-as.ts";
import type { Candidate } from "./candidate.ts";
import { sameKind } from "./cue.ts";
import { cosine, type Embedder } from "./embedder.ts";
import { choose } from "./extract.ts";
import type { Sourced } from "./grounding.ts";
import type { Expansions } from "./lexicon.ts";
import { askedMatch, questionTerms, questionWords, reachedTerms, readQuestion, wordsHeld } from "./questions.ts";
import { wholeUnits, withSequel } from "./quote-span.ts";
import { ofSpanAsked, withSpansAsked } from "./span-subject.ts";
import { withUnitRest } from "./unit-rest.ts";
import { asksOfTheWatch } from "./watch-asked.ts";
import { asksFields, withFieldItems } from "./field-items.ts";
import { withWhatIsOpen } from "./closed-open.ts";
import { withReviewSaid } from "./review-said.ts";
import { meaningEvidence, type Calibration } from "./rank.ts";
import { alternativesOf, localWeights, rarestWeight } from "./sentence-evidence.ts";
import type { Scorer } from "./sentence-score.ts";

/** What every part of one question is weighed against, made once per question (ground.ts). */
export interface PartContext {
  embedder: Embedder | null;
  candidates: Sourced[];
  /** The question and its parts, in the order of their vectors. */
  asks: string[];
  /** The FAQ units' questions among the candidates. */
  questions: string[];
  /** The questions in visitors' words the candidates answer (corpus/asked.ts). */
  variants: string[];
  /** Vectors (none without an embedder): of asks, then the candidates' sentences, then questions. */
  vectors: Float32Array[];
  variantVectors: Float32Array[];
  calibration: Calibration;
  expansions: Expansions | null;
  scorer: Scorer;
  /** How many sentences a part may quote: fewer when the question has several parts. */
  count: number;
}

/** The sentences chosen for one part (`asked`, the q-th of ctx.asks) and the best one's score. */
export function groundPart(ctx: PartContext, asked: string, q: number, quoted?: (c: Sourced) => boolean): { chosen: Sourced[]; score: number } {
  // A part asking after a span of the day itself ("what do you call this part of the night?", the hour told before it)
  // is answered from that span's section, read with the guide's words for a span, when a sentence there answers it;
  // from every candidate when none does (watch-asked.ts, span-subject.ts).
  if (asksOfTheWatch(asked)) {
    const read = withSpansAsked(asked, ctx.asks[0], ctx.candidates);
    const ofWatch = read === asked ? undefined : groundAs(ctx, read, q, quoted, true);
    if (ofWatch?.chosen.length) return ofWatch;
  }
  return groundAs(ctx, asked, q, quoted, false);
}

/** groundPart for one reading of the part; `spanOwn`, only sentences of the spans it asks after. */
function groundAs(
  ctx: PartContext,
  asked: string,
  q: number,
  quoted: ((c: Sourced) => boolean) | undefined,
  spanOwn: boolean,
): { chosen: Sourced[]; score: number } {
  const { embedder, candidates, asks, questions, variants, vectors, variantVectors, calibration, expansions, scorer } = ctx;
  const own = candidates.map((c) => ({ ...c }));
  const meaningOf = (i: number) => (embedder ? meaningEvidence(cosine(vectors[q], vectors[asks.length + i]), calibration) : 0);
  const kinds = cuesOf(asked);
  const subject = subjectTerms(asked, kinds);
  // A question of nothing but its kind ("How long is it?") is about nothing the library can be asked: a
  // follow-up is read with the question before it (tools/ask.ts).
  if (!subject.length) return { chosen: [], score: 0 };
  const alternatives = expansions ? alternativesOf(asked, expansions) : undefined;
  const local = localWeights(
    subject,
    own.map((c) => c.sentence),
    alternatives,
  );
  // A word that no sentence here holds and nothing links to the library ("goldfish") keeps the rarest weight
  // (localWeights): the question is about something the library never speaks of.
  const strange = alternatives !== undefined && subject.some((t, i) => !alternatives.get(t)?.length && local[i] === rarestWeight(own.length));
  const weights = new Map(subject.map((t, i) => [t, local[i]]));
  const usual = local.length ? local.reduce((a, b) => a + b, 0) / local.length : 1;
  const weightOf = (t: string) => weights.get(t) ?? usual;
  own.forEach((c, i) => (c.meaning = embedder ? meaningOf(i) : wordsOnly(asked, c, expansions, weightOf, strange)));
  // Each unit's question against the visitor's, in words (stems, expansions; rarer words weigh more) and meaning.
  const ofKind = (cues: Cue[]) => (w: string) => cues.some((k) => k.words.test(w));
  // The visitor's question read once, for every unit and asked-as question it is weighed against.
  const visitorRead = readQuestion(asked, expansions);
  const visitorTerms = questionTerms(asked);
  const sameKindAs = (theirs: Cue[]) => (kinds.length && theirs.length ? (kinds.some((k) => theirs.some((t) => sameKind(k, t))) ? 1 : 0) : 0.5);
  const matchOf = (unit: string, meaning: () => number, variant?: VariantFacts) => {
    // Both ways, each without its words of kind ("goes" in "what goes into", "hold" in "what does it hold"): the
    // unit asks the visitor's question when each holds what the other asks about, not only when the visitor's
    // one word ("service") is somewhere in it.
    const theirs = variant?.cues ?? cuesOf(unit);
    const fwd = wordsHeld(visitorRead, variant?.terms ?? questionTerms(unit), weightOf, ofKind(kinds));
    const back = wordsHeld(variant ? readOf(variant, expansions) : readQuestion(unit, expansions), visitorTerms, weightOf, ofKind(theirs));
    // An asked-as question must hold what the visitor asks about and the visitor what it asks, each way on its
    // own: an average let a short one ("How much does it cost?") or one set in a scene ("I'm in Lisbon…") meet
    // questions about other things ("…a premium subscription", "…a train from Lisbon to Porto").
    const inWords = variant ? Math.min(fwd, back) : (fwd + back) / 2;
    return askedMatch(inWords, embedder ? meaning() : wordsMeaning(inWords, strange), sameKindAs(theirs));
  };
  const asked_ = new Map(questions.map((unit, i) => [unit, matchOf(unit, () => meaningOf(candidates.length + i))]));
  // An asked-as question holding none of the terms the visitor's words reach holds nothing of them (questionWords
  // is 0, and so the lesser of both ways): only its meaning and kind are weighed, without reading it word by word.
  const reached = reachedTerms(visitorRead, ofKind(kinds));
  const variantMatch = new Map(
    variants.map((v, i) => {
      const facts = variantFacts(v);
      const meaning = () => meaningEvidence(cosine(vectors[q], variantVectors[i]), calibration);
      const near = [...facts.terms].some((t) => reached.has(t));
      return [v, near ? matchOf(v, meaning, facts) : askedMatch(0, embedder ? meaning() : 0, sameKindAs(facts.cues))];
    }),
  );
  for (const c of own) if (c.variants) c.askedAs = ASKED_AS_SHARE * Math.max(...c.variants.map((v) => variantMatch.get(v) ?? 0));
  for (const c of own) c.asked = c.question ? (asked_.get(c.question) ?? 0) : 0;
  // Sentences already quoted for an earlier part are no answer to a later one read with it (ground.ts). The words'
  // lead (words-lead.ts) answers a question asked whole: a part that finds nothing is asked again in its other reading.
  // Of a span of the day, only what is said of the spans asked after (span-subject.ts).
  const ofSpan = ofSpanAsked(asked, asks[0], own, spanOwn);
  const open = own.filter((c) => ofSpan(c) && !quoted?.(c));
  const { chosen, score } = choose(asked, open, { count: ctx.count, expansions, scorer, wordsOnly: !embedder && q === 0 });
  // A unit's later sentence holding what else the question asks is quoted with its opening (unit-rest.ts): "…and does
  // anyone read it?", asked as a part of its own, is said in the unit the first part found.
  const units = withUnitRest(wholeUnits(chosen, own), own, asks[0]);
  const widened = withWhatIsOpen(withFieldItems(withSequel(units, own), own, asksFields(asked)), own);
  return { chosen: withReviewSaid(widened, own, asked, asks[0]), score };
}

/**
 * What a guide's sentence that shares any of the question's words gains as meaning without vectors. The vectors
 * give such a sentence some meaning whatever its words (GloVe's mean on dev is about 0.35), so words alone left a
 * guide's fact just under the floor that hybrid answers pass; fitted on dev (docs/ask-eval.md, sixth round). A
 * piece's line gains nothing: verse and stories share everyday words with off-topic questions ("sourdough"); nor
 * does any sentence when the question holds a word the library and its links never use (vectors would tell).
 */
export const WORDS_GUIDE_MEANING = 0.2;

/**
 * What a unit's or an asked-as question that shares words with the visitor's gains as meaning without vectors: as for
 * sentences (WORDS_GUIDE_MEANING), GloVe gives two questions about the sanctuary some meaning whatever their words,
 * so from words alone the guides' questions in visitors' words fell short of the matches (ASKED_NEAR, SAME_QUESTION)
 * hybrid reaches. A question holding a word nothing links to gains none, and no meaning at all: its words are not
 * the library's. Set on dev with the off-topic refusals cross-validated (scripts/fit-off-topic.ts, words): none
 * 314/390 carried and 215/225 refused; 0.35 327 and 215; 0.5 334 and 214 (docs/ask-eval.md, seventeenth round).
 */
export const WORDS_ASKED_MEANING = 0.35;

const wordsMeaning = (inWords: number, strange: boolean) => (inWords > 0 && !strange ? Math.min(1, WORDS_ASKED_MEANING + inWords) : 0);

/**
 * Meaning without vectors: how much of the question the sentence and its heading hold in words, stems and
 * expansions. It stands where the vectors' evidence stands, so the same floor and weights serve both modes.
 */
function wordsOnly(question: string, c: Candidate, expansions: Expansions | null, weightOf: (t: string) => number, strange: boolean): number {
  const held = questionWords(question, `${c.sentence} ${c.heading}`, expansions, weightOf);
  return held > 0 && c.guide !== false && !strange ? Math.min(1, WORDS_GUIDE_MEANING + held) : held;
}
