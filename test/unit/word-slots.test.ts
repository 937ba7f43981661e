// The slots a query's words' products are kept in (search/word-slots.ts): a word met again finds its slot filled,
// two words alive at once never share one, a query's own words are never taken from it, and words coming back in a
// cycle shorter than the slots are all found again.
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

  it("never gives one slot to two live words, nor a query's slot to another of its words", () => {
    const slots = new WordSlots(16);
    const holder = new Map<number, number>();
    let state = 3;
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) % 40;
    for (let step = 0; step < 5000; step++) {
      // A query's words: asked one after another, all still held when the last is given its slot (up to all 16).
      slots.nextQuery();
      const query = Array.from({ length: step % 7 === 0 ? 16 : 4 }, (_, i) => (step % 7 === 0 ? (step + i * 3) % 40 : next()));
      const given = query.map((word) => ({ word, ...slots.slotOf(word) }));
      for (const { word, slot, filled } of given) {
        if (filled) expect(holder.get(slot), `slot ${slot} of word ${word}`).toBe(word);
        holder.set(slot, word);
      }
      expect(new Set(given.map((g) => g.slot)).size).toBe(new Set(query).size);
    }
  });

  it("finds every word of a cycle shorter than the slots once it has been round", () => {
    // 2,972 words in 4,096 slots is the bench's case; a generation of half the slots missed nearly all of them.
    const slots = new WordSlots(4096);
    let missed = 0;
    for (let round = 0; round < 3; round++)
      for (let word = 0; word < 2972; word++) {
        slots.nextQuery();
        if (!slots.slotOf(word).filled && round > 0) missed++;
      }
    expect(missed).toBe(0);
  });

  it("keeps ids from the whole vocabulary's range, and forgets a word whose slot was given away", () => {
    const slots = new WordSlots(2);
    slots.nextQuery();
    const high = slots.slotOf(119_999);
    expect(slots.slotOf(119_999)).toEqual({ slot: high.slot, filled: true });
    slots.nextQuery();
    slots.slotOf(5);
    slots.nextQuery();
    // Both slots used since the hand passed: the clock spares each once, then takes the older word's.
    slots.slotOf(70_000);
    expect(slots.slotOf(119_999).filled).toBe(false);
  });

  it("refuses a query of more words than slots", () => {
    const slots = new WordSlots(2);
    slots.nextQuery();
    slots.slotOf(1);
    slots.slotOf(2);
    expect(() => slots.slotOf(3)).toThrow(RangeError);
  });
});
