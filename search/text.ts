// Words as the lexical side of search sees them: lowercase letter runs, stop words dropped, Porter stems
// (so breath, breaths and breathing meet). Pure functions; the stem cache only saves repeated work.
import { stemmer } from "stemmer";

const WORDS = /\p{L}+(?:['’]\p{L}+)*/gu;

/**
 * Words too common to say anything about a page on their own. Kept short on purpose: "alone", "still",
 * "never" and "not" carry meaning in this library, so they stay searchable.
 */
export const STOP_WORDS = new Set(
  (
    "a an the and or but if of at by for with about to from in into on onto over under up down out off as than then so such " +
    "is are was were be been being am do does did doing have has had having can could would should will shall may might must " +
    "i me my mine we us our ours you your yours he him his she her hers it its they them their theirs this that these those there here " +
    "what which who whom whose when where why how all any each every both few more most other some own same too very just also " +
    "s t d ll m re ve y o ain aren isn wasn weren don doesn didn hasn haven hadn won wouldn shouldn couldn let lets get got"
  ).split(" "),
);

const stems = new Map<string, string>();

/** Porter stem of a lowercase word, cached (the library's vocabulary is small and queries repeat words). */
export function stem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    s = stemmer(word);
    if (stems.size < 200_000) stems.set(word, s);
  }
  return s;
}

/** Lowercase words in order, curly apostrophes straightened, possessive 's dropped. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(WORDS) ?? []).map((w) => w.replace(/’/g, "'").replace(/'s$/, ""));
}

/** Stems of the content words, in order (duplicates kept: term frequency counts them). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) if (!STOP_WORDS.has(w) && w.length > 1) out.push(stem(w));
  return out;
}

/** A title or query reduced for exact comparison: words only, a leading article dropped. */
export function titleKey(text: string): string {
  return words(text)
    .join(" ")
    .replace(/^(?:a|an|the) /, "");
}

/** Words joined by single spaces, for phrase containment tests on normalized text. */
export function phraseKey(text: string): string {
  return words(text).join(" ");
}
