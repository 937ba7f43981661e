// The ranking rules, as pure functions. A result's `score` is the fused evidence that a page answers
// the query, in 0..1, and results are ordered by it:
//   score = share × meaning + (1 − share) × words      (share 0.5; 0.4 for two words, 0.3 for one)
// where `meaning` is the cosine similarity of the query to the page (0.4 its card — title, summary,
// themes, kind, headings — and 0.6 its best passage), rescaled by the embedder's calibration so unrelated text sits at 0,
// and `words` is how much of the query the page contains (idf-weighted coverage of its content words,
// stronger in the title, themes and summary than in the body, with WordNet expansions counting less).
// A sum rather than a product or a maximum, so neither kind saturates the other: pages with both rank
// above pages with one. A page whose title is exactly the query scores 1 and no other page does.

/** How an embedder's cosines map onto evidence: `lo` and below is unrelated, `hi` and above is as close as it gets. */
export interface Calibration {
  lo: number;
  hi: number;
}

/**
 * Per embedder family. Vectors are compared after the library's mean direction is taken out (memory.ts),
 * which removes most of the families' differences (GloVe averages and ada-002 otherwise sit far above 0
 * for unrelated text); the hook stays for a family that needs its own.
 */
export function calibrationFor(embedderId: string): Calibration {
  if (embedderId.startsWith("glove")) return { lo: 0.15, hi: 0.75 };
  return { lo: 0.15, hi: 0.75 };
}

/** For cosines of raw (uncentered) vectors, as answers compare a question with single sentences. */
export function rawCalibrationFor(embedderId: string): Calibration {
  if (embedderId.startsWith("glove")) return { lo: 0.3, hi: 0.85 };
  if (embedderId.startsWith("openai/text-embedding-ada")) return { lo: 0.72, hi: 0.92 };
  return { lo: 0.15, hi: 0.75 };
}

export const MEANING_SHARE = 0.5;
/** A page's cosine: this much its card's, the rest its best passage's (relevance set 82→85 of 89 on a grown library). */
export const CARD_SHARE = 0.4;
/** Fused evidence under which a page is not shown (unless its words alone are strong). Nonsense scores 0. */
export const FLOOR = 0.15;
/** Word evidence that keeps a page whatever its meaning score: every query word present, at least once in the body. */
export const STRONG_WORDS = 0.3;
/** The most a page can score without its title being exactly the query. */
export const BELOW_EXACT = 0.99;

export const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

export function meaningEvidence(cosine: number, c: Calibration): number {
  return clamp01((cosine - c.lo) / (c.hi - c.lo));
}

/** Where in a page a word was found; `bodyTf` is its count in the body, `bodyLength` the body's words. */
export interface FieldHits {
  title: boolean;
  themes: boolean;
  tldr: boolean;
  headings: boolean;
  bodyTf: number;
  bodyLength: number;
  averageLength: number;
}

/**
 * How strongly a page holds one word, 0..1: a word in the title names the page; in its themes or summary
 * it is what the page is about; in the body it saturates with repetition (BM25's tf curve, length-normalized).
 */
export function fieldStrength(h: FieldHits): number {
  const norm = 0.5 + (0.5 * h.bodyLength) / Math.max(1, h.averageLength);
  const body = h.bodyTf > 0 ? (0.8 * h.bodyTf) / (h.bodyTf + 1.2 * norm) : 0;
  return Math.max(h.title ? 1 : 0, h.themes ? 0.9 : 0, h.tldr ? 0.85 : 0, h.headings ? 0.7 : 0, body);
}

/** Inverse document frequency; a word the library lacks weighs like the rarest one. */
export function idf(pages: number, documentFrequency: number): number {
  return Math.log(1 + pages / Math.max(0.5, documentFrequency));
}

/**
 * Coverage of the query by one page: Σ weight·strength / Σ weight over the query's words, where a word's
 * strength is its own or, if stronger, an expansion's strength times the expansion's weight.
 */
