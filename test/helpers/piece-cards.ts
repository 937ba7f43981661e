// A library piece as `search/pieces.ts` reads it (its card), made from a few words, for the ask tests.
import type { Piece } from "../../corpus/library.ts";
import type { PieceCard } from "../../search/pieces.ts";
import { askTerms } from "../../search/text.ts";

/** `card`: the text the card's words are read from (the title and summary unless a test says otherwise). */
export function pieceCard(
  kind: string,
  title: string,
  tldr: string,
  themes: string[],
  body = "",
  card = `${title}. ${tldr}`,
  /** Requests in visitors' words the piece answers (corpus/asked.ts), as their terms. */
  requests: string[] = [],
): PieceCard {
  // Only the fields the answer reads: a whole Piece would need a library file behind it.
  const piece = { kind, title, tldr, themes, listenersText: body, path: `${kind}s/${title}` } as Piece;
  return {
    piece,
    card,
    title: new Set(askTerms(title)),
    about: new Set(askTerms(`${tldr} ${themes.join(" ")}`)),
    body: new Set(askTerms(body)),
    requests: new Set(askTerms(requests.join(" "))),
  };
}
