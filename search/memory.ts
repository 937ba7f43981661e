// The query side of the index, held in memory: every row's vector in one Float32Array, the pages'
// word postings with their field strengths, and the expansions. Built from the LanceDB table's rows
// when the index opens or a rebuild swaps in, so a search is arithmetic over arrays, not I/O.
import type { Chunk } from "./chunks.ts";
import { expansionsOf, type Expansions } from "./lexicon.ts";
import { coverage, expansionWeight, fieldStrength, fuse, idf, meaningEvidence, shown, STEM_ONLY, withPhrase, type Calibration } from "./rank.ts";
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
}

interface Page {
  title: string;
  titleKey: string;
  /** Title, summary and body as space-joined lowercase words, for phrase tests. */
  text: string;
  titleText: string;
  rows: number[];
  firstPassage: number;
  /** Every word of the page as written (plural -s dropped), to tell a word match from a stem-only one. */
  surface: Set<string>;
}

/** A written word without a plural -s, so "breaths" matches "breath" as the word itself. */
const surfaceOf = (w: string) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w);

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
    private vectors: Float32Array,
    private dims: number,
    private postings: Map<string, Posting>,
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
    const rowPage = new Int32Array(rows.length);
    const pageIndex = new Map<string, number>();
    const pages: Page[] = [];
    const hits: Array<Map<string, { title: boolean; themes: boolean; tldr: boolean; headings: boolean; bodyTf: number }>> = [];
    const bodyLength: number[] = [];
    const rowTerms: Array<Set<string>> = [];
    rows.forEach((row, r) => {
      vectors.set(row.vector, r * dims);
      let p = pageIndex.get(row.page);
      if (p === undefined) {
        p = pages.length;
        pageIndex.set(row.page, p);
        pages.push({ title: row.title, titleKey: titleKey(row.title), text: phraseKey(row.title), titleText: phraseKey(row.title), rows: [], firstPassage: -1, surface: new Set() });
        hits.push(new Map());
        bodyLength.push(0);
      }
      rowPage[r] = p;
      const page = pages[p];
      page.rows.push(r);
      for (const w of words(`${row.title} ${row.themes.replace(/-/g, " ")} ${row.tldr} ${row.headings} ${row.text}`)) page.surface.add(surfaceOf(w));
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
    const chunks = rows.map(toChunk);
    return new MemoryIndex(rows, chunks, pages, rowPage, vectors, dims, postings, rowTerms, byTitle, expansions);
  }

  /** Pages ordered by fused evidence, above the floor, each with its most fitting passage. */
  search(query: string, vector: Float32Array, limit: number, calibration: Calibration): Hit[] {
    const P = this.pages.length;
    const exact = new Set(this.byTitle.get(titleKey(query)) ?? []);
    const queryTerms = [...new Set(terms(query))];
    // Words: per query term, each page's strength (its own, or an expansion's times the expansion's weight).
    const weights: number[] = [];
    const strengths: Float32Array[] = [];
    const typed = words(query).filter((w) => terms(w).length);
    for (const term of queryTerms) {
      const own = this.postings.get(term);
      const df = own?.pages.length ?? 0;
      weights.push(idf(P, df));
      const forms = typed.filter((w) => terms(w)[0] === term);
      const surfaces = forms.map(surfaceOf);
      const s = new Float32Array(P);
      if (own) {
        for (let i = 0; i < own.pages.length; i++) {
          const p = own.pages[i];
          s[p] = own.strengths[i] * (surfaces.some((w) => this.pages[p].surface.has(w)) ? 1 : STEM_ONLY);
        }
      }
      for (const [target, relation] of forms.length ? expansionsOf(this.expansions, forms[0]) : []) {
        const other = this.postings.get(target);
        const weight = expansionWeight(relation, df, P);
        if (other && weight > 0) for (let i = 0; i < other.pages.length; i++) s[other.pages[i]] = Math.max(s[other.pages[i]], weight * other.strengths[i]);
      }
      strengths.push(s);
    }
    // Meaning: cosine with every row (vectors are unit length), best row per page. No content word, no meaning.
    const rowCosine = new Float32Array(this.rows.length);
    const pageCosine = new Float32Array(P).fill(-1);
    if (queryTerms.length) {
      const { vectors, dims } = this;
      for (let r = 0, base = 0; r < this.rows.length; r++, base += dims) {
        let dot = 0;
        for (let j = 0; j < dims; j++) dot += vectors[base + j] * vector[j];
        rowCosine[r] = dot;
        const p = this.rowPage[r];
        if (dot > pageCosine[p]) pageCosine[p] = dot;
      }
    }
    const phrase = queryTerms.length >= 2 ? phraseKey(query) : "";
    const scored: Array<{ page: number; score: number; meaning: number }> = [];
    const perTerm = new Array<number>(queryTerms.length);
    for (let p = 0; p < P; p++) {
      for (let t = 0; t < queryTerms.length; t++) perTerm[t] = strengths[t][p];
      let lexical = coverage(weights, perTerm);
      if (phrase && lexical > 0) lexical = withPhrase(lexical, this.pages[p].text.includes(phrase), this.pages[p].titleText.includes(phrase));
      const meaning = meaningEvidence(pageCosine[p], calibration);
      const score = fuse(meaning, lexical, exact.has(p));
      if (shown(score, lexical)) scored.push({ page: p, score, meaning });
    }
    scored.sort((a, b) => b.score - a.score || b.meaning - a.meaning || a.page - b.page);
    return scored.slice(0, limit).map(({ page, score }) => ({ chunk: this.chunks[this.bestPassage(page, rowCosine, queryTerms)], score: Math.round(score * 1000) / 1000 }));
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
