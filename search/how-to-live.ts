// A how-to about living ("How do I practice letting go of a grudge?", "What can I do when I cannot sleep?",
// scene-request.ts asksHowToLive) is answered by the pieces written for it (pieces.ts), not by a guide's sentence
// that only shares its words ("A practice should have steps someone can follow."): such a guide is weighed beside
// search's hits whatever they are (ask-library.ts) and has no search relevance of its own for the question (score 0).
// docs/search.md, "A how-to about living". Pure functions but findPieces' per-library caches.
import type { AskSources } from "./ask-library.ts";
import type { Candidate } from "./candidate.ts";
import type { Embedder } from "./embedder.ts";
import { NOTHING, type Grounding } from "./grounding.ts";
import type { Hit } from "./index.ts";
import type { Expansions } from "./lexicon.ts";
import { namedPieces } from "./named-pieces.ts";
import { KINDS } from "./piece-words.ts";
import { findPieces, PIECE_FLOOR, RUNNER_UP } from "./pieces.ts";
import { withConceptWords } from "./concept-words.ts";
import type { LogOdds } from "./naive-bayes.ts";
import { OFF_TOPIC_ODDS } from "./off-topic.ts";
import { situationsOf } from "./piece-situation.ts";
import { SCENE_GUIDE_STRONG } from "./scene-request.ts";
import { pieceHit, piecesMadeFor } from "./situation-answer.ts";
import type { PieceCard } from "./piece-cards.ts";
import { sentenceSpeaks } from "./subject-fit.ts";
import { sentenceDeclares, subjectHeld, subjectWords, wordLinks } from "./subject-held.ts";
import type { Situation } from "./situation-words.ts";

const ANY_KIND = KINDS.map(([kind]) => kind);
/** Pages offered when nothing answers: no more than a visitor would read down a short list. */
const OFFERED = 3;
/**
 * Least score for a piece to answer a how-to about living, above the pieces' own floor (PIECE_FLOOR): a how-to asks
 * something of the visitor's life, and a piece sharing one word of a practical task ("houseplants in winter" with a
 * winter piece, a job interview with one on handing work over) scored 0.47 to 0.50 on questions written for it, where
 * pieces made for what was asked (a grudge, a sleepless night, forgiving a brother, an old dog) scored 0.69 and up.
 * Dev is the same at 0.6 as at the floor.
 */
export const LIVED_FLOOR = 0.6;

/**
 * The least score for a piece made for the situation told (its themes or title carry it: piece-situation.ts
 * madeForAny) to answer, when guides and pieces of other situations are set aside (situation-answer.ts): what
 * LIVED_FLOOR keeps out, a piece sharing one word of a task, is not made for a situation told. Made for the
 * situation, for a person's loss or a sleepless night, they scored 0.5 to 0.6 on questions told in visitors' own
 * words ("the first winter after my dad died"), and a first- or second-best piece of no other situation was never one.
 */
export const SITUATED_FLOOR = 0.5;

/**
 * Whether an answer leans on the guides: any sentence from a guide, among search's hits or weighed beside them (the
 * guides read whole, which search gave no relevance for the question, score 0). Such sentences pad an answer to a
 * how-to about living ("GET /api/now shows what is being offered" for the first days after a dog is put down); they
 * are not one, and a piece quoted beside them does not make them one.
 */
export function leansOnGuides(grounding: Grounding, hits: readonly Hit[]): boolean {
  return grounding.covered && grounding.sentences.some((c) => fromGuide(c, hits));
}

/** Whether a sentence comes from a guide: one weighed beside search's hits (read whole) or a hit of the guides' section. */
function fromGuide(c: Candidate, hits: readonly Hit[]): boolean {
  return c.pageRank >= hits.length || hits[c.pageRank].chunk.category === "docs";
}

/** The pieces among search's own hits for the question, best first: offered to read when none is said to fit it. */
export function piecesOffered(hits: readonly Hit[]): Hit[] {
  return hits.filter((h) => h.score > 0 && h.chunk.category !== "docs").slice(0, OFFERED);
}

/**
 * The answer when nothing found speaks to a question of the visitor's life (subject-fit.ts): not covered, the library
 * has nothing written for it yet, and the pieces found nearest (`near` first, then search's own) are offered to read.
 */
export function unwrittenFor(near: readonly PieceCard[], hits: readonly Hit[], score = 0): Grounding {
  const pages = [...near.map((c) => pieceHit(c, hits)), ...piecesOffered(hits)];
  const offered = pages.filter((h, i) => pages.findIndex((o) => o.chunk.page === h.chunk.page) === i).slice(0, OFFERED);
  return { ...NOTHING, score, offered, unwritten: true };
}

/** Whether any of an answer's sentences speaks to the question's own subject (subject-fit.ts), by its words and its unit's. */
function sentencesSpeak(question: string, grounding: Grounding, sources: AskSources, expansions: Expansions | null): boolean {
  const subject = subjectWords(question, sources.cards);
  const links = wordLinks(question, expansions);
  return grounding.sentences.some((c) => sentenceSpeaks(subject, subjectHeld(question, sentenceDeclares(c), sources.cards, links)));
}

