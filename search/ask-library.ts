// What ask weighs besides the search hits, made once per library: the guides (the top-level pages on how the
// sanctuary works) read whole, and every piece's own one-line summary and kind (ground.ts).
import type { Library } from "../corpus/library.ts";
import { chunkPiece } from "./chunks.ts";
import type { Hit } from "./index.ts";

const guides = new WeakMap<Library, Hit[]>();

/**
 * The library's guides (its top-level pages on how the sanctuary works) as whole pages, made once per library.
 * Every answer weighs their sentences too, whatever search found: a visitor's question in words the guides do
 * not use ("submit a prayer") may find verse first, while the guide's sentence is there to be weighed.
 */
export function guidePages(library: Library): Hit[] {
  let pages = guides.get(library);
  if (!pages) {
    pages = [];
    for (const piece of library.documents) {
      const passages = chunkPiece(piece);
      if (passages.length && passages[0].category === "docs") pages.push({ chunk: passages[0], score: 0, passages });
    }
    guides.set(library, pages);
  }
  return pages;
}

/** A piece's own one-line summary (its tldr) and kind, by page. */
export interface Summary {
  tldr: string;
  kind: string;
  themes: string[];
}

const summaries = new WeakMap<Library, ReadonlyMap<string, Summary>>();

/** Every piece's summary (not the guides'), by page, made once per library. */
export function pieceSummaries(library: Library): ReadonlyMap<string, Summary> {
  let found = summaries.get(library);
  if (!found) {
    const made = new Map<string, Summary>();
    for (const piece of library.pieces) if (piece.kind !== "doc") made.set(piece.path, { tldr: piece.tldr, kind: piece.kind, themes: piece.themes });
    summaries.set(library, made);
    found = made;
  }
  return found;
}
