// A how-to about living ("How do I practice letting go of a grudge?", "What can I do when I cannot sleep?",
// scene-request.ts asksHowToLive) is answered by the pieces written for it (pieces.ts), not by a guide's sentence
// that only shares its words ("A practice should have steps someone can follow."): such a guide is weighed beside
// search's hits whatever they are (ask-library.ts) and has no search relevance of its own for the question (score 0).
// docs/search.md, "A how-to about living". Pure functions but findPieces' per-library caches.
import type { AskSources } from "./ask-library.ts";
import type { Embedder } from "./embedder.ts";
import { NOTHING, type Grounding } from "./grounding.ts";
import type { Hit } from "./index.ts";
import type { Expansions } from "./lexicon.ts";
import { namedPieces } from "./named-pieces.ts";
import { KINDS } from "./piece-words.ts";
import { findPieces } from "./pieces.ts";
import { withConceptWords } from "./concept-words.ts";
import type { LogOdds } from "./naive-bayes.ts";
import { OFF_TOPIC_ODDS } from "./off-topic.ts";
import { situationsOf } from "./piece-situation.ts";
import { SCENE_GUIDE_STRONG } from "./scene-request.ts";

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
 * Whether an answer stands only on pages weighed beside search's hits (the guides read whole): pages search gave
 * no relevance for the question (score 0). Such sentences pad an answer to a how-to about living; they are not one.
 */
export function onlyBeside(grounding: Grounding, hits: readonly Hit[]): boolean {
  return grounding.covered && grounding.sentences.every((c) => c.pageRank >= hits.length);
}

/** The pieces among search's own hits for the question, best first: offered to read when none is said to fit it. */
export function piecesOffered(hits: readonly Hit[]): Hit[] {
  return hits.filter((h) => h.score > 0 && h.chunk.category !== "docs").slice(0, OFFERED);
}

/**
 * Whether a piece may answer the question as one of living: one the off-topic model hears (how to get a stain out of
 * a carpet, which a blessing's summary happens to tell) only when it tells a situation the pieces are
 * written for (piece-situation.ts: "What can I do when I cannot sleep?").
 */
function pieceMayAnswer(question: string, odds: LogOdds): boolean {
  return odds(withConceptWords(question)) < OFF_TOPIC_ODDS || situationsOf(question).length > 0;
}

/**
 * The answer to a how-to about living, given what the sentences made of it: the pieces about it, found by their topic
 * as a requested piece is, when the sentences come from search's hits nowhere and the piece scores above them; the
 * piece's score is kept, so that a question heard as off-topic is still refused (ground.ts). With no piece, an answer
 * standing only on guides weighed beside, and not strongly, is no answer: not covered, with search's pieces offered to read.
 */
export async function livedAnswer(
  question: string,
  grounding: Grounding,
  hits: Hit[],
  sources: AskSources,
  embedder: Embedder | null,
  expansions: Expansions | null,
): Promise<Grounding> {
  if (grounding.covered && !onlyBeside(grounding, hits)) return grounding;
  const { found, score } = await findPieces(question, ANY_KIND, sources.cards, embedder, expansions);
  const fits = found.length > 0 && score >= LIVED_FLOOR && (!grounding.covered || score > grounding.score);
  if (fits && pieceMayAnswer(question, await sources.offTopicOdds)) return { ...namedPieces(found, hits), score };
  // A guide that answers it strongly (SCENE_GUIDE_STRONG, as for a scene told) still does: "How do I sit with this?" may be the guides' own.
  if (grounding.covered && grounding.score >= SCENE_GUIDE_STRONG) return grounding;
  return { ...NOTHING, score: grounding.score, offered: piecesOffered(hits) };
}
