// The query side of the index, held in memory: every row's vector in one Float32Array, the pages'
// word postings with their field strengths, and the expansions. Built from the LanceDB table's rows
// when the index opens or a rebuild swaps in, so a search is arithmetic over arrays, not I/O.
import type { Chunk } from "./chunks.ts";
import { DotProducts } from "./dots.ts";
import { expansionsOf, type Expansions } from "./lexicon.ts";
import { CARD_SHARE, expansionWeight, fieldStrength, fuse, idf, meaningEvidence, meaningShare, shown, STEM_ONLY, withPhrase, type Calibration } from "./rank.ts";
import { phraseKey, terms, titleKey, words } from "./text.ts";

/** One row of the table: a passage of a page, or its card (title, summary, themes, headings). */
export interface Row extends Chunk {
  role: "card" | "passage";
  tldr: string;
  themes: string;
  headings: string;
  vector: ArrayLike<number>;
}

export interface Hit {
  chunk: Chunk;
  /** Fused evidence that the page answers the query, 0..1 (see rank.ts); results are ordered by it. */
  score: number;
  /** Every passage of the page, in order (shared, never to be mutated): answers look for sentences in them. */
  passages: readonly Chunk[];
}

interface Page {
  title: string;
  titleKey: string;
  /** Title, summary and body as space-joined lowercase words, for phrase tests. */
  text: string;
  titleText: string;
  rows: number[];
  passages: Chunk[];
  firstPassage: number;
}

/** A written word without a plural -s, so "breaths" matches "breath" as the word itself. */
const surfaceOf = (w: string) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w);

/** Called with every page's evidence when tuning (bench/search-quality.ts --explain). */
export type Explain = (page: string, meaning: number, words: number, score: number) => void;

interface Posting {
  pages: Int32Array;
  strengths: Float32Array;
}

export class MemoryIndex {
  private constructor(
    private rows: Row[],
    private chunks: Chunk[],
    private pages: Page[],
    private rowPage: Int32Array,
    private rowIsCard: Uint8Array,
    private products: DotProducts,
    private mean: Float32Array,
    private postings: Map<string, Posting>,
    /** Pages holding each word as written (plural -s dropped), to tell a word match from a stem-only one. */
    private surfaces: Map<string, Int32Array>,
    private rowTerms: Array<Set<string>>,
    private byTitle: Map<string, number[]>,
    private expansions: Expansions,
  ) {}

  get pageCount(): number {
    return this.pages.length;
  }

  static from(rows: Row[], expansions: Expansions): MemoryIndex {
    const dims = rows[0]?.vector.length ?? 0;
    const vectors = new Float32Array(rows.length * dims);
    // The library's mean direction: every passage shares it, so it says nothing about any one of them.
    const mean = new Float32Array(dims);
    for (const row of rows) for (let j = 0; j < dims; j++) mean[j] += row.vector[j] / rows.length;
    const rowPage = new Int32Array(rows.length);
    const pageIndex = new Map<string, number>();
    const pages: Page[] = [];
    const hits: Array<Map<string, { title: boolean; themes: boolean; tldr: boolean; headings: boolean; bodyTf: number }>> = [];
    const bodyLength: number[] = [];
    const rowTerms: Array<Set<string>> = [];
    const surfaceSets = new Map<string, Set<number>>();
    rows.forEach((row, r) => {
      vectors.set(centered(row.vector, mean), r * dims);
      let p = pageIndex.get(row.page);
      if (p === undefined) {
        p = pages.length;
        pageIndex.set(row.page, p);
        pages.push({ title: row.title, titleKey: titleKey(row.title), text: phraseKey(row.title), titleText: phraseKey(row.title), rows: [], passages: [], firstPassage: -1 });
        hits.push(new Map());
        bodyLength.push(0);
      }
      rowPage[r] = p;
      const page = pages[p];
      page.rows.push(r);
      for (const w of words(`${row.title} ${row.themes.replace(/-/g, " ")} ${row.tldr} ${row.headings} ${row.text}`)) {
        const form = surfaceOf(w);
        const seen = surfaceSets.get(form) ?? surfaceSets.set(form, new Set()).get(form)!;
        seen.add(p);
      }
      const mark = (stem: string) => hits[p].get(stem) ?? hits[p].set(stem, { title: false, themes: false, tldr: false, headings: false, bodyTf: 0 }).get(stem)!;
      if (row.role === "card") {
        for (const t of terms(row.title)) mark(t).title = true;
        for (const t of terms(row.themes.replace(/-/g, " "))) mark(t).themes = true;
        for (const t of terms(row.tldr)) mark(t).tldr = true;
        for (const t of terms(row.headings)) mark(t).headings = true;
        page.text += ` ${phraseKey(row.tldr)}`;
        rowTerms.push(new Set());
      } else {
        if (page.firstPassage < 0) page.firstPassage = r;
        const own = terms(row.text);
        for (const t of own) mark(t).bodyTf++;
        bodyLength[p] += own.length;
        page.text += ` ${phraseKey(row.text)}`;
        rowTerms.push(new Set(own));
      }
    });
    const averageLength = bodyLength.reduce((a, b) => a + b, 0) / Math.max(1, pages.length);
    const lists = new Map<string, Array<[number, number]>>();
    hits.forEach((words, p) => {
      for (const [stem, h] of words) {
        const strength = fieldStrength({ ...h, bodyLength: bodyLength[p], averageLength });
        (lists.get(stem) ?? lists.set(stem, []).get(stem)!).push([p, strength]);
      }
    });
    const postings = new Map<string, Posting>();
    for (const [stem, list] of lists) {
      postings.set(stem, { pages: Int32Array.from(list.map((e) => e[0])), strengths: Float32Array.from(list.map((e) => e[1])) });
    }
    const byTitle = new Map<string, number[]>();
    pages.forEach((page, p) => (byTitle.get(page.titleKey) ?? byTitle.set(page.titleKey, []).get(page.titleKey)!).push(p));
    const surfaces = new Map([...surfaceSets].map(([w, set]) => [w, Int32Array.from(set)]));
    const chunks = rows.map(toChunk);
    pages.forEach((page) => page.rows.forEach((r) => rows[r].role === "passage" && page.passages.push(chunks[r])));
    const rowIsCard = Uint8Array.from(rows, (r) => (r.role === "card" ? 1 : 0));
    return new MemoryIndex(rows, chunks, pages, rowPage, rowIsCard, new DotProducts(vectors, dims), mean, postings, surfaces, rowTerms, byTitle, expansions);
  }

