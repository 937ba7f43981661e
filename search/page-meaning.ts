// The meaning side of a search, page by page: every row's product with the query (dots.ts), then each page's
// nearness from its card and its best passage, and the pages that may score (nearer than the calibration's floor,
// or holding a word of the query), in one pass of the WebAssembly module. In JavaScript that pass cost a search
// about as much as the products themselves (a run of Math.max per page, then a loop over every page to leave most
// of them out); the module's pass gives the same numbers to the bit (pageNearnessJs is the reference, and the
// fallback where SIMD is unavailable), so no result or score changes.
import { memoryLimitBytes, wordProductBytes } from "../core/memory.ts";
import { CARD_SHARE } from "./rank.ts";
import { DotProducts, Layout, dotsModule, type DotsExports } from "./dots.ts";
import type { WordSum } from "./embedder.ts";
import { WordSlots } from "./word-slots.ts";

export interface PageSlots {
  /** Page p's passages are slots passageStart[p] .. passageStart[p + 1]. */
  passageStart: Int32Array;
  /** Page p's card is slot cardSlot[p], or -1. */
  cardSlot: Int32Array;
}

/** What a query's pass leaves: each slot's product, each page's nearness, and the pages that may score. */
export interface Nearness {
  /** Each slot's product with the query (a view the next query overwrites). */
  cosines: Float32Array;
  /** Each page's nearness (a view the next query overwrites). */
  near: Float32Array;
  /** The pages nearer than the bar given or holding a word, in library order (a view the next query overwrites). */
  pages: Int32Array;
}

/** The module with the matrix and the slots in its memory, and views of the arrays a query reads or writes. */
interface Placed {
  m: DotsExports;
  at: Record<"matrix" | "query" | "cosines" | "starts" | "cards" | "held" | "near" | "list" | WordArea, number>;
  query: Float32Array;
  held: Float32Array;
  result: Nearness;
  list: Int32Array;
  /** A query's words: the offsets of their products and their weights; a word's vector while its products are made. */
  wordAt: Int32Array;
  weights: Float32Array;
  word: Float32Array;
  /** Which slot holds which word's products (rows rounded up to four a slot, from `at.products`); null for none. */
  products: WordSlots | null;
  slotBytes: number;
}
type WordArea = "mdots" | "wordAt" | "weights" | "word" | "products";

/**
 * A query's words, where its vector is their weighted sum (the GloVe embedder's): each word's products with every
 * row are made once and kept (at most WORD_BYTES of them), and a query's products are the weighted sum of its
 * words', about four rows of 8 KB, where its own took all 2,018 rows of 100 dimensions (807 KB, which also pushed
 * the rest of a request out of the caches). `scale` is 1 / |vector − mean|, as centring divides by.
 */
export interface QueryWords {
  sum: WordSum;
  scale: number;
}
/** Memory for the words' products (core/memory.ts), and the most words summed for a query. */
const WORD_BYTES = wordProductBytes(memoryLimitBytes());
const MOST_WORDS = 32;

export class PageMeaning {
  /** Null where WebAssembly SIMD is unavailable (or without vectors): JavaScript does the same then. */
  private readonly wasm: Placed | null;
  private readonly fallback: { products: DotProducts; near: Float32Array; list: Int32Array } | null = null;

  /** `mean`, the library's mean direction the rows were centred by: given, a query may come as its words. */
  constructor(
    matrix: Float32Array,
    readonly dims: number,
    private readonly slots: PageSlots,
    mean?: Float32Array,
  ) {
    this.wasm = dims ? place(matrix, dims, slots, mean) : null;
    const pages = slots.cardSlot.length;
    if (!this.wasm) this.fallback = { products: new DotProducts(matrix, dims), near: new Float32Array(pages), list: new Int32Array(pages) };
  }

  /** The query's products and each page's nearness; listed, the pages nearer than `bar`, with `held` above 0, or `forced`. */
  nearness(query: Float32Array, held: Float32Array, forced: readonly number[], bar: number, words?: QueryWords): Nearness {
    const w = this.wasm;
    if (!w) {
      const { products, near, list } = this.fallback!;
      const cosines = products.run(query);
      return { cosines, near, pages: list.subarray(0, pageNearnessJs(this.slots, cosines, held, forced, bar, near, list)) };
    }
    const { m, at } = w;
    w.query.set(query);
    w.held.set(held);
    for (const p of forced) w.held[p] = 1;
    if (!words || !this.wordProducts(w, words)) m.dots(at.matrix, w.result.cosines.length, this.dims, at.query, at.cosines);
    const n = m.nearness(this.slots.cardSlot.length, at.starts, at.cards, at.cosines, at.held, bar, at.near, at.list);
    w.result.pages = w.list.subarray(0, n);
    return w.result;
  }

