// The query side of the index, held in memory (memory-build.ts makes it from the LanceDB table's rows
// when the index opens or a rebuild swaps in), so a search is arithmetic over arrays, not I/O: words
// and their expansions through the postings, meaning through dot products (page-meaning.ts), then fusion.
import type { Chunk } from "./chunks.ts";
import type { WordSum } from "./embedder.ts";
import type { Expansions } from "./lexicon.ts";
import { buildMemory, centerInto, type MemoryData, type Row } from "./memory-build.ts";
import { NEAR_ONLY, fuse, meaningEvidence, meaningShare, shown, topPages, withPhrase, wordlessFloor, type Calibration } from "./rank.ts";
import { queryKeys } from "./text.ts";
import { firstAtLeast, type PhraseQuery } from "./phrase-index.ts";
import { typedTerms, wordEvidence, type WordScratch } from "./word-evidence.ts";

export type { Row } from "./memory-build.ts";

export interface Hit {
  chunk: Chunk;
  /** Fused evidence that the page answers the query, 0..1 (see rank.ts); results are ordered by it. */
  score: number;
  /** Every passage of the page, in order (shared, never to be mutated): answers look for sentences in them. */
  passages: readonly Chunk[];
}

/** Called with every page's evidence when tuning (bench/search-quality.ts --explain). */
export type Explain = (page: string, meaning: number, words: number, score: number) => void;

export class MemoryIndex {
  private constructor(private data: MemoryData) {}

  get pageCount(): number {
    return this.data.pages.length;
  }

  /** The WordNet expansions searches use (shared, never to be mutated): answers match questions with them too. */
  get expansions(): Expansions {
    return this.data.expansions;
  }

  static async from(rows: Row[], expansions: Expansions): Promise<MemoryIndex> {
    return new MemoryIndex(await buildMemory(rows, expansions));
  }

  /** Over data already built (never changed, so indexes may share it; each keeps its own scratch arrays). */
  static over(data: MemoryData): MemoryIndex {
    return new MemoryIndex(data);
  }

  /** False for an index built from words alone (rows without vectors): its scores are its word evidence. */
  get hasMeaning(): boolean {
    return this.data.meaning.dims > 0;
  }

  // Scratch arrays reused by every search (searches are synchronous, so they never overlap).
  private noCosines: Float32Array = new Float32Array(0);
  /** Every page's nearness without meaning: -1. */
  private noNearness = new Float32Array(0);
  private words: WordScratch = {
    held: new Float32Array(0),
    ownCount: new Uint8Array(0),
    termSlots: [],
    strength: new Float32Array(0),
    touched: new Int32Array(0),
    exactMark: new Uint8Array(0),
  };
  private slotHeld = new Uint8Array(0);
  /** The query's vector centred (the dot products copy it in). */
  private query = new Float32Array(0);
  private scores = new Float32Array(0);
  private meanings = new Float32Array(0);
  /** The pages scored 0 or more (shown unless others rank above them), in library order: the results come from them. */
  private candidates = new Int32Array(0);
  /** 0 .. pages - 1: the order pages are scored in when none can be ruled out beforehand. */
  private everyPage = new Int32Array(0);