export function coverage(weights: number[], strengths: number[]): number {
  let total = 0;
  let held = 0;
  for (let i = 0; i < weights.length; i++) {
    total += weights[i];
    held += weights[i] * strengths[i];
  }
  return total > 0 ? held / total : 0;
}

/** A phrase of two or more words found as written lifts the word evidence; found in the title, more. */
export function withPhrase(words: number, phraseInText: boolean, phraseInTitle: boolean): number {
  if (phraseInTitle) return Math.max(words, 0.9);
  if (phraseInText) return Math.max(words, 0.5 + 0.5 * words);
  return words;
}

/**
 * How much meaning counts, by the query's content words: one word's vector is a weak guide to a page
 * (GloVe puts "several" near many pages that never say it), so a short query leans on its words.
 */
export function meaningShare(contentWords: number): number {
  return contentWords <= 1 ? 0.3 : contentWords === 2 ? 0.4 : MEANING_SHARE;
}

export function fuse(meaning: number, words: number, exactTitle: boolean, share = MEANING_SHARE): number {
  if (exactTitle) return 1;
  return Math.min(BELOW_EXACT, share * meaning + (1 - share) * words);
}

/**
 * The floor applies to the fused evidence, but never drops a page with a strong lexical match: one that
 * holds every content word of the query (or its stem), or whose word evidence is strong on its own.
 */
export function shown(score: number, words: number, holdsEveryWord: boolean): boolean {
  return score >= FLOOR || words >= STRONG_WORDS || holdsEveryWord;
}

/**
 * How far a WordNet expansion may stand in for the typed word. Common words have many senses and need no
 * help finding pages, so only words the library uses rarely (or never) are expanded, at most at 0.5.
 */
export function expansionWeight(relation: number, pagesWithWord: number, pages: number): number {
  const rarity = 1 - Math.min(1, pagesWithWord / (0.05 * pages));
  return 0.7 * relation * rarity;
}

/**
 * The nearness at or below which a page holding none of the query's words is not shown: its words' evidence is 0,
 * so its score is `near` × share × meaning (fuse) and it is shown only at FLOOR or above (shown). Less a margin
 * for rounding, so a page on the line is still weighed; Infinity where meaning alone never reaches the floor.
 * (A fourth of the pages a search scored sat between `lo` and this line, each scored only to be left out.)
 */
export function wordlessFloor(c: Calibration, share: number, near: number): number {
  const meaning = FLOOR / (near * share);
  return meaning > 1 + 1e-9 ? Infinity : c.lo + meaning * (c.hi - c.lo) - 1e-6;
}

/** For a query of one word, how much a page that does not hold it keeps of its score. */
export const NEAR_ONLY = 0.5;

/** A stem-only match (stillness typed, still written) is weaker than the word itself. */
export const STEM_ONLY = 0.7;

/**
 * The best `limit` pages by score (then meaning, then library order) among those scored 0 or more, in one pass:
 * each is placed among the few kept so far, after every kept page at least as good (earlier pages win ties), and
 * the last drops out when more than `limit` are kept. (A pass per result, or a sort of every page, cost more.)
 * The pages are 0 .. count − 1, or, given `among`, its first `count` entries (ascending: library order decides ties).
 */
export function topPages(scores: Float32Array, meanings: Float32Array, count: number, limit: number, among?: Int32Array): number[] {
  const picked: number[] = [];
  if (limit <= 0) return picked;
  for (let k = 0; k < count; k++) {
    const p = among ? among[k] : k;
    const score = scores[p];
    if (!(score >= 0)) continue;
    if (picked.length === limit) {
      const last = picked[limit - 1];
      if (score < scores[last] || (score === scores[last] && meanings[p] <= meanings[last])) continue;
    }
    let at = picked.length;
    while (at > 0) {
      const q = picked[at - 1];
      if (score > scores[q] || (score === scores[q] && meanings[p] > meanings[q])) at--;
      else break;
    }
    picked.splice(at, 0, p);
    if (picked.length > limit) picked.pop();
  }
  return picked;
}
