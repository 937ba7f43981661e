// What an answer stands on: every sentence of the retrieved pages is a candidate, scored for the question
// (extract.ts) by its words, stems and WordNet expansions, its meaning (the vectors, when ready), its kind of
// content and its page's rank; a question that asks two things is answered part by part.
import { plainText } from "../corpus/asked.ts";
import { inDistress, WHERE_HELP_IS } from "./distress.ts";
import { NO_SOURCES, type AskSources, type Summary } from "./ask-library.ts";
import { chunkPiece, type Chunk } from "./chunks.ts";
import { withoutTimes, withWatchStarts } from "./clock-words.ts";
import { namedSpans, withSpanNames, type NamedSpan } from "./hour-names.ts";
import { cosine, type Embedder } from "./embedder.ts";
import { askingClause, partsOf } from "./answer-type.ts";
import { cuesOf, subjectTerms, type Cue } from "./answer-cues.ts";
import { ASK_SCORER, choose, sentencesOf, type Candidate, type Scorer } from "./extract.ts";
import { alternativesOf, localWeights, rarestWeight } from "./sentence-evidence.ts";
import type { Hit } from "./index.ts";
import type { Expansions } from "./lexicon.ts";
import { askedMatch, questionTerms, questionWords, reachedTerms, readQuestion, unitQuestion, wordsHeld } from "./questions.ts";
import { ASKED_AS_SHARE, readOf, variantFacts, vectorsOfVariants, type VariantFacts } from "./asked-as.ts";
import { wholeUnits, withSequel } from "./quote-span.ts";
import { meaningEvidence, rawCalibrationFor } from "./rank.ts";
import { findPieces, piecesAsked, type PieceCard } from "./pieces.ts";
import { heldOffTopic } from "./off-topic.ts";

/** What an answer stands on: the sentences chosen for the question and the passages they come from. */
export interface Grounding {
  covered: boolean;
  sentences: Candidate[];
  /** The passages the chosen sentences come from: what a generated answer is given. */
  passages: Hit[];
  /** Per passage, its page's place among the hits, from 1: the number a generated answer cites it by. */
  numbers: number[];
  /** The best sentence's score: how surely the library covers the question (when it does not, how nearly). */
  score: number;
  /** Pages the answer quotes that were not among the hits (guides read whole, see ask-library.ts guidePages): sources after the hits, numbered on from them. */
  extra: Hit[];
}

/** No answer: the library does not cover the question. */
const NOTHING: Grounding = { covered: false, sentences: [], passages: [], numbers: [], score: 0, extra: [] };

type Sourced = Candidate & {
  passage: Chunk;
  hit: Hit;
  /** Questions in visitors' words that this guide sentence answers (corpus/asked.ts). */
  variants?: readonly string[];
};

/**
 * Every sentence of the hits' pages, in reading order, with what it is about. A piece found by search is
 * first said by its summary: "How can I close the day well?" is answered by what a practice is ("An evening
 * review that walks the day backwards…"), which its lines, written to be prayed or sung, seldom say.
 */
function candidatesOf(hits: Hit[], summaryOf: ReadonlyMap<string, Summary>, askedOf: AskSources["askedOf"]): Sourced[] {
  const candidates: Sourced[] = [];
  hits.forEach((hit, pageRank) => {
    let position = 0;
    const summary = hit.chunk.category === "docs" ? undefined : summaryOf.get(hit.chunk.page);
    const opening = hit.passages[0];
    if (summary && opening) {
      const tldr = /[.!?]$/.test(summary.tldr) ? summary.tldr : `${summary.tldr}.`;
      candidates.push({
        sentence: tldr,
        title: hit.chunk.title,
        context: `${hit.chunk.title}. A ${summary.kind}. ${summary.themes.join(", ")}.`,
        heading: "",
        pageRank,
        position: position++,
        meaning: 0,
        leads: false,
        question: null,
        asked: 0,
        guide: false,
        kind: summary.kind,
        passage: opening,
        hit,
      });
    }
    const seen = new Set<string | null>();
    const asked = hit.chunk.category === "docs" ? askedOf(hit.chunk.page) : [];
    for (const passage of hit.passages) {
      // The first sentence under a heading that is a question (a FAQ's) is that question's answer.
      const asks = unitQuestion(passage.section);
      const opensSection = !seen.has(passage.section) && asks !== null;
      seen.add(passage.section);
      sentencesOf(passage.text).forEach((sentence, i, all) => {
        // What a sentence is about may be said just before it ("Give a timezone… Without one, …").
        const context = `${hit.chunk.title}. ${passage.section ?? ""}. ${all[i - 1] ?? ""}`;
        const plain = asked.length ? plainText(sentence) : "";
        const variants = asked.filter((a) => plain.includes(a.fragment)).flatMap((a) => a.questions);
        candidates.push({
          sentence,
          title: hit.chunk.title,
          context,
          heading: passage.section ?? "",
          pageRank,
          position: position++,
          meaning: 0,
          leads: opensSection && i === 0,
          question: asks,
          asked: 0,
          guide: passage.category === "docs",
          kind: passage.category === "docs" ? undefined : (summary?.kind ?? passage.category),
          passage,
          hit,
          ...(variants.length ? { variants } : {}),
        });
      });
    }
  });
  return candidates;
}

