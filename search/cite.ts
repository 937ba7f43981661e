// Citations in a generated answer: the model is given numbered passages ([1], [2]… matching the answer's
// `sources`) and must cite what it draws on. An answer that cites nothing, or a number it was not given,
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
