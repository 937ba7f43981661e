// The slots a query's words' products are kept in (search/word-slots.ts): a word met again finds its slot filled,
// two words alive at once never share one, and the words of the query being summed are never freed under it.
import { describe, expect, it } from "vitest";
import { WordSlots } from "../../search/word-slots.ts";

describe("WordSlots", () => {
  it("finds a word met again in its slot, and a new word in a free one", () => {
    const slots = new WordSlots(8);
    const first = slots.slotOf(7);
    expect(first.filled).toBe(false);
    expect(slots.slotOf(7)).toEqual({ slot: first.slot, filled: true });
    expect(slots.slotOf(9).slot).not.toBe(first.slot);
  });

  it("never gives one slot to two live words, and keeps a word asked for since the last turnover", () => {
    const slots = new WordSlots(16);
    const holder = new Map<number, number>();
    let state = 3;
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) % 40;
    for (let step = 0; step < 5000; step++) {
      // A query's four words: asked one after another, all four still held when the last is given its slot.
      const query = [next(), next(), next(), next()];
      const given = query.map((word) => ({ word, ...slots.slotOf(word) }));
      for (const { word, slot, filled } of given) {
        if (filled) expect(holder.get(slot), `slot ${slot} of word ${word}`).toBe(word);
        holder.set(slot, word);
      }
      expect(new Set(given.map((g) => g.slot)).size).toBe(new Set(query).size);
    }
  });

  it("refuses fewer than two slots", () => {
    expect(() => new WordSlots(1)).toThrow(RangeError);
  });
});