/**
 * Picks the sentences that answer this question (extract.ts) from the hits' pages. Both kinds of answer
 * stand on the result: the extractive one quotes the sentences, the generated one is given their passages.
 * A question of two parts ("How many…, and how long…?") has each part answered on its own, the first
 * part's sentences first; it is covered when any part is.
 */
export async function groundAnswer(
  embedder: Embedder | null,
  question: string,
  hits: Hit[],
  expansions: Expansions | null = null,
  /** The guides read whole, the pieces' summaries and cards, the asked-as questions (ask-library.ts). */
  sources: AskSources = NO_SOURCES,
  /** How sentences are scored (extract.ts): ask's own unless a fit being measured (scripts/fit-ask.ts) says otherwise. */
  scorer: Scorer = ASK_SCORER,
): Promise<Grounding> {
  const grounding = await groundQuestion(embedder, question, hits, expansions, sources, scorer);
  if (inDistress(question)) return withHelp(grounding, hits, sources);
  if (heldOffTopic(question, grounding.covered, grounding.score, await sources.offTopicOdds)) return { ...NOTHING, score: grounding.score };
  return grounding;
}

/** The pages an answer weighs: the hits, then every guide not among them (read whole: ask-library.ts). */
function pagesWeighed(hits: Hit[], sources: AskSources): Hit[] {
  const found = new Set(hits.map((h) => h.chunk.page));
  return [...hits, ...sources.guides.filter((h) => !found.has(h.chunk.page))];
}

/**
 * A visitor who may be in danger (distress.ts) is first told where help is: the guide's sentence that names it,
 * with its question-and-answer unit ("What if I am struggling right now?"), opens the answer, before whatever
 * else answers the question. Its page is numbered as any quoted page is: by its place among the hits, or after them.
 */
function withHelp(grounding: Grounding, hits: Hit[], sources: AskSources): Grounding {
  const candidates = candidatesOf(pagesWeighed(hits, sources), sources.summaries, () => []);
  const help = candidates.filter((c) => c.guide && WHERE_HELP_IS.test(c.sentence));
  const first = help.find((c) => c.question) ?? help[0];
  if (!first) return grounding;
  // Quoted from its unit's opening through the sentence naming help (quote-span.ts), ahead of the rest, once.
  first.asked = 1;
  const quoted = wholeUnits([first], candidates);
  const rest = grounding.sentences.filter((c) => !quoted.some((q) => q.sentence === c.sentence && q.title === c.title));
  const extra = [...grounding.extra];
  const numberOf = (c: Sourced) => {
    if (c.pageRank < hits.length) return c.pageRank + 1;
    const at = extra.findIndex((h) => h.chunk.page === c.hit.chunk.page);
    return hits.length + 1 + (at >= 0 ? at : extra.push(c.hit) - 1);
  };
  return {
    ...grounding,
    covered: true,
    sentences: [...quoted, ...rest],
    passages: [{ ...first.hit, chunk: first.passage }, ...grounding.passages],
    numbers: [numberOf(first), ...grounding.numbers],
    extra,
  };
}

