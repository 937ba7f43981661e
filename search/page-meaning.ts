// The meaning side of a search, page by page: every row's product with the query (dots.ts), then each page's
// nearness from its card and its best passage, and the pages that may score (nearer than the calibration's floor,
// or holding a word of the query), in one pass of the WebAssembly module. In JavaScript that pass cost a search
// about as much as the products themselves (a run of Math.max per page, then a loop over every page to leave most
// of them out); the module's pass gives the same numbers to the bit (pageNearnessJs is the reference, and the
// fallback where SIMD is unavailable), so no result or score changes.
import { CARD_SHARE } from "./rank.ts";
import { DotProducts, Layout, dotsModule, type DotsExports } from "./dots.ts";

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
  at: Record<"matrix" | "query" | "cosines" | "starts" | "cards" | "held" | "near" | "list", number>;
  query: Float32Array;
  held: Float32Array;
  result: Nearness;
  list: Int32Array;
}

export class PageMeaning {
  /** Null where WebAssembly SIMD is unavailable (or without vectors): JavaScript does the same then. */
  private readonly wasm: Placed | null;
  private readonly fallback: { products: DotProducts; near: Float32Array; list: Int32Array } | null = null;

  constructor(
    matrix: Float32Array,
    readonly dims: number,
    private readonly slots: PageSlots,
  ) {
    this.wasm = dims ? place(matrix, dims, slots) : null;
    const pages = slots.cardSlot.length;
    if (!this.wasm) this.fallback = { products: new DotProducts(matrix, dims), near: new Float32Array(pages), list: new Int32Array(pages) };
  }

  /** The query's products and each page's nearness; listed, the pages nearer than `bar`, with `held` above 0, or `forced`. */
  nearness(query: Float32Array, held: Float32Array, forced: readonly number[], bar: number): Nearness {
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
    m.dots(at.matrix, w.result.cosines.length, this.dims, at.query, at.cosines);
    const n = m.nearness(this.slots.cardSlot.length, at.starts, at.cards, at.cosines, at.held, bar, at.near, at.list);
    w.result.pages = w.list.subarray(0, n);
    return w.result;
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
function place(matrix: Float32Array, dims: number, slots: PageSlots): Placed | null {
  const rows = matrix.length / dims;
  const pages = slots.cardSlot.length;
  const layout = new Layout();
  const at = {
    matrix: layout.place(matrix.byteLength),
    query: layout.place(dims * 4),
    cosines: layout.place(rows * 4),
    starts: layout.place((pages + 1) * 4),
    cards: layout.place(pages * 4),
    held: layout.place(pages * 4),
    near: layout.place(pages * 4),
    list: layout.place(pages * 4),
  };
  const m = dotsModule(layout.end);
  if (!m) return null;
  const { buffer } = m.memory;
  const f32 = (offset: number, length: number) => new Float32Array(buffer, offset, length);
  f32(at.matrix, matrix.length).set(matrix);
  new Int32Array(buffer, at.starts, pages + 1).set(slots.passageStart);
  new Int32Array(buffer, at.cards, pages).set(slots.cardSlot);
  const list = new Int32Array(buffer, at.list, pages);
  return {
    m,
    at,
    query: f32(at.query, dims),
    held: f32(at.held, pages),
    list,
    result: { cosines: f32(at.cosines, rows), near: f32(at.near, pages), pages: list.subarray(0, 0) },
  };
}
