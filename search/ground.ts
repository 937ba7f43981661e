// What an answer stands on: every sentence of the retrieved pages is a candidate (page-candidates.ts), scored for
// the question (ground-part.ts, extract.ts) by its words, stems and WordNet expansions, its meaning (the vectors, when
// ready), its kind of content and its page's rank; a question that asks two things is answered part by part. A
// request for a piece names the pieces found (named-pieces.ts); a visitor in danger is told where help is first
// (ground-help.ts); a question heard as off-topic and not clearly covered is refused (off-topic.ts).
import { distressOf, type Distress } from "./distress.ts";
import { NO_SOURCES, type AskSources } from "./ask-library.ts";
import { askingActingFor } from "./subject-cues.ts";
import { withGuidesWords } from "./guides-words.ts";
import { withConceptWords } from "./concept-words.ts";
import { namedSpans } from "./hour-names.ts";
import { questionTimes } from "./question-times.ts";
import type { Embedder } from "./embedder.ts";
import { partsRead } from "./follow-up.ts";
import { groundPart, type PartContext } from "./ground-part.ts";
import { holdsPartOwn, wordsAdded } from "./part-own-words.ts";
import { withHelp } from "./ground-help.ts";
import { NOTHING, type Grounding, type Sourced } from "./grounding.ts";
import type { Hit } from "./index.ts";
import type { Expansions } from "./lexicon.ts";
import { vectorsOfVariants } from "./asked-as.ts";
import { namedPieces } from "./named-pieces.ts";
import { asksForNames } from "./heading-lists.ts";
import { candidatesOf, headingListCandidates, pagesWeighed } from "./page-candidates.ts";
import { rawCalibrationFor } from "./rank.ts";
import { findPieces, piecesAsked } from "./pieces.ts";
import { heldOffTopic, OFF_TOPIC_ODDS } from "./off-topic.ts";
import { KINDS } from "./piece-words.ts";
import { asksHowToLive, SCENE_GUIDE_STRONG, sceneTold } from "./scene-request.ts";
import { livedAnswer, unwrittenFor } from "./how-to-live.ts";
import { askingSentence } from "./asking-sentence.ts";
import { askedWithToldHour } from "./watch-asked.ts";
import { withoutGuesses } from "./guessed-values.ts";
import { offeredKind } from "./offered-kind.ts";
import { guideTitled } from "./guide-titled.ts";
import { guideWhereRead } from "./guide-where.ts";
import { afterThePiece, guidePartOf, joinedGroundings } from "./guide-part.ts";
import { ASK_SCORER, type Scorer } from "./sentence-score.ts";

export type { Grounding } from "./grounding.ts";

const ANY_KIND = KINDS.map(([kind]) => kind);

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
  /** How sentences are scored (sentence-score.ts): ask's own unless a fit being measured (scripts/fit-ask.ts) says otherwise. */
  scorer: Scorer = ASK_SCORER,
): Promise<Grounding> {
  const reading: Reading = { embedder, hits, expansions, sources, scorer, distress: distressOf(question) };
  const grounding = await groundQuestion(question, reading);
  if (reading.distress) return withHelp(grounding, hits, sources);
  // Heard with the guides' words for the sanctuary's concepts it says in its own ("is GMT+1 ok?"): concept-words.ts.
  const heard = withConceptWords(question);
  const odds = await sources.offTopicOdds;
  if (heldOffTopic(heard, grounding.covered, grounding.score, odds)) return { ...NOTHING, score: grounding.score };
  // Nor is a piece offered to read, or the library said to have nothing written for it yet, for a question it is not
  // about ("How do I fix a leaking tap?").
  return (grounding.offered?.length || grounding.unwritten) && odds(heard) >= OFF_TOPIC_ODDS ? { ...grounding, offered: [], unwritten: false } : grounding;
}

/** What a question is read with, once per question: groundAnswer's arguments, and whether the visitor may be in danger. */
interface Reading {
  embedder: Embedder | null;
  hits: Hit[];
  expansions: Expansions | null;
  sources: AskSources;
  scorer: Scorer;
  distress: Distress;
}

