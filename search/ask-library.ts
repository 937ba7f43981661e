// What ask weighs besides the search hits, made once per library: the guides (the top-level pages on how the
// sanctuary works) read whole, every piece's own one-line summary and kind, and the asked-as questions (ground.ts).
import type { AskedSentence } from "../corpus/asked.ts";
import type { Library } from "../corpus/library.ts";
import { perContent } from "../corpus/per-content.ts";
import { chunkPiece } from "./chunks.ts";
import type { Hit } from "./index.ts";
import type { LogOdds } from "./naive-bayes.ts";
import { offTopicOddsOf } from "./off-topic.ts";
import { pieceCards, type PieceCard } from "./pieces.ts";

/**
 * The library's guides (its top-level pages on how the sanctuary works) as whole pages, made once per library.
 * Every answer weighs their sentences too, whatever search found: a visitor's question in words the guides do
 * not use ("submit a prayer") may find verse first, while the guide's sentence is there to be weighed.
 */
export const guidePages = perContent((library): Hit[] => {
  const pages: Hit[] = [];
  for (const piece of library.documents) {
    const passages = chunkPiece(piece);
    if (passages.length && passages[0].category === "docs") pages.push({ chunk: passages[0], score: 0, passages });
  }
  return pages;
});

/** A piece's own one-line summary (its tldr) and kind, by page. */
export interface Summary {
  tldr: string;
  kind: string;
  themes: string[];
}

/** Every piece's summary (not the guides'), by page, made once per library. */
export const pieceSummaries = perContent((library): ReadonlyMap<string, Summary> => {
  const made = new Map<string, Summary>();
  for (const piece of library.pieces) if (piece.kind !== "doc") made.set(piece.path, { tldr: piece.tldr, kind: piece.kind, themes: piece.themes });
  return made;
});

/**
 * What each guide says it is about, by page, made once per library content: its one-line summary (its tldr) and its
 * themes, which name its purpose in a word ("conduct", "community", "privacy") a visitor asking for it may use.
 */
const guideSummaries = perContent(
  (library): ReadonlyMap<string, string> => new Map(library.documents.map((doc) => [doc.path, [doc.tldr, ...doc.themes].join(" ")])),
);

/** Everything ask weighs besides the hits, for one library: its guides whole, the pieces' summaries and cards, and the asked-as questions. */
export interface AskSources {
  guides: Hit[];
  summaries: ReadonlyMap<string, Summary>;
  cards: PieceCard[];
  /** Each guide's own one-line summary (its tldr), by page: what it says it is about (guide-titled.ts). */
  guideAbout?: ReadonlyMap<string, string>;
  /** The questions a guide's sentences answer, in visitors' words (corpus/asked.ts). */
  askedOf(page: string): readonly AskedSentence[];
  /** How surely a question is one the library is not about (off-topic.ts). */
  offTopicOdds: Promise<LogOdds>;
}

export const NO_SOURCES: AskSources = { guides: [], summaries: new Map(), cards: [], askedOf: () => [], offTopicOdds: Promise.resolve(() => -Infinity) };

/** A library's sources for ask (each part made once per library). */
export function askSources(library: Library): AskSources {
  return {
    guides: guidePages(library),
    summaries: pieceSummaries(library),
    cards: pieceCards(library),
    guideAbout: guideSummaries(library),
    askedOf: (page) => library.askedOf(page),
    offTopicOdds: offTopicOddsOf(library),
  };
}