/**
 * Whether a piece may answer the question as one of living: one the off-topic model hears (how to get a stain out of
 * a carpet, which a blessing's summary happens to tell) only when it tells a situation the pieces are
 * written for (piece-situation.ts: "What can I do when I cannot sleep?").
 */
function pieceMayAnswer(question: string, odds: LogOdds): boolean {
  return odds(withConceptWords(question)) < OFF_TOPIC_ODDS || situationsOf(question).length > 0;
}

/** What a question's reading gives a how-to about living: search's hits, the library's sources, the vectors and WordNet. */
export interface LivedReading {
  hits: Hit[];
  sources: AskSources;
  embedder: Embedder | null;
  expansions: Expansions | null;
}

/**
 * The answer to a how-to about living, given what the sentences made of it. One that tells its situation (a loss, a
 * sleepless night: piece-situation.ts) is answered by the pieces made for it (`situationAnswer`). Otherwise: the pieces about it, found by their topic
 * as a requested piece is, when the sentences come from search's hits nowhere and the piece scores above them; the
 * piece's score is kept, so that a question heard as off-topic is still refused (ground.ts). With no piece, an answer
 * standing only on guides weighed beside, and not strongly, is no answer: not covered, with search's pieces offered to read.
 */
export async function livedAnswer(question: string, grounding: Grounding, asked: LivedReading): Promise<Grounding> {
  const { hits, sources, embedder, expansions } = asked;
  const told = situationsOf(question);
  if (told.length) return situationAnswer(question, told, grounding, asked);
  if (grounding.covered && !leansOnGuides(grounding, hits) && sentencesSpeak(question, grounding, sources, expansions)) return grounding;
  const { found, score, near } = await findPieces(question, ANY_KIND, sources.cards, embedder, expansions);
  const fits = found.length > 0 && score >= LIVED_FLOOR && (!grounding.covered || score > grounding.score);
  if (fits && pieceMayAnswer(question, await sources.offTopicOdds)) return { ...namedPieces(found, hits), score };
  // A guide that answers it strongly (SCENE_GUIDE_STRONG, as for a scene told) still does: "How do I sit with this?" may be the guides' own.
  // Either only when it speaks to what was asked (subject-fit.ts): a sentence on looking around without being counted
  // is no answer to keeping on visiting a grandmother who no longer knows you, however its words score.
  if (grounding.covered && grounding.score >= SCENE_GUIDE_STRONG && sentencesSpeak(question, grounding, sources, expansions)) return grounding;
  // The guides set aside, the pieces' own sentences among search's hits still answer: "How do I end my day gently?"
  // quoted a guide's search example beside "The Evening Ledger", whose sentences are the answer.
  const fromPieces = withoutGuides(grounding, hits);
  if (fromPieces.covered && sentencesSpeak(question, fromPieces, sources, expansions)) return fromPieces;
  return unwrittenFor(near, hits, grounding.score);
}

/**
 * A grounding's sentences from pieces among search's hits alone, with their passages (numbered as before): what is
 * left of an answer once the guides' sentences, among the hits or weighed beside them, are set aside. Not covered
 * when none is left.
 */
export function withoutGuides(grounding: Grounding, hits: readonly Hit[]): Grounding {
  const sentences = grounding.sentences.filter((c) => !c.guide && !fromGuide(c, hits));
  if (!sentences.length) return { ...NOTHING, score: grounding.score };
  const pages = new Set(sentences.map((c) => hits[c.pageRank].chunk.page));
  const kept = grounding.passages.flatMap((passage, i) => (pages.has(passage.chunk.page) && grounding.numbers[i] <= hits.length ? [i] : []));
  return {
    covered: true,
    sentences,
    passages: kept.map((i) => grounding.passages[i]),
    numbers: kept.map((i) => grounding.numbers[i]),
    score: grounding.score,
    extra: [],
  };
}

/**
 * The answer to a how-to about living whose situation is told: search's own sentences when every one comes from a
 * piece made for it; else the best such piece, named at SITUATED_FLOOR or more, with a second as close as a requested
 * piece's runner-up; else not covered, with the pieces made for it (of PIECE_FLOOR or more) offered to read. A guide's
 * sentence is no answer to it, however strong: the guides tell how the sanctuary works, not how to live through a
 * loss. The piece's score is kept, so that a question the off-topic model hears is still refused (ground.ts).
 */
async function situationAnswer(question: string, told: readonly Situation[], grounding: Grounding, asked: LivedReading): Promise<Grounding> {
  const { hits, sources, embedder, expansions } = asked;
  const made = await piecesMadeFor(question, told, sources, embedder, expansions);
  const paths = new Set(made.map((p) => p.c.piece.path));
  if (grounding.covered && grounding.passages.every((h) => paths.has(h.chunk.page))) return grounding;
  const [best, next] = made;
  if (best && best.score >= SITUATED_FLOOR && pieceMayAnswer(question, await sources.offTopicOdds)) {
    const found = next && next.score >= best.score * RUNNER_UP ? [best.c, next.c] : [best.c];
    return { ...namedPieces(found, hits), score: best.score };
  }
  const offered = made.filter((p) => p.score >= PIECE_FLOOR).slice(0, OFFERED);
  return { ...NOTHING, score: grounding.score, offered: offered.map((p) => pieceHit(p.c, hits)), unwritten: true };
}
