// Which of a fixed number of slots holds a word's products with the index (page-meaning.ts keeps them in the
// WebAssembly module's memory): a word met again is found, a new one takes a free slot. Two generations, as
// core/memo.ts keeps keys: a word met since the last turnover stays, the generation before is freed whole when
// the newer one is half the slots, so a word asked for now is never freed before the next turnover.
export class WordSlots {
  private recent = new Map<number, number>();
  private older = new Map<number, number>();
  private readonly free: number[];

  constructor(readonly count: number) {
    if (count < 2) throw new RangeError("WordSlots needs two slots at least");
    this.free = Array.from({ length: count }, (_, i) => count - 1 - i);
  }

  /** The word's slot and whether it already holds the word's products (else the caller fills it now). */
  slotOf(word: number): { slot: number; filled: boolean } {
    const known = this.recent.get(word);
    if (known !== undefined) return { slot: known, filled: true };
    const kept = this.older.get(word);
    if (kept !== undefined) {
      this.older.delete(word);
      this.recent.set(word, kept);
      return { slot: kept, filled: true };
    }
    if (this.recent.size >= this.count / 2) {
      for (const slot of this.older.values()) this.free.push(slot);
      [this.older, this.recent] = [this.recent, new Map()];
    }
    const slot = this.free.pop()!;
    this.recent.set(word, slot);
    return { slot, filled: false };
  }
}
