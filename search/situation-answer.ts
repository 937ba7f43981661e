// The pieces made for the situation a how-to about living tells ("How do I get through the first winter after my dad
// died?", piece-situation.ts), and for whom it tells of: what answers it (how-to-live.ts), never a piece that only
// shares its words (a prayer for an old dog for a father's death). docs/search.md, "A how-to about living". Pure
// functions but rankPieces' per-library caches.
import type { AskSources } from "./ask-library.ts";
import { chunkPiece } from "./chunks.ts";
import type { Embedder } from "./embedder.ts";
import type { Hit } from "./index.ts";
import { FAMILY, PETS } from "./kin-words.ts";
import type { Expansions } from "./lexicon.ts";
import type { PieceCard } from "./piece-cards.ts";
import { rankPieces, type ScoredPiece } from "./piece-rank.ts";
import { madeForAny } from "./piece-situation.ts";
import { KINDS } from "./piece-words.ts";
import type { Situation } from "./situation-words.ts";

const ANY_KIND = KINDS.map(([kind]) => kind);
const A_PERSON = new RegExp(`\\b${FAMILY}s?\\b`, "i");
const AN_ANIMAL = new RegExp(`\\b(?:${PETS}s?|animals?|puppy|kitten|horse|rabbit|bird)\\b`, "i");

/** What a machine's life is told in: an agent, its code and context, a server. */
const A_MACHINE =
  /\b(?:agents?|ai|bots?|models?|llms?|code|context|tokens?|servers?|programs?|migrations?|deploy(?:s|ed|ing|ment)?|machines?|restart(?:ed|s)?)\b/i;
/** A piece's themes that say it is about a machine's life (an agent's context, code running overnight), not a person's. */
const MACHINE_THEMES = ["agents", "machines", "code", "tokens", "networks", "handoffs"];

/**
 * Whether a piece may be for whom the question tells of: a piece about an animal (its themes say so) is no answer
 * for a person's loss or care told with no animal in it ("my dad died": not "Where the Old Dog Slept"), nor one
 * about a machine's life (a migration waited on overnight) for a life told with no machine in it (surgery waited for).
 */
export function forWhomTold(question: string, card: PieceCard): boolean {
  const themes = card.piece.themes;
  if (A_PERSON.test(question) && !AN_ANIMAL.test(question) && themes.includes("animals")) return false;
  return A_MACHINE.test(question) || !themes.some((t) => MACHINE_THEMES.includes(t));
}

/** A piece as a page of the answer: its hit among search's when search found it, else its first passage, weighed beside (score 0). */
export function pieceHit(card: PieceCard, hits: readonly Hit[]): Hit {
  const hit = hits.find((h) => h.chunk.page === card.piece.path);
  if (hit) return hit;
  const passages = chunkPiece(card.piece);
  return { chunk: passages[0], score: 0, passages };
}

/** The pieces made for the situations told and for whom they are told of (forWhomTold), best first. */
export async function piecesMadeFor(
  question: string,
  told: readonly Situation[],
  sources: AskSources,
  embedder: Embedder | null,
  expansions: Expansions | null,
): Promise<ScoredPiece[]> {
  const ranked = await rankPieces(question, ANY_KIND, sources.cards, embedder, expansions);
  return ranked.filter((p) => madeForAny(told, p.c) && forWhomTold(question, p.c));
}