  /** The query's products as the sum of its words' (each word's made on first use): false where that cannot be. */
  private wordProducts(w: Placed, { sum, scale }: QueryWords): boolean {
    const { m, at, products } = w;
    const k = sum.ids.length;
    if (!products || k === 0 || k > MOST_WORDS || !Number.isFinite(scale)) return false;
    const rows = w.result.cosines.length;
    products.nextQuery();
    for (let i = 0; i < k; i++) {
      const { slot, filled } = products.slotOf(sum.ids[i]);
      const offset = at.products + slot * w.slotBytes;
      if (!filled) {
        w.word.set(sum.wordVector(sum.ids[i]));
        m.dots(at.matrix, rows, this.dims, at.word, offset);
      }
      w.wordAt[i] = offset;
      w.weights[i] = sum.weights[i];
    }
    m.combine(w.slotBytes / 4, k, at.wordAt, at.weights, at.mdots, scale, at.cosines);
    return true;
  }
}

/**
 * The module's nearness pass in JavaScript: near[p] from page p's card and best passage (CARD_SHARE), and into
 * list, in order, the pages nearer than lo, holding a word or forced. Returns how many were listed.
 */
export function pageNearnessJs(
  slots: PageSlots,
  cosines: Float32Array,
  held: Float32Array,
  forced: readonly number[],
  lo: number,
  near: Float32Array,
  list: Int32Array,
): number {
  const { cardSlot, passageStart } = slots;
  let n = 0;
  for (let p = 0, i = passageStart[0]; p < cardSlot.length; p++) {
    let best = -1;
    // The module's f32x4.pmax: the same value as Math.max but for the sign of a zero, which no score can tell.
    for (const end = passageStart[p + 1]; i < end; i++) best = best < cosines[i] ? cosines[i] : best;
    const card = cardSlot[p] >= 0 ? cosines[cardSlot[p]] : best;
    near[p] = CARD_SHARE * card + (1 - CARD_SHARE) * (best > -1 ? best : card);
    if (held[p] !== 0 || near[p] > lo || forced.includes(p)) list[n++] = p;
  }
  return n;
}

/** The module with the matrix and the slots laid out in its memory; null without SIMD. */
function place(matrix: Float32Array, dims: number, slots: PageSlots, mean?: Float32Array): Placed | null {
  const rows = matrix.length / dims;
  const pages = slots.cardSlot.length;
  // A run of products is read four rows at a time when summed from words: rounded up, as the cosines' space is.
  const slotBytes = Math.ceil(rows / 4) * 16;
  // Fewer slots than a query's most words (a library of some 260,000 passages): no words' products.
  const fits = mean ? Math.min(4096, Math.floor(WORD_BYTES / slotBytes)) : 0;
  const wordSlots = fits >= MOST_WORDS ? fits : 0;
  const layout = new Layout();
  const at = {
    matrix: layout.place(matrix.byteLength),
    query: layout.place(dims * 4),
    cosines: layout.place(slotBytes),
    starts: layout.place((pages + 1) * 4),
    cards: layout.place(pages * 4),
    held: layout.place(pages * 4),
    near: layout.place(pages * 4),
    list: layout.place(pages * 4),
    wordAt: layout.place(MOST_WORDS * 4),
    weights: layout.place(MOST_WORDS * 4),
    word: layout.place(dims * 4),
    // 0 without a mean: no query comes as its words then.
    mdots: wordSlots ? layout.place(slotBytes) : 0,
    products: layout.place(wordSlots * slotBytes),
  };
  const m = dotsModule(layout.end);
  if (!m) return null;
  const { buffer } = m.memory;
  const f32 = (offset: number, length: number) => new Float32Array(buffer, offset, length);
  f32(at.matrix, matrix.length).set(matrix);
  new Int32Array(buffer, at.starts, pages + 1).set(slots.passageStart);
  new Int32Array(buffer, at.cards, pages).set(slots.cardSlot);
  // Each row's product with the mean, which centring takes out of a query's: the words' sum holds it.
  if (wordSlots && mean) {
    f32(at.query, dims).set(mean);
    m.dots(at.matrix, rows, dims, at.query, at.mdots);
  }
  const list = new Int32Array(buffer, at.list, pages);
  return {
    m,
    at,
    query: f32(at.query, dims),
    held: f32(at.held, pages),
    list,
    result: { cosines: f32(at.cosines, rows), near: f32(at.near, pages), pages: list.subarray(0, 0) },
    wordAt: new Int32Array(buffer, at.wordAt, MOST_WORDS),
    weights: f32(at.weights, MOST_WORDS),
    word: f32(at.word, dims),
    products: wordSlots ? new WordSlots(wordSlots) : null,
    slotBytes,
  };
}