/**
 * Whether the pieces about a scene or a how-to may answer it: not for one who says they may be in danger, who is told
 * where help is and nothing else (a prayer beside it would read as an answer to that). One the model only senses may
 * be having a hard day told plainly ("Just got the diagnosis. I don't know what to do with myself tonight."): told
 * where help is first, then given what anyone telling that day would be (withHelp), so a false alarm costs one passage.
 */
const piecesMayAnswer = (reading: Reading) => reading.distress !== "said" && reading.sources.cards.length > 0;

async function groundQuestion(question: string, reading: Reading): Promise<Grounding> {
  const { embedder, hits, expansions, sources } = reading;
  // "Is there a prayer for…?" is answered by the piece itself, found among all pieces of that kind by its topic.
  const kinds = piecesAsked(question);
  if (kinds && sources.cards.length) {
    const { found, near } = await findPieces(question, kinds, sources.cards, embedder, expansions);
    // No piece of that kind is about it, or none found speaks to what it is about (subject-fit.ts): the library has
    // none written for it yet, and a guide's sentence is no answer to such a question; the pieces found are offered to read.
    if (!found.length) return unwrittenFor(near, hits);
    // What is asked besides the piece ("…? And what's the watch called?") is answered after it (guide-part.ts).
    const rest = afterThePiece(question);
    const more = rest ? await groundQuestion(rest, reading) : NOTHING;
    return more.covered ? joinedGroundings(hits, namedPieces(found, hits), more) : namedPieces(found, hits);
  }
  // A guide asked for by its title is answered by that guide's own opening (guide-titled.ts); asked with more
  // besides, the guide is named for its own part and the rest answered after it (guide-part.ts).
  const split = guidePartOf(question);
  const titled = guideTitled(question, hits, sources.guides, sources.guideAbout);
  // The guide is named by its own part, or by the whole question when that part alone names none ("which doc says what
  // you do with my data, and is my timezone saved?": the keeping is said in the later part).
  const named = split && (guideTitled(split.guide, hits, sources.guides, sources.guideAbout) ?? titled);
  if (split && named) return joinedGroundings(hits, named, await groundQuestion(split.rest, reading));
  if (titled) return titled;
  // A visitor offering a piece of their own asks whether its kind is open (offered-kind.ts), whatever the story around it.
  const grounding = await askedAlone(question, reading, await groundSentences(offeredKind(question) ?? question, reading));
  // A scene of the visitor's life, asking for nothing in particular (scene-request.ts), that no guide's fact answers
  // strongly is answered by the pieces about it, of any kind, when one is (after where help is, for one who may be in danger: piecesMayAnswer).
  if (sceneTold(question) && piecesMayAnswer(reading) && (!grounding.covered || grounding.score < SCENE_GUIDE_STRONG)) {
    const { found, near } = await findPieces(question, ANY_KIND, sources.cards, embedder, expansions);
    if (found.length) return namedPieces(found, hits);
    // Pieces near it in score that do not speak to what it tells are no answer, nor are the sentences beside them.
    if (near.length) return unwrittenFor(near, hits);
  }
  // A how-to about living (scene-request.ts) is answered by the pieces about it, not by guides padding it (how-to-live.ts).
  if (asksHowToLive(question) && piecesMayAnswer(reading)) return livedAnswer(question, grounding, { hits, sources, embedder, expansions });
  // "Where do I read the axioms?" is answered by the guide that is about them, named with its address, first (guide-where.ts).
  const place = guideWhereRead(question, hits, sources.guides, sources.guideAbout);
  if (place) return grounding.covered ? joinedGroundings(hits, place, grounding) : place;
  return grounding;
}

/**
 * A question not covered as a whole may be covered by its asking sentence alone (askingSentence): "My dad died in
 * March and I'd like to leave a few words after tonight's service. Can strangers see them?" asks who sees what is
 * left, and the grief before it holds no word of the guide that answers. Never a scene asking only for something
 * (sceneTold), which the pieces answer.
 */