async function groundQuestion(
  embedder: Embedder | null,
  question: string,
  hits: Hit[],
  expansions: Expansions | null,
  sources: AskSources,
  scorer: Scorer,
): Promise<Grounding> {
  // "Is there a prayer for…?" is answered by the piece itself, found among all pieces of that kind by its topic.
  const kinds = piecesAsked(question);
  if (kinds && sources.cards.length) {
    const { found } = await findPieces(question, kinds, sources.cards, embedder, expansions);
    // No piece of that kind is about it: the library has none, and a guide's sentence is no answer to such a question.
    return found.length ? namedPieces(found, hits) : NOTHING;
  }
  const candidates = candidatesOf(pagesWeighed(hits, sources), sources.summaries, sources.askedOf);
  if (!candidates.length) return NOTHING;
  question = questionTimes(question, namedSpans(new Set(candidates.map((c) => c.heading))));
  // A later part that names almost nothing of its own ("…, and what did they do before?") is read with the first part.
  const parts = partsOf(question).map((p, i, all) => (i > 0 && subjectTerms(p, cuesOf(p)).length < 3 ? `${all[0]} ${p}` : p));
  const questions = [...new Set(candidates.map((c) => c.question).filter((q): q is string => !!q))];
  const variants = [...new Set(candidates.flatMap((c) => c.variants ?? []))];
  // Without an embedder (the first seconds of a start, search from words only) sentences and questions are
  // matched by their words alone, and words stand in for meaning too (wordsOnly below).
  const vectors = embedder ? await embedder.embed([question, ...parts, ...candidates.map((c) => c.sentence), ...questions]) : [];
  const variantVectors = embedder ? await vectorsOfVariants(embedder, variants) : [];
  const calibration = rawCalibrationFor(embedder?.id ?? "");
  const asks = [question, ...parts];
  const picks = parts.length > 1 ? parts.map((part, i) => pick(part, i + 1)) : [pick(question, 0)];
  function pick(asked: string, q: number): { chosen: Sourced[]; score: number } {
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
    const sameKindAs = (theirs: Cue[]) => (kinds.length && theirs.length ? (kinds.some((k) => theirs.includes(k)) ? 1 : 0) : 0.5);
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
      return askedMatch(inWords, embedder ? meaning() : inWords, sameKindAs(theirs));
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
    const { chosen, score } = choose(asked, own, parts.length > 1 ? 2 : 3, expansions, scorer);
    return { chosen: withSequel(wholeUnits(chosen, own), own), score };
  }
  const chosen: Sourced[] = [];
  for (const p of picks) for (const c of p.chosen) if (!chosen.some((x) => x.sentence === c.sentence && x.passage.page === c.passage.page)) chosen.push(c);
  const score = Math.max(...picks.map((p) => p.score));
  // Every passage a chosen sentence comes from, once, in the order the sentences are quoted; a page from
  // beyond the hits is numbered after them, in the order it is first quoted.
  const extra: Hit[] = [];
  const numberOf = (c: Sourced) => {
    if (c.pageRank < hits.length) return c.pageRank + 1;
    if (!extra.includes(c.hit)) extra.push(c.hit);
    return hits.length + extra.indexOf(c.hit) + 1;
  };
  const passages = new Map<string, { hit: Hit; number: number }>();
  for (const c of chosen) if (!passages.has(c.passage.id)) passages.set(c.passage.id, { hit: { ...c.hit, chunk: c.passage }, number: numberOf(c) });
  const used = [...passages.values()];
  return { covered: chosen.length > 0, sentences: chosen, passages: used.map((p) => p.hit), numbers: used.map((p) => p.number), score, extra };
}

/** The pieces found for "is there a <kind> about…", each said by its summary, with its title and where to read it. */
function namedPieces(found: PieceCard[], hits: Hit[]): Grounding {
  const extra: Hit[] = [];
  const sentences: Sourced[] = [];
  const numbers: number[] = [];
  for (const { piece } of found) {
    const passages = chunkPiece(piece);
    const rank = hits.findIndex((h) => h.chunk.page === piece.path);
    const hit = rank >= 0 ? hits[rank] : { chunk: passages[0], score: 0, passages };
    if (rank < 0) extra.push(hit);
    numbers.push(rank >= 0 ? rank + 1 : hits.length + extra.length);
    const tldr = /[.!?]$/.test(piece.tldr) ? piece.tldr : `${piece.tldr}.`;
    sentences.push({
      ...{ sentence: tldr, title: piece.title, context: "", heading: "", pageRank: rank >= 0 ? rank : hits.length, position: 0, meaning: 0, leads: false },
      ...{ guide: false, kind: piece.kind, where: passages[0].pagePath, passage: passages[0], hit },
    });
  }
  return { covered: true, sentences, passages: sentences.map((c) => ({ ...c.hit, chunk: c.passage })), numbers, score: 1, extra };
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
 * Meaning without vectors: how much of the question the sentence and its heading hold in words, stems and
 * expansions. It stands where the vectors' evidence stands, so the same floor and weights serve both modes.
 */
function wordsOnly(question: string, c: Candidate, expansions: Expansions | null, weightOf: (t: string) => number, strange: boolean): number {
  const held = questionWords(question, `${c.sentence} ${c.heading}`, expansions, weightOf);
  return held > 0 && c.guide !== false && !strange ? Math.min(1, WORDS_GUIDE_MEANING + held) : held;
}

/**
 * A clock time said before the words that ask ("If we both log on at 8am our own time, do we hear the same
 * thing?") says when the visitor is, not what they ask about: it is left out, unless those words ask after a
 * watch, slot or time ("I come at 10pm. What's that watch called?"). Each time kept is its hour's word, with its
 * watch's start beside it (clock-words.ts).
 */
function questionTimes(question: string, spans: readonly NamedSpan[]): string {
  const asking = askingClause(question);
  const at = Math.max(0, question.lastIndexOf(asking));
  // What comes before the words that ask is a scene only after any question it holds ("what's the 4am to 8am watch
  // called? and the one after midnight?" asks by both times).
  const asked = question.slice(0, at).lastIndexOf("?") + 1;
  const scene = question.slice(asked, at);
  const kept = `${question.slice(0, asked)}${/\b(?:watch(?:es)?|slots?|hours?|time)\b/i.test(asking) ? scene : withoutTimes(scene)}${question.slice(at)}`;
  return withWatchStarts(withSpanNames(kept, spans));
}