  /**
   * Pages ordered by fused evidence, above the floor, each with its most fitting passage. `words`: the query's
   * vector as the sum of its words' (the GloVe embedder's), whose products with the rows are kept per word.
   */
  search(query: string, vector: Float32Array, limit: number, calibration: Calibration, explain?: Explain, words?: WordSum): Hit[] {
    const P = this.data.pages.length;
    const R = this.data.rows.length;
    if (this.scores.length !== P) {
      [this.scores, this.meanings] = [new Float32Array(P), new Float32Array(P)];
      this.noNearness = new Float32Array(P).fill(-1);
      this.candidates = new Int32Array(P);
      this.everyPage = Int32Array.from({ length: P }, (_, p) => p);
      this.words = {
        held: new Float32Array(P),
        ownCount: new Uint8Array(P),
        termSlots: [],
        strength: new Float32Array(P),
        touched: new Int32Array(P),
        exactMark: new Uint8Array(P),
      };
      [this.noCosines, this.slotHeld] = [new Float32Array(R), new Uint8Array(R)];
    }
    const { held, ownCount } = this.words;
    const keys = queryKeys(query);
    const exact = this.data.byTitle.get(keys.title);
    const typed = typedTerms(keys.said);
    const { totalWeight, known } = wordEvidence(this.data, typed, this.words);
    // Meaning: cosine with every row (vectors are unit length); a page's nearness is its card's (what it says it is
    // about) and its best passage's together (page-meaning.ts): the best passage alone is often a stray match in a
    // long page, the card alone misses what the body holds. No content word, no meaning.
    let pageCosine: Float32Array = this.noNearness;
    let slotCosine: Float32Array = this.noCosines;
    // The pages to score, in library order: every page, or (with meaning) those that may be shown (below).
    let order: Int32Array = this.everyPage;
    // Without vectors the words are all the evidence there is, and still a score in 0..1.
    const share = this.hasMeaning ? meaningShare(typed.size) : 0;
    // Meaning needs at least one word the library (or WordNet) knows: otherwise any embedder finds some
    // page "nearest" to gibberish, and nonsense must find nothing.
    if (known > 0 && this.hasMeaning && !isZero(vector)) {
      if (this.query.length !== vector.length) this.query = new Float32Array(vector.length);
      // Listed: the pages holding a word, an exact title (shown whatever its words and meaning), and the others
      // only where their meaning alone can reach the floor (a page near but under it scored -1 anyway).
      const bar = wordlessFloor(calibration, share, typed.size === 1 ? NEAR_ONLY : 1);
      const length = centerInto(vector, this.data.mean, this.query);
      const byWords = words && { sum: words, scale: 1 / length };
      const meaning = this.data.meaning.nearness(this.query, held, exact ?? [], bar, byWords);
      [slotCosine, pageCosine] = [meaning.cosines, meaning.near];
      // Tuning's explain weighs every page.
      if (!explain) order = meaning.pages;
    }
    const phrase = typed.size >= 2 ? keys.phrase : "";
    const inText = phrase ? this.data.phrases.prepare(phrase) : null;
    const { scores, meanings, candidates } = this;
    let shownCount = 0;
    // Pages whose text may yet hold the phrase: scored without it first, and looked up only where it could count.
    const maybe: number[] = [];
    const { lo } = calibration;
    // A page not in `order` holds no word and its meaning cannot reach the floor: left out, as those below are.
    scores.fill(-1);
    meanings.fill(0);
    for (let k = 0; k < order.length; k++) {
      const p = order[k];
      // Most pages hold none of the words and are no nearer than unrelated text: their meaning and fused score are
      // 0, which is shown only for an exact title (fuse, shown), so they are left out at once (the same -1).
      if (held[p] === 0 && pageCosine[p] <= lo && !explain && !exact?.includes(p)) continue;
      let lexical = totalWeight > 0 ? held[p] / totalWeight : 0;
      // A phrase can only be present where every one of its words is: test the text only then. The title first:
      // found there, it decides (withPhrase), and the page's whole text need not be scanned.
      if (phrase && ownCount[p] === typed.size) {
        const page = this.data.pages[p];
        const inTitle = page.titleText.includes(phrase);
        if (inTitle || explain) lexical = withPhrase(lexical, !inTitle && this.data.phrases.holds(p, inText!), inTitle);
        else maybe.push(p);
      }
      const meaning = meaningEvidence(pageCosine[p], calibration);
      // One word typed: the pages holding it (or its stem) come before those only near it in meaning or WordNet.
      const near = typed.size === 1 && ownCount[p] === 0 ? NEAR_ONLY : 1;
      const score = near * fuse(meaning, lexical, exact?.includes(p) ?? false, share);
      explain?.(this.data.rows[this.data.pages[p].rows[0]].page, meaning, lexical, score);
      scores[p] = shown(score, lexical, typed.size > 0 && ownCount[p] === typed.size) ? score : -1;
      if (scores[p] >= 0) candidates[shownCount++] = p;
      meanings[p] = meaning;
    }
    // Only the pages scored 0 or more are ranked (an eighth of the library, typically). A page whose phrase is found
    // below is one of them: it holds every word, so it is shown whatever its score.
    let picked = topPages(scores, meanings, shownCount, limit, candidates);
    if (maybe.length) {
      // Two words or more, every one held: `near` is 1 and the page is shown whatever its score.
      const withIt = (p: number) =>
        fuse(meaningEvidence(pageCosine[p], calibration), withPhrase(held[p] / totalWeight, true, false), exact?.includes(p) ?? false, share);
      if (this.phraseInText(maybe, withIt, picked, limit, inText!)) picked = topPages(scores, meanings, shownCount, limit, candidates);
    }
    const termsHeld = picked.length ? this.slotsHolding(this.words.termSlots, picked) : this.slotHeld;
    return picked.map((page) => ({
      chunk: this.data.chunks[this.bestPassage(page, slotCosine, termsHeld, typed.size)],
      score: Math.round(scores[page] * 1000) / 1000,
      passages: this.data.pages[page].passages,
    }));
  }