  // Scratch arrays reused by every search (searches are synchronous, so they never overlap).
  private noCosines: Float32Array = new Float32Array(0);
  private pageCosine = new Float32Array(0);
  private held = new Float32Array(0);
  private strength = new Float32Array(0);
  private ownCount = new Uint8Array(0);
  private exactMark = new Uint8Array(0);
  private scores = new Float32Array(0);
  private cardCosine = new Float32Array(0);
  private meanings = new Float32Array(0);

  /** Pages ordered by fused evidence, above the floor, each with its most fitting passage. */
  search(query: string, vector: Float32Array, limit: number, calibration: Calibration, explain?: Explain): Hit[] {
    const P = this.pages.length;
    const R = this.rows.length;
    if (this.held.length !== P) {
      [this.held, this.strength, this.pageCosine, this.scores, this.meanings, this.cardCosine] = [1, 2, 3, 4, 5, 6].map(() => new Float32Array(P));
      [this.ownCount, this.exactMark, this.noCosines] = [new Uint8Array(P), new Uint8Array(P), new Float32Array(R)];
    }
    const { held, strength, ownCount, pageCosine } = this;
    held.fill(0);
    ownCount.fill(0);
    const exact = this.byTitle.get(titleKey(query));
    // Each typed content word with its stem; repeated stems count once (the first form typed leads).
    const typed = new Map<string, string[]>();
    for (const w of words(query)) {
      const [term] = terms(w);
      if (term) (typed.get(term) ?? typed.set(term, []).get(term)!).push(w);
    }
    // Words: Σ over query terms of idf × the page's strength for the term — its own (weaker when only the
    // stem matches) or, if stronger, an expansion's times the expansion's weight.
    let totalWeight = 0;
    const touched: number[] = [];
    for (const [term, forms] of typed) {
      const own = this.postings.get(term);
      const df = own?.pages.length ?? 0;
      const weight = idf(P, df);
      totalWeight += weight;
      touched.length = 0;
      if (own) {
        // Stem matches first at the weaker strength, then pages with the word as typed at full strength.
        for (let i = 0; i < own.pages.length; i++) {
          const p = own.pages[i];
          strength[p] = own.strengths[i] * STEM_ONLY;
          ownCount[p]++;
          touched.push(p);
        }
        const mark = this.exactMark;
        for (const form of forms) {
          for (const p of this.surfaces.get(surfaceOf(form)) ?? []) {
            if (strength[p] > 0 && !mark[p]) [strength[p], mark[p]] = [strength[p] / STEM_ONLY, 1];
          }
        }
        for (const p of touched) mark[p] = 0;
      }
      for (const [target, relation] of expansionsOf(this.expansions, forms[0])) {
        const other = this.postings.get(target);
        const w = expansionWeight(relation, df, P);
        if (!other || w <= 0) continue;
        for (let i = 0; i < other.pages.length; i++) {
          const p = other.pages[i];
          const s = w * other.strengths[i];
          if (s > strength[p]) {
            if (strength[p] === 0) touched.push(p);
            strength[p] = s;
          }
        }
      }
      for (const p of touched) {
        held[p] += weight * strength[p];
        strength[p] = 0;
      }
    }
    // Meaning: cosine with every row (vectors are unit length), best row per page. No content word, no meaning.
    pageCosine.fill(-1);
    let rowCosine: Float32Array = this.noCosines;
    if (typed.size && vector.some((x) => x !== 0)) {
      rowCosine = this.products.run(centered(vector, this.mean));
      // A page's nearness: its card (what it says it is about) and its best passage together. The best
      // passage alone is often a stray match in a long page; the card alone misses what the body holds.
      const { cardCosine, rowIsCard, rowPage } = this;
      cardCosine.fill(-2);
      for (let r = 0; r < R; r++) {
        const p = rowPage[r];
        if (rowIsCard[r]) cardCosine[p] = rowCosine[r];
        else if (rowCosine[r] > pageCosine[p]) pageCosine[p] = rowCosine[r];
      }
      for (let p = 0; p < P; p++) {
        const card = cardCosine[p] > -2 ? cardCosine[p] : pageCosine[p];
        pageCosine[p] = CARD_SHARE * card + (1 - CARD_SHARE) * (pageCosine[p] > -1 ? pageCosine[p] : card);
      }
    }
    const phrase = typed.size >= 2 ? phraseKey(query) : "";
    const share = meaningShare(typed.size);
    const { scores, meanings } = this;
    for (let p = 0; p < P; p++) {
      let lexical = totalWeight > 0 ? held[p] / totalWeight : 0;
      // A phrase can only be present where every one of its words is: test the text only then.
      if (phrase && ownCount[p] === typed.size) lexical = withPhrase(lexical, this.pages[p].text.includes(phrase), this.pages[p].titleText.includes(phrase));
      const meaning = meaningEvidence(pageCosine[p], calibration);
      const score = fuse(meaning, lexical, exact?.includes(p) ?? false, share);
      explain?.(this.rows[this.pages[p].rows[0]].page, meaning, lexical, score);
      scores[p] = shown(score, lexical, typed.size > 0 && ownCount[p] === typed.size) ? score : -1;
      meanings[p] = meaning;
    }
    // The best `limit` pages by score (then meaning, then library order): a few passes over the
    // pages cost less than sorting all of them.
    const picked: number[] = [];
    while (picked.length < limit) {
      let best = -1;
      for (let p = 0; p < P; p++) {
        if (scores[p] < 0) continue;
        if (best < 0 || scores[p] > scores[best] || (scores[p] === scores[best] && meanings[p] > meanings[best])) best = p;
      }
      if (best < 0) break;
      picked.push(best);
      scores[best] = -1 - scores[best];
    }
    const queryTerms = [...typed.keys()];
    return picked.map((page) => ({
      chunk: this.chunks[this.bestPassage(page, rowCosine, queryTerms)],
      score: Math.round((-1 - scores[page]) * 1000) / 1000,
      passages: this.pages[page].passages,
    }));
  }

