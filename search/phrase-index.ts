// Whether a page's text holds a query's phrase, without reading the text. A page's phrase text is words joined by
// single spaces (memory-build.ts), so "w1 w2 … wn" is in it exactly where a word ending with w1 is followed by
// w2 … w(n-1) as whole words and then by a word starting with wn: a space of the phrase can only meet a space of
// the text. Scanning a few pages' whole text (3–4 pages, 13 KB a search) cost a search over HTTP some 20 µs of its
// 115, most of it memory the search's other arrays had pushed out of the caches; here a page is answered from a
// few positions of one word and the words beside them (docs/performance.md, forty-seventh session).
import type { Yielder } from "../core/time-slice.ts";

/** A phrase made ready for `holds`: one of its words is found through its positions, the others checked beside it. */
export interface PhraseQuery {
  phrase: string;
  words: readonly string[];
  /** Ids of the middle words (whole words); the ends are checked by their letters. */
  ids: Int32Array;
  /** Which word is found through its positions, and the ids it may have there (one, or the words a short end fits). */
  anchor: number;
  candidates: Int32Array;
  /** True when an end word fits too many words to look up one by one: the page's text is read instead. */
  scan: boolean;
}

/** An end word fitting at most this many words is looked up word by word; fitting more, the page's text is read. */
const MOST_LOOKED_UP = 8;

export class PhraseIndex {
  private constructor(
    /** Every word of the texts, sorted (its index is its id), and the same read backwards, sorted: an end's run. */
    private readonly vocabulary: readonly string[],
    private readonly backwards: { words: readonly string[]; ids: Int32Array },
    private readonly idOf: ReadonlyMap<string, number>,
    /** Every page's words as ids, page after page (-1 for the empty word two spaces make). */
    private readonly tokens: Int32Array,
    private readonly pageStart: Int32Array,
    /** Each id's positions in `tokens`, ascending: id i's are positions[positionStart[i] .. positionStart[i + 1]]. */
    private readonly positionStart: Int32Array,
    private readonly positions: Int32Array,
    private readonly texts: readonly string[],
  ) {}

  /** Over each page's phrase text (words joined by single spaces). Runs in slices. */
  static async build(texts: readonly string[], slice: Yielder): Promise<PhraseIndex> {
    const split: string[][] = [];
    const seen = new Set<string>();
    for (const text of texts) {
      await slice();
      split.push(text.split(" "));
      for (const w of split[split.length - 1]) if (w !== "") seen.add(w);
    }
    const vocabulary = [...seen].sort();
    const idOf = new Map(vocabulary.map((w, i) => [w, i]));
    const reversed = vocabulary.map(backwardsOf);
    const byEnd = Int32Array.from(vocabulary.keys()).sort((a, b) => (reversed[a] < reversed[b] ? -1 : reversed[a] > reversed[b] ? 1 : 0));
    const pageStart = new Int32Array(texts.length + 1);
    const tokens = new Int32Array(split.reduce((n, words) => n + words.length, 0));
    const positionStart = new Int32Array(vocabulary.length + 1);
    let at = 0;
    for (let p = 0; p < split.length; p++) {
      await slice();
      pageStart[p] = at;
      for (const w of split[p]) {
        const id = w === "" ? -1 : idOf.get(w)!;
        tokens[at++] = id;
        if (id >= 0) positionStart[id + 1]++;
      }
    }
    pageStart[split.length] = at;
    for (let i = 0; i < vocabulary.length; i++) positionStart[i + 1] += positionStart[i];
    const positions = new Int32Array(positionStart[vocabulary.length]);
    const next = positionStart.slice(0, vocabulary.length);
    for (let g = 0; g < tokens.length; g++) if (tokens[g] >= 0) positions[next[tokens[g]]++] = g;
    const backwards = { words: Array.from(byEnd, (id) => reversed[id]), ids: byEnd };
    return new PhraseIndex(vocabulary, backwards, idOf, tokens, pageStart, positionStart, positions, texts);
  }

  /** The phrase (two words or more, single spaces) made ready once for every page a search asks about. */
  prepare(phrase: string): PhraseQuery {
    const words = phrase.split(" ");
    const n = words.length;
    const ids = new Int32Array(n).fill(-1);
    const query = { phrase, words, ids, anchor: 1, candidates: new Int32Array(0), scan: false };
    // Three words or more: the middle word with the fewest positions. One the texts never use: no page holds it.
    let fewest = Infinity;
    for (let k = 1; k < n - 1; k++) {
      const id = this.idOf.get(words[k]) ?? -1;
      if (id < 0) return query;
      ids[k] = id;
      const count = this.positionStart[id + 1] - this.positionStart[id];
      if (count < fewest) [fewest, query.anchor, query.candidates] = [count, k, Int32Array.of(id)];
    }
    if (n > 2) return query;
    // Two words: the words starting with the second are a run of the sorted words, those ending with the first a run
    // of the words read backwards; the shorter run is looked up.
    const [from, to] = run(this.vocabulary, words[1]);
    const [endFrom, endTo] = run(this.backwards.words, backwardsOf(words[0]));
    if (Math.min(to - from, endTo - endFrom) > MOST_LOOKED_UP) return { ...query, scan: true };
    if (to - from <= endTo - endFrom) return { ...query, candidates: Int32Array.from({ length: to - from }, (_, i) => from + i) };
    return { ...query, anchor: 0, candidates: this.backwards.ids.slice(endFrom, endTo) };
  }

  /** Whether page p's text holds the phrase: the same answer as the text's `includes`. */
  holds(p: number, q: PhraseQuery): boolean {
    if (q.scan) return this.texts[p].includes(q.phrase);
    const [start, end] = [this.pageStart[p], this.pageStart[p + 1]];
    const { positions, positionStart } = this;
    for (const id of q.candidates) {
      const last = positionStart[id + 1];
      for (let i = firstAtLeast(positions, start, positionStart[id], last); i < last && positions[i] < end; i++) {
        const s = positions[i] - q.anchor;
        if (s >= start && s + q.words.length <= end && this.matchesAt(s, q)) return true;
      }
    }
    return false;
  }

  private matchesAt(s: number, { words, ids }: PhraseQuery): boolean {
    const n = words.length;
    for (let k = 1; k < n - 1; k++) if (this.tokens[s + k] !== ids[k]) return false;
    const [first, last] = [this.tokens[s], this.tokens[s + n - 1]];
    return first >= 0 && last >= 0 && this.vocabulary[first].endsWith(words[0]) && this.vocabulary[last].startsWith(words[n - 1]);
  }
}

/** A word's UTF-16 units in reverse: a word ends with w exactly when its reverse starts with w's. */
const backwardsOf = (word: string) => word.split("").reverse().join("");

/** The run of the sorted `list` (UTF-16 order) starting with `prefix`: [from, to). */
function run(list: readonly string[], prefix: string): [number, number] {
  const firstFrom = (value: string) => {
    let [lo, hi] = [0, list.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list[mid] < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return [firstFrom(prefix), firstFrom(`${prefix}\uffff`)];
}

/** The first index in the ascending list[from, to) holding at least `value`; `to` if none. */
export function firstAtLeast(list: Int32Array, value: number, from = 0, to = list.length): number {
  let [lo, hi] = [from, to];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
