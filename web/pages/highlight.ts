// Search excerpts with the searched words marked: <mark> around each word of the excerpt that shares a
// stem with a word of the query ("breathing" marks "breath", "breaths", "breathe"). Pure; everything
// else is escaped by the `html` template.
import { html, type Html } from "./html.ts";

const STOPWORDS = new Set(
  "a an and are as at be but by can do does for from how i if in into is it its me my no not of on or our so that the their them then there these they this to was we what when where which who why will with you your".split(
    " ",
  ),
);
const SUFFIXES = ["ingly", "edly", "ness", "ing", "ful", "ies", "ied", "ed", "es", "ly", "s", "e", "y"];
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/** A rough English stem: common endings taken off while at least three letters stay. */
export function stemOf(word: string): string {
  const lower = word.toLowerCase().replace(/['’].*$/, "");
  for (const suffix of SUFFIXES) {
    if (lower.endsWith(suffix) && lower.length - suffix.length >= 3) return lower.slice(0, -suffix.length);
  }
  return lower;
}

/** The stems worth marking: the query's words without the small ones that carry no meaning. */
export function queryStems(query: string): string[] {
  const words = query.match(WORD) ?? [];
  const meaningful = words.filter((w) => w.length >= 3 && !STOPWORDS.has(w.toLowerCase()));
  return [...new Set(meaningful.map(stemOf))];
}

const matches = (word: string, stems: string[]) => {
  const stem = stemOf(word);
  // A stem of four or more letters also marks longer forms whose endings the rough stemmer keeps (breath → breathe).
  return stems.some((s) => stem === s || (s.length >= 4 && word.toLowerCase().startsWith(s)));
};

/** The excerpt as HTML, each word that matches the query inside <mark>. */
export function highlight(text: string, query: string): Html {
  const stems = queryStems(query);
  if (!stems.length) return html`${text}`;
  const parts: Html[] = [];
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    if (!matches(m[0], stems)) continue;
    parts.push(html`${text.slice(last, m.index)}<mark>${m[0]}</mark>`);
    last = m.index + m[0].length;
  }
  parts.push(html`${text.slice(last)}`);
  return html`${parts}`;
}
