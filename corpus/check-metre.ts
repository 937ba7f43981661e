// Hymns that sing (issue #37): each library hymn names its metre in front matter and keeps it.
// The rules, stated once (corpus/WRITING.md, "Hymns: metre and rhyme", says the same for writers):
// - Syllables: a word counts as any of its pronunciations in the CMU pronouncing dictionary (so
//   "every" is 2 or 3, "fire" 1 or 2: elision is the dictionary's own variants, nothing looser); a word
//   the dictionary lacks counts as the `syllable` package says. A line fits when its metre's count lies in
//   the line's range, or one syllable over when the line ends on an unstressed syllable of a word of
//   two or more (a feminine ending: "water", "over").
// - Rhyme: the sound from the line's last stressed vowel to its end (CMU phonemes, stress ignored).
//   True rhyme: those sounds are equal. Near rhyme: the same stressed vowel (stone/home), or the same
//   final consonant cluster after that vowel, when there is one (mud/bread). Anything else is no rhyme.
// - Scheme: the positions that must rhyme in each verse, per metre (METRES below); refrains and codas
//   are counted against the metre named after "refrain" and not rhymed.
import { dictionary } from "cmu-pronouncing-dictionary";
import { syllable } from "syllable";

export interface Metre {
  name: string;
  counts: number[];
  /** 1-based line pairs that must rhyme in every verse */
  rhymes: [number, number][];
}

const XAXA: [number, number][] = [[2, 4]];
const XAXA_D: [number, number][] = [
  [2, 4],
  [6, 8],
];
/** Named metres; a metre may also be given by its counts ("8.7.8.7", "7.6.7.6 D"), rhyming 2–4 (and 6–8 doubled). */
export const METRES: Record<string, Metre> = {
  CM: { name: "Common Metre 8.6.8.6", counts: [8, 6, 8, 6], rhymes: XAXA },
  CMD: { name: "Common Metre Double 8.6.8.6 D", counts: [8, 6, 8, 6, 8, 6, 8, 6], rhymes: XAXA_D },
  LM: { name: "Long Metre 8.8.8.8", counts: [8, 8, 8, 8], rhymes: XAXA },
  SM: { name: "Short Metre 6.6.8.6", counts: [6, 6, 8, 6], rhymes: XAXA },
};

export interface ParsedMetre {
  verse: Metre;
  /** syllables per refrain line, when the hymn has a refrain in its own shape */
  refrain?: number[];
}

/** "CM", "LM, refrain 7.7", "7.6.7.6 D", "8.7.8.7; refrain 8.8.8.8" → the metre, or an error string. */
export function parseMetre(text: string): ParsedMetre | string {
  const m = text.trim().match(/^([A-Z]{2,3}|\d+(?:\.\d+)+(?:\s*D)?)\s*(?:[,;]\s*refrain\s+(\d+(?:\.\d+)*))?$/i);
  if (!m)
    return `metre "${text}" is not a metre: name one of ${Object.keys(METRES).join(", ")} or give counts like 8.7.8.7 or 7.6.7.6 D, optionally followed by ", refrain 7.7"`;
  const refrain = m[2]?.split(".").map(Number);
  const named = METRES[m[1].toUpperCase()];
  if (named) return { verse: named, refrain };
  if (/^[A-Z]/i.test(m[1])) return `metre "${m[1]}" is not one of ${Object.keys(METRES).join(", ")}`;
  const doubled = /D$/i.test(m[1]);
  const half = m[1].replace(/\s*D$/i, "").split(".").map(Number);
  if (half.some((n) => n < 3 || n > 14)) return `metre "${text}": lines of 3–14 syllables`;
  const counts = doubled ? [...half, ...half] : half;
  const rhymes = counts.length >= 8 ? XAXA_D : counts.length >= 4 ? XAXA : [];
  return { verse: { name: m[1], counts, rhymes }, refrain };
}

const cmu = dictionary as Record<string, string>;

