// Citations in a generated answer: the model is given numbered passages ([1], [2]… the pages quoted, matching the
// answer's `sources`: citedPages) and must cite what it draws on. An answer that cites nothing, or a number it was not given,
// does not stand on the retrieval, and the extractive answer replaces it. Pure functions.

/** Every source number cited as [n] or [n, m] in the text, in order of first citation. */
export function citedNumbers(text: string): number[] {
  const out: number[] = [];
  for (const [, list] of text.matchAll(/\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\]/g)) {
    for (const n of list.split(/[,;]/).map((x) => Number(x.trim()))) if (!out.includes(n)) out.push(n);
  }
  return out;
}

/** Whether an answer cites at least one of the sources it was given, and none it was not. */
export function citesOnlyGiven(text: string, given: readonly number[]): boolean {
  const cited = citedNumbers(text);
  return cited.length > 0 && cited.every((n) => given.includes(n));
}

/** Whether an answer has words of its own beside its citations (a reply of "[1]" alone says nothing). */
export function saysMoreThanCitations(text: string): boolean {
  return /\p{L}{2,}/u.test(text.replace(/\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\]/g, " "));
}

/** What a numbered answer stands on: one hit per page quoted, and per passage the number its page is cited by. */
export interface CitedPages<H extends { chunk: { page: string } }> {
  /** The pages quoted, each once, in the order first quoted: the answer's `sources`; [n] is the n-th. */
  pages: H[];
  /** Per passage (in the grounding's order), the number of its page among `pages`, from 1. */
  numbers: number[];
}

/**
 * The pages an answer quotes, numbered from 1 in the order first quoted (docs/search.md: one source per page
 * cited). The grounding numbers passages by their page's place among the search hits, so a list of every hit
 * would name pages the answer does not stand on; renumbering keeps a generated answer's [n] the n-th source.
 */
export function citedPages<H extends { chunk: { page: string } }>(passages: readonly H[]): CitedPages<H> {
  const pages: H[] = [];
  const numbers = passages.map((hit) => {
    const at = pages.findIndex((p) => p.chunk.page === hit.chunk.page);
    return at >= 0 ? at + 1 : pages.push(hit);
  });
  return { pages, numbers };
}