  /**
   * Looking a page's text up for the phrase (phrase-index.ts; reading the whole text was once a search's costliest
   * step) is done only where it can change the answer. A page's score with the phrase found (`withIt`) is the most it can score; pages are
   * taken from the highest such score down, and the scan stops at the first that cannot reach the lowest of the
   * `limit` best scores so far (`picked`, then raised by each phrase found): `limit` pages stay ahead of it and
   * of all after it, found or not. Each page scanned is scored as before. True when a score rose.
   */
  private phraseInText(maybe: number[], withIt: (p: number) => number, picked: number[], limit: number, phrase: PhraseQuery): boolean {
    const { scores } = this;
    const best = maybe.map((p) => ({ p, score: withIt(p) })).sort((a, b) => b.score - a.score);
    // The pages of the best `limit` scores, highest first (scores only rise, so the lowest of them is a floor).
    const top = [...picked];
    let rose = false;
    for (const { p, score } of best) {
      if (top.length === limit && Math.fround(score) < scores[top[limit - 1]]) break;
      if (!this.data.phrases.holds(p, phrase)) continue;
      scores[p] = score;
      rose = true;
      const at = top.indexOf(p);
      if (at >= 0) top.splice(at, 1);
      let to = 0;
      while (to < top.length && scores[top[to]] >= scores[p]) to++;
      top.splice(to, 0, p);
      if (top.length > limit) top.pop();
    }
    return rose;
  }

  /** The passage to show: nearest in meaning, nudged toward passages holding the query's words (`held`, per slot). */
  private bestPassage(p: number, slotCosine: Float32Array, held: Uint8Array, termCount: number): number {
    const page = this.data.pages[p];
    const { passageStart, passageRows } = this.data;
    let best = page.firstPassage >= 0 ? page.firstPassage : page.rows[0];
    let bestValue = -Infinity;
    for (let i = passageStart[p]; i < passageStart[p + 1]; i++) {
      const value = slotCosine[i] + (termCount ? (0.5 * held[i]) / termCount : 0);
      if (value > bestValue) {
        best = passageRows[i];
        bestValue = value;
      }
    }
    return best;
  }

  /**
   * How many of the query's terms each passage slot of the `pages` holds (the others are not read), through the
   * terms' slot lists (as wordEvidence found them), ascending: each page's run found by bisection, since a common
   * word's list is long and only a handful of pages are shown. A scratch array; a query of 300 characters has far
   * fewer than 256 terms.
   */
  private slotsHolding(termSlots: ReadonlyArray<Int32Array | undefined>, pages: readonly number[]): Uint8Array {
    const held = this.slotHeld;
    const { passageStart } = this.data;
    for (const p of pages) held.fill(0, passageStart[p], passageStart[p + 1]);
    for (const slots of termSlots) {
      if (!slots) continue;
      for (const p of pages) {
        const end = passageStart[p + 1];
        for (let i = firstAtLeast(slots, passageStart[p]); i < slots.length && slots[i] < end; i++) held[slots[i]]++;
      }
    }
    return held;
  }
}

/** A vector of zeros only (no word the embedder knows): it is near nothing. */
function isZero(v: Float32Array): boolean {
  for (let j = 0; j < v.length; j++) if (v[j] !== 0) return false;
  return true;
}