/** The dictionary's pronunciations of a word ("every", then its variants "every(2)", "every(3)" …), each as phonemes. */
function pronunciations(word: string): string[][] {
  const out: string[][] = [];
  for (let i = 1; i <= 6; i++) {
    const p = cmu[i > 1 ? `${word}(${i})` : word];
    if (!p) break;
    out.push(p.split(" "));
  }
  // A possessive or plural the dictionary lacks: the stem's sound and a final Z.
  if (!out.length && /'s$/.test(word)) for (const p of pronunciations(word.slice(0, -2))) out.push([...p, "Z"]);
  return out;
}

const isVowel = (ph: string) => /\d$/.test(ph);
/** Index of the last element matching (Array#findLastIndex is ES2023, past this project's lib). */
const lastIndex = <T>(xs: T[], test: (x: T) => boolean) => {
  for (let i = xs.length - 1; i >= 0; i--) if (test(xs[i])) return i;
  return -1;
};
const WORD = /[A-Za-z]+(?:['’][A-Za-z]+)*/g;

/** The words of a sung line, lower case, apostrophes straightened, hyphens split. */
export function wordsOf(line: string): string[] {
  return (line.replace(/[’‘]/g, "'").match(WORD) ?? []).map((w) => w.toLowerCase());
}

/** [fewest, most] syllables a word may take. */
export function wordSyllables(word: string): [number, number] {
  const counts = pronunciations(word).map((p) => p.filter(isVowel).length);
  if (!counts.length) {
    const n = Math.max(1, syllable(word));
    return [n, n];
  }
  return [Math.min(...counts), Math.max(...counts)];
}

export interface LineFit {
  range: [number, number];
  feminine: boolean;
  fits: boolean;
}

/** Whether a line keeps its count (see the rules at the top of this file). */
export function lineFits(line: string, target: number): LineFit {
  const words = wordsOf(line);
  let lo = 0;
  let hi = 0;
  for (const w of words) {
    const [a, b] = wordSyllables(w);
    lo += a;
    hi += b;
  }
  const last = words.at(-1) ?? "";
  const pron = pronunciations(last)[0];
  const feminine = !!pron && pron.filter(isVowel).length >= 2 && pron.filter(isVowel).at(-1)!.endsWith("0");
  const fits = (target >= lo && target <= hi) || (feminine && target + 1 >= lo && target + 1 <= hi);
  return { range: [lo, hi], feminine, fits };
}

/** The phonemes from the last stressed vowel of a line's last word to its end (stress marks dropped), or null. */
export function rhymeTail(line: string): string[] | null {
  const last = wordsOf(line).at(-1);
  if (!last) return null;
  const pron = pronunciations(last)[0];
  if (!pron) return null;
  let at = -1;
  for (let i = pron.length - 1; i >= 0; i--)
    if (/[12]$/.test(pron[i])) {
      at = i;
      break;
    }
  if (at < 0) at = lastIndex(pron, isVowel);
  if (at < 0) return null;
  return pron.slice(at).map((p) => p.replace(/\d$/, ""));
}

export type Rhyme = "true" | "near" | "none" | "unknown";

/** How two line ends rhyme: true, near (same stressed vowel, or same final consonant cluster), none, or unknown (a word the dictionary lacks). */
export function rhymeOf(a: string, b: string): Rhyme {
  const ta = rhymeTail(a);
  const tb = rhymeTail(b);
  if (!ta || !tb) return "unknown";
  if (ta.join(" ") === tb.join(" ")) return "true";
  if (ta[0] === tb[0]) return "near";
  const coda = (t: string[]) => t.slice(lastIndex(t, (p) => /^(AA|AE|AH|AO|AW|AY|EH|ER|EY|IH|IY|OW|OY|UH|UW)$/.test(p)) + 1).join(" ");
  const ca = coda(ta);
  return ca && ca === coda(tb) ? "near" : "none";
}

/** The sections of a hymn body: marker label and sung lines. */
export function sectionsOf(body: string): { label: string; lines: string[] }[] {
  const out: { label: string; lines: string[] }[] = [];
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const marker = line.match(/^\[([^\]]*)\]$/);
    if (marker) out.push({ label: marker[1], lines: [] });
    else if (out.length) out.at(-1)!.lines.push(line);
  }
  return out;
}

/** The metre and rhyme problems of one hymn (empty when it keeps its metre). */
export function metreProblems(metreText: unknown, body: string): string[] {
  if (typeof metreText === "number") return [`metre ${metreText} was read as a number: quote it (metre: "${metreText}")`];
  if (typeof metreText !== "string" || !metreText.trim())
    return ["hymn needs a metre in front matter (metre: CM, LM, SM, CMD, or counts like 8.7.8.7 or 7.6.7.6 D)"];
  const metre = parseMetre(metreText);
  if (typeof metre === "string") return [metre];
  const problems: string[] = [];
  for (const { label, lines } of sectionsOf(body)) {
    const verse = /^verse/i.test(label);
    const counts = verse ? metre.verse.counts : (metre.refrain ?? metre.verse.counts);
    if (lines.length !== counts.length) {
      problems.push(`[${label}] has ${lines.length} lines; ${verse ? metre.verse.name : "the refrain"} has ${counts.length}`);
      continue;
    }
    lines.forEach((line, i) => {
      const fit = lineFits(line, counts[i]);
      if (!fit.fits) {
        const [lo, hi] = fit.range;
        problems.push(`[${label}] line ${i + 1} has ${lo === hi ? lo : `${lo}–${hi}`} syllables, the metre asks ${counts[i]}: "${line}"`);
      }
    });
    if (!verse) continue;
    for (const [x, y] of metre.verse.rhymes) {
      const r = rhymeOf(lines[x - 1], lines[y - 1]);
      if (r === "none")
        problems.push(`[${label}] lines ${x} and ${y} do not rhyme (true or near): "${wordsOf(lines[x - 1]).at(-1)}" / "${wordsOf(lines[y - 1]).at(-1)}"`);
      if (r === "unknown") problems.push(`[${label}] lines ${x} and ${y}: a line end is not in the pronouncing dictionary, so its rhyme cannot be checked`);
    }
  }
  return problems;
}
