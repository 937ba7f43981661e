// A piece as it is found by topic (its card): title, summary and themes, its body's stems and the terms of the
// requests in visitors' words it answers (corpus/asked.ts); and the cards' vectors. Made once per library (and
// embedder); no I/O.
import type { Piece } from "../corpus/library.ts";
import { perContent } from "../corpus/per-content.ts";
import type { Embedder } from "./embedder.ts";
import { centered } from "./memory-build.ts";
import { FINDING, KIND_TERMS } from "./piece-words.ts";
import { askTerms } from "./text.ts";

/** A piece as it is found by topic: its card (title, summary, themes) and its body's stems. */
export interface PieceCard {
  piece: Piece;
  card: string;
  title: ReadonlySet<string>;
  about: ReadonlySet<string>;
  body: ReadonlySet<string>;
  /** The terms of the requests in visitors' words that the piece answers (corpus/asked.ts), all together. */
  requests: ReadonlySet<string>;
  /** Those requests as written (piece-scenes.ts weighs each on its own). */
  asked?: readonly string[];
}

/** "…; with a version for agents": said of many pieces, so it tells none of them apart by topic. */
const AGENTS_VERSION = /[;,.]?\s*with (?:a|an) [^.;]*\bversion\b[^.;]*/gi;

/** A title's "Unfinished" is about finishing: the stem without its "un" is kept beside it. */
function withoutUn(terms: readonly string[]): string[] {
  return [...terms, ...terms.filter((t) => /^un\w{4,}/.test(t)).map((t) => askTerms(t.slice(2))[0] ?? t)];
}
/** The terms of a piece's requests, all together, without the words of asking (piece-words.ts). */
export function requestTerms(requests: readonly string[]): Set<string> {
  return new Set(askTerms(requests.join(" ")).filter((t) => !FINDING.has(t) && !KIND_TERMS.has(t)));
}

/** Every piece (not the guides) as found by topic, made once per library content. */
export const pieceCards = perContent((library): PieceCard[] =>
  library.pieces
    .filter((p) => p.kind !== "doc")
    .map((piece) => ({
      piece,
      card: `${piece.title}. ${piece.tldr} ${piece.themes.join(", ")}.`,
      title: new Set(withoutUn(askTerms(piece.title))),
      about: new Set(withoutUn(askTerms(`${piece.tldr.replace(AGENTS_VERSION, "")} ${piece.themes.join(" ")}`))),
      body: new Set(askTerms(piece.listenersText)),
      requests: requestTerms(library.requestsFor(piece.path)),
      asked: library.requestsFor(piece.path),
    })),
);

/** Card vectors with the cards' mean direction taken out (as search compares pages): GloVe averages all sit near one another. */
export interface CardSpace {
  vectors: Map<PieceCard, Float32Array>;
  mean: Float32Array;
}

const spaces = new WeakMap<Embedder, WeakMap<PieceCard[], CardSpace>>();

export async function cardSpace(embedder: Embedder, cards: PieceCard[]): Promise<CardSpace> {
  const byCards = spaces.get(embedder) ?? spaces.set(embedder, new WeakMap()).get(embedder)!;
  let space = byCards.get(cards);
  if (!space) {
    const raw = await embedder.embed(cards.map((c) => c.card));
    const mean = new Float32Array(raw[0]?.length ?? 0);
    for (const v of raw) for (let j = 0; j < mean.length; j++) mean[j] += v[j] / raw.length;
    space = { vectors: new Map(cards.map((c, i) => [c, centered(raw[i], mean)])), mean };
    byCards.set(cards, space);
  }
  return space;
}