  /** The passage to show: nearest in meaning, nudged toward passages holding the query's words. */
  private bestPassage(p: number, rowCosine: Float32Array, queryTerms: string[]): number {
    const page = this.pages[p];
    let best = page.firstPassage >= 0 ? page.firstPassage : page.rows[0];
    let bestValue = -Infinity;
    for (const r of page.rows) {
      if (this.rows[r].role === "card") continue;
      let held = 0;
      for (const t of queryTerms) if (this.rowTerms[r].has(t)) held++;
      const value = rowCosine[r] + (queryTerms.length ? (0.5 * held) / queryTerms.length : 0);
      if (value > bestValue) [best, bestValue] = [r, value];
    }
    return best;
  }
}

/**
 * A unit vector with the library's mean direction taken out ("all-but-the-top" for this corpus): cosines
 * then measure what sets passages apart, not what they share. Meaning-only recall@5 on the relevance
 * set went from 65 to 72 of 89 with GloVe. A zero vector (no known word) stays zero.
 */
export function centered(v: ArrayLike<number>, mean: Float32Array): Float32Array {
  const out = new Float32Array(mean.length);
  let norm = 0;
  for (let j = 0; j < out.length; j++) {
    out[j] = v[j] - mean[j];
    norm += out[j] * out[j];
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (let j = 0; j < out.length; j++) out[j] /= norm;
  return out;
}

function toChunk(row: Row): Chunk {
  return {
    id: row.id,
    page: row.page,
    title: row.title,
    pagePath: row.pagePath,
    path: row.path || null,
    slug: row.slug || null,
    category: row.category,
    section: row.section || null,
    text: row.text,
  };
}
