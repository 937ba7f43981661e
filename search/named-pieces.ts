// "Is there a prayer for…?" answered by naming the pieces found (pieces.ts): each by its summary, title and page.
import { chunkPiece } from "./chunks.ts";
import type { Grounding, Sourced } from "./grounding.ts";
import type { Hit } from "./index.ts";
import type { PieceCard } from "./pieces.ts";

/** The pieces found for "is there a <kind> about…", each said by its summary, with its title and where to read it. */
export function namedPieces(found: PieceCard[], hits: Hit[]): Grounding {
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
