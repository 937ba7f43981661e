// A visitor tells a scene ("the movers come at 8 tomorrow and this is my last evening in the house I raised my
// kids in"), and a piece's card says its topic in the library's words ("a ritual for an old house"). Between the two
// stand the requests in visitors' words each piece answers (corpus/asked.ts, 4–8 a piece): a scene is near one of
// them in meaning far more often than near a card, because both are said the way visitors say things. Every request
// is embedded once per embedder and card set, its vectors' mean direction taken out (GloVe averages sit near one
// another, the requests' asking words most of all); a piece's evidence is its nearest request's cosine. Per-embedder
// caches; no I/O.
import { timeSlicer } from "../core/time-slice.ts";
import { DotProducts } from "./dots.ts";
import type { Embedder } from "./embedder.ts";
import { centered } from "./memory-build.ts";
import type { PieceCard } from "./piece-cards.ts";

/** Every piece's requests, one row each, centred. */
export interface RequestSpace {
  /** The piece each row's request belongs to, and the request as written. */
  rows: ReadonlyArray<{ card: PieceCard; text: string }>;
  mean: Float32Array;
  products: DotProducts;
}

/** Requests embedded at a time while the space is made (a few milliseconds each batch). */
const EMBED_BATCH = 64;
const spaces = new WeakMap<Embedder, WeakMap<PieceCard[], Promise<RequestSpace>>>();

/** The requests of these cards, embedded once per embedder and card set, between other work (time slices). */
export function requestSpace(embedder: Embedder, cards: PieceCard[]): Promise<RequestSpace> {
  const byCards = spaces.get(embedder) ?? spaces.set(embedder, new WeakMap()).get(embedder)!;
  let space = byCards.get(cards);
  if (!space) {
    space = (async () => {
      const slice = timeSlicer();
      const rows = cards.flatMap((card) => (card.asked ?? []).map((text) => ({ card, text })));
      const dims = embedder.dimensions;
      const raw = new Float32Array(rows.length * dims);
      for (let at = 0; at < rows.length; at += EMBED_BATCH) {
        const batch = rows.slice(at, at + EMBED_BATCH).map((r) => r.text);
        (await embedder.embed(batch)).forEach((v, j) => raw.set(v, (at + j) * dims));
        await slice();
      }
      const mean = new Float32Array(dims);
      for (let r = 0; r < rows.length; r++) for (let j = 0; j < dims; j++) mean[j] += raw[r * dims + j] / rows.length;
      const matrix = new Float32Array(raw.length);
      for (let r = 0; r < rows.length; r++) matrix.set(centered(raw.subarray(r * dims, (r + 1) * dims), mean), r * dims);
      return { rows, mean, products: new DotProducts(matrix, dims) };
    })();
    byCards.set(cards, space);
  }
  return space;
}

/**
 * Each piece's nearest request to the question, as a cosine of centred vectors (pieces without requests are absent).
 * `skip` leaves rows out: scripts/eval-piece-scenes.ts holds a request out to ask it.
 */
export async function nearestRequests(
  embedder: Embedder,
  space: RequestSpace,
  question: string,
  skip: (row: number) => boolean = () => false,
): Promise<Map<PieceCard, number>> {
  const asked = centered((await embedder.embed([question]))[0], space.mean);
  const cosines = space.products.run(asked);
  const best = new Map<PieceCard, number>();
  space.rows.forEach(({ card }, r) => {
    if (!skip(r) && cosines[r] > (best.get(card) ?? -Infinity)) best.set(card, cosines[r]);
  });
  return best;
}
