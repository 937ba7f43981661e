// Which of a fixed number of slots holds a word's products with the index (page-meaning.ts keeps them in the
// WebAssembly module's memory): a word met again is found, a new one takes the slot of one not met for a while
// (the clock: a slot used since the hand last passed is spared once). Words come back in a cycle longer than a
// generation of two (core/memo.ts's way), which freed every word before its turn came again: the bench's 6,000
// queries hold 2,972 words, and half of 4,096 slots missed most of them. A slot given to the query being summed
// is never taken for another of its words.
export class WordSlots {
  /**
   * By word id, its slot plus one (0: none). Ids are the embedder's (GloVe's 120,000 at most), so an array indexed by
   * them, grown as ids come, answers at one read what a Map of the slots' words found through a hash table.
   */
  private slotOfWord = new Int32Array(1024);
  private readonly wordIn: Int32Array;
  private readonly used: Uint8Array;
  /** The query each slot was last given to: a slot of the current query is never taken. */
  private readonly queryOf: Int32Array;
  private query = 1;
  private hand = 0;

  constructor(readonly count: number) {
    if (count < 1) throw new RangeError("WordSlots needs a slot at least");
    this.wordIn = new Int32Array(count).fill(-1);
    this.used = new Uint8Array(count);
    this.queryOf = new Int32Array(count);
  }

  /** A new query: the slots given from now on are its own until the next. */
  nextQuery(): void {
    this.query = (this.query + 1) | 0 || 1;
  }

  /**
   * The word's slot and whether it already holds the word's products (else the caller fills it now). A query may
   * ask for at most `count` words.
   */
  slotOf(word: number): { slot: number; filled: boolean } {
    const known = word < this.slotOfWord.length ? this.slotOfWord[word] - 1 : -1;
    if (known >= 0) {
      this.used[known] = 1;
      this.queryOf[known] = this.query;
      return { slot: known, filled: true };
    }
    let slot = this.hand;
    for (let passed = 0; this.used[slot] || this.queryOf[slot] === this.query; slot = (slot + 1) % this.count) {
      this.used[slot] = 0;
      if (++passed > 2 * this.count) throw new RangeError("WordSlots: a query asked for more words than there are slots");
    }
    this.hand = (slot + 1) % this.count;
    if (this.wordIn[slot] >= 0) this.slotOfWord[this.wordIn[slot]] = 0;
    this.wordIn[slot] = word;
    if (word >= this.slotOfWord.length) {
      const grown = new Int32Array(Math.max(word + 1, 2 * this.slotOfWord.length));
      grown.set(this.slotOfWord);
      this.slotOfWord = grown;
    }
    this.slotOfWord[word] = slot + 1;
    this.used[slot] = 1;
    this.queryOf[slot] = this.query;
    return { slot, filled: false };
  }
}
