// The word side of the in-memory index, built from each page's hits (memory-build.ts): the postings of each stem
// with their field strengths, and the pages holding each word as written.
import type { Yielder } from "../core/time-slice.ts";
import { fieldStrength, type FieldHits } from "./rank.ts";

/** The pages holding a stem (ascending) and how strongly each holds it (rank.ts): a search's word evidence. */
export interface Posting {
  pages: Int32Array;
  strengths: Float32Array;
}

/** Where a page holds one stem: its fields, and how often its body says it. */
export type PageHits = Omit<FieldHits, "bodyLength" | "averageLength">;

/** The pages holding one written word, in the order first found, each once. */
export class PagesHolding {
  readonly pages: number[] = [];
  /** The highest page listed: rows come page by page, so a page above it is new without a search. */
  private top = -1;

  add(p: number): void {
    if (p === this.top || (p < this.top && this.pages.includes(p))) return;
    this.pages.push(p);
    if (p > this.top) this.top = p;
  }
}

/**
 * Each stem's postings: the pages holding it (ascending) and how strongly each holds it (rank.ts). Counted first,
 * then filled straight into typed arrays: a list of pairs per stem made tens of thousands of small arrays.
 */
export async function postingsOf(
  hits: Array<Map<string, PageHits>>,
  bodyLength: number[],
  averageLength: number,
  slice: Yielder,
): Promise<Map<string, Posting>> {
  const counts = new Map<string, number>();
  for (const pageHits of hits) for (const stem of pageHits.keys()) counts.set(stem, (counts.get(stem) ?? 0) + 1);
  const filling = new Map<string, Posting & { n: number }>();
  for (const [stem, n] of counts) filling.set(stem, { pages: new Int32Array(n), strengths: new Float32Array(n), n: 0 });
  const field: FieldHits = { title: false, themes: false, tldr: false, headings: false, bodyTf: 0, bodyLength: 0, averageLength };
  for (let p = 0; p < hits.length; p++) {
    await slice();
    field.bodyLength = bodyLength[p];
    for (const [stem, h] of hits[p]) {
      field.title = h.title;
      field.themes = h.themes;
      field.tldr = h.tldr;
      field.headings = h.headings;
      field.bodyTf = h.bodyTf;
      const posting = filling.get(stem)!;
      posting.pages[posting.n] = p;
      posting.strengths[posting.n++] = fieldStrength(field);
    }
  }
  const postings = new Map<string, Posting>();
  for (const [stem, { pages, strengths }] of filling) postings.set(stem, { pages, strengths });
  return postings;
}