async function askedAlone(question: string, reading: Reading, whole: Grounding): Promise<Grounding> {
  // Or by the question without the values the visitor guesses at (guessed-values.ts).
  const unguessed = whole.covered ? undefined : withoutGuesses(question);
  if (unguessed) whole = await askedAlone(unguessed, reading, await groundSentences(unguessed, reading));
  // Read with the hour the scene told, when it asks after that hour's watch (watch-asked.ts).
  const said = askedWithToldHour(question) ?? askingSentence(question);
  if (whole.covered || !said || sceneTold(question)) return whole;
  // Still read as asked for the person the agent acts for, when the scene said so (subject-cues.ts).
  const asking = askingActingFor(question, said);
  const alone = await groundSentences(asking, reading);
  return alone.covered ? alone : whole;
}

/** The sentences of the hits' pages and the guides that answer the question, part by part. */
async function groundSentences(question: string, { embedder, hits, expansions, sources, scorer }: Reading): Promise<Grounding> {
  const weighed = pagesWeighed(hits, sources);
  // A set named only in a guide's headings is said as one sentence for a question after names or a list.
  const lists = asksForNames(question) ? headingListCandidates(weighed, sources.guides) : [];
  const candidates = [...candidatesOf(weighed, sources.summaries, sources.askedOf), ...lists];
  if (!candidates.length) return NOTHING;
  question = questionTimes(withGuidesWords(question), namedSpans(new Set(candidates.map((c) => c.heading))));
  // A later part that names almost nothing of its own, or refers back ("…, and what did they do before?"), is read with the part before (follow-up.ts).
  const read = partsRead(question);
  const parts = read.map((p) => p.text);
  const otherwise = read.flatMap((p) => [p.otherwise, p.alone].filter((o): o is string => o !== undefined));
  const questions = [...new Set(candidates.map((c) => c.question).filter((q): q is string => !!q))];
  const variants = [...new Set(candidates.flatMap((c) => c.variants ?? []))];
  // Without an embedder (the first seconds of a start, search from words only) sentences and questions are
  // matched by their words alone, and words stand in for meaning too (ground-part.ts wordsOnly).
  const vectors = embedder ? await embedder.embed([question, ...parts, ...otherwise, ...candidates.map((c) => c.sentence), ...questions]) : [];
  const variantVectors = embedder ? await vectorsOfVariants(embedder, variants) : [];
  const calibration = rawCalibrationFor(embedder?.id ?? "");
  const asks = [question, ...parts, ...otherwise];
  const context: PartContext = {
    ...{ embedder, candidates, asks, questions, variants, vectors, variantVectors, calibration, expansions, scorer },
    count: parts.length > 1 ? 2 : 3,
  };
  const chosen: Sourced[] = [];
  const quoted = (c: Sourced) => chosen.some((x) => x.sentence === c.sentence && x.passage.page === c.passage.page);
  const picks: Array<{ chosen: Sourced[]; score: number }> = [];
  // A part read with the one before leans toward that part's answer: it is answered by sentences not yet quoted.
  for (const [i, part] of parts.entries()) {
    // Read with a part before that found its answer, it is answered only by sentences holding what it adds (part-own-words.ts);
    // read with one that found none, it answers that part too.
    const own = read[i].carried && picks[i - 1]?.chosen.length ? holdsPartOwn(wordsAdded(part, parts[i - 1]), part, expansions) : undefined;
    const passed = (c: Sourced) => quoted(c) || (own !== undefined && !own(c));
    let pick = parts.length > 1 ? groundPart(context, part, i + 1, read[i].carried ? passed : undefined) : groundPart(context, question, 0);
    // A part whose reading finds nothing is asked in its other reading (follow-up.ts): with the earlier part's subject, or alone.
    const other = read[i].otherwise;
    if (!pick.chosen.length && other !== undefined) pick = groundPart(context, other, asks.indexOf(other), passed);
    // None holding them, the part may still be answered in other words, near in meaning: as it was read before.
    if (!pick.chosen.length && own !== undefined) pick = groundPart(context, part, i + 1, quoted);
    // Nor so, it is asked alone, without the scene told before the earlier part: the story's words outweighed its own.
    const alone = read[i].alone;
    if (!pick.chosen.length && alone !== undefined) pick = groundPart(context, alone, asks.indexOf(alone), quoted);
    picks.push(pick);
    for (const c of pick.chosen) if (!quoted(c)) chosen.push(c);
  }
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
