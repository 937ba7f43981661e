// topPages (search/rank.ts) picks a search's results in one pass: the same pages, in the same order, as sorting
// every shown page by score, then meaning, then library order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { topPages } from "../../search/rank.ts";

// Few distinct values, so ties in score and in meaning are common.
const value = fc.constantFrom(-1, 0, 0.25, 0.5, 0.75, 1).map(Math.fround);
const pagesArb = fc.array(fc.tuple(value, value), { maxLength: 60 });
const limitArb = fc.integer({ min: 0, max: 25 });
/** The pages' scores and meanings as the index keeps them. */
const columns = (pages: Array<[number, number]>) => ({
  scores: Float32Array.from(pages.map(([s]) => s)),
  meanings: Float32Array.from(pages.map(([, m]) => m)),
});

describe("topPages", () => {
  it("equals a full sort by score, meaning and position, cut at the limit", () => {
    fc.assert(
      fc.property(pagesArb, limitArb, (pages, limit) => {
        const { scores, meanings } = columns(pages);
        const expected = pages
          .map((_, p) => p)
          .filter((p) => scores[p] >= 0)
          .sort((a, b) => scores[b] - scores[a] || meanings[b] - meanings[a] || a - b)
          .slice(0, limit);
        expect(topPages(scores, meanings, pages.length, limit)).toEqual(expected);
      }),
    );
  });

  it("ranks only the pages given (`among`, ascending) as it ranks them among all: the others scored below 0", () => {
    fc.assert(
      fc.property(pagesArb, limitArb, (pages, limit) => {
        const { scores, meanings } = columns(pages);
        const shown = Int32Array.from(pages.map((_, p) => p).filter((p) => scores[p] >= 0));
        // Room to spare after the pages given: only the first `count` entries are read.
        const among = Int32Array.from([...shown, 0, 0]);
        expect(topPages(scores, meanings, shown.length, limit, among)).toEqual(topPages(scores, meanings, pages.length, limit));
      }),
    );
  });
});
