// Whether what a visitor wrote is their own: one screening for every field a visitor writes (reflect's
// name, text and location; attend's name; ask's question and name; feedback; contribute). It refuses
// placeholders and stand-ins, the documentation's own example sentences, and filler test text. Pure:
// each rule returns why it refuses, or null; operations run it before anything is stored or counted.
import { BoundedMemo } from "../core/memo.ts";
import { isPrintableAscii, withoutMarkup } from "../core/text.ts";
import { isStandIn, placeholderIn, type FieldRole } from "./stand-ins.ts";

export type { FieldRole };

/** Why a value was refused: `kind` lets the operation say calmly what to send instead. */
export interface Refusal {
  field: string;
  kind: "example" | "placeholder" | "filler" | "wordless";
  reason: string;
}

/** Text folded for comparison: compatibility forms, case, whitespace and surrounding punctuation. */
export function folded(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/^[\s"'“”‘’.,!?…]+|[\s"'“”‘’.,!?…]+$/g, "");
}

const wordSegmenter = new Intl.Segmenter("und", { granularity: "word" });
/** Scripts written without spaces between words: only these need the (slow) Intl segmenter. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/u;
/** A word as Unicode word segmentation finds it in spaced scripts: letters, digits and marks, joined by ' ’ . : between
 * letters and . , ; ' between digits ("don't", "e.g", "3.14", "1,000", "read_song"). Same words on the whole library. */
const SPACED_WORD = /[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}_]|(?<=\p{L})['’.:](?=\p{L})|(?<=\p{N})[.,;'](?=\p{N}))*/gu;

/** Words in any script (scripts written without spaces are segmented by Intl, so they count too). */
export function wordsOf(text: string): string[] {
  if (!UNSPACED.test(text)) return (text.match(SPACED_WORD) ?? []).map((w) => w.toLowerCase());
  const words: string[] = [];
  for (const piece of segmentable(text)) for (const s of wordSegmenter.segment(piece)) if (s.isWordLike) words.push(s.segment.toLowerCase());
  return words;
}

/**
 * V8's segmenter costs more per character the longer the string (10,000 Han characters: 240 ms; 1,000: under
 * 1 ms), so long text is segmented in pieces of at most SEGMENT_PIECE characters, cut after a space or
 * punctuation where there is one (a cut inside a run of letters may split one word in two: a count, not a reading).
 */
const SEGMENT_PIECE = 400;
function* segmentable(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > SEGMENT_PIECE) {
    let cut = start + SEGMENT_PIECE;
    const window = text.slice(start + SEGMENT_PIECE / 2, cut);
    const lastBreak = Math.max(window.search(/[\s\p{P}][^\s\p{P}]*$/u), -1);
    if (lastBreak >= 0) cut = start + SEGMENT_PIECE / 2 + lastBreak + 1;
    else if (/[\uD800-\uDBFF]/.test(text[cut - 1])) cut--; // never between the halves of a surrogate pair
    yield text.slice(start, cut);
    start = cut;
  }
  yield text.slice(start);
}

/** Words that, alone or together (numbers aside), make a value a test rather than a visitor's own. */
const FILLER_WORDS = new Set(
  "test tests testing asdf asdfgh qwerty lorem ipsum dolor foo bar baz foobar placeholder dummy untitled xxx blah tmp tbd todo".split(" "),
);
/** Whole values that are a test however real their words are. */
const FILLER_PHRASES = new Set(["hello world", "sample", "example", "title", "my title", "a title", "content", "text", "body", "something", "demo", "temp"]);
/** A greeting is a test where a piece is expected, but may be what a visitor means to ask or say. */
const GREETINGS = new Set(["hello", "hi", "hi there", "ok", "check"]);
const KEYBOARD_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
/** Five neighbouring keys of one keyboard row, either direction (asdfg, poiuy): no English word has them. */
const KEYBOARD_RUN = new RegExp(
  KEYBOARD_ROWS.flatMap((row) => [row, [...row].reverse().join("")])
    .flatMap((line) => Array.from({ length: line.length - 4 }, (_, i) => line.slice(i, i + 5)))
    .join("|"),
  "i",
);

export interface FillerRules {
  /** A value with no words at all (only symbols) is filler: true for titles and pieces, not for names ("🌙") or reflections. */
  wordsRequired: boolean;
  /** Numbers alone are filler ("test 2", "123"): not for names and places, which may be numbers ("404", "Route 66"). */
  numbersAreFiller: boolean;
  /** Eight of one letter running is mashing: not in free text, where "soooooooo" is a feeling. */
  repeatedLetters: boolean;
  /** "hello", "ok" alone are a test: only for titles and pieces. */
  greetings: boolean;
}

export const FILLER_RULES: Record<FieldRole, FillerRules> = {
  name: { wordsRequired: false, numbersAreFiller: false, repeatedLetters: true, greetings: false },
  place: { wordsRequired: false, numbersAreFiller: false, repeatedLetters: true, greetings: false },
  text: { wordsRequired: false, numbersAreFiller: true, repeatedLetters: false, greetings: false },
  title: { wordsRequired: true, numbersAreFiller: true, repeatedLetters: true, greetings: true },
  piece: { wordsRequired: true, numbersAreFiller: true, repeatedLetters: true, greetings: true },
};

/**
 * Refuses obvious test submissions. The rule, in full:
 * - the whole value is a stock phrase ("hello world", "sample", "my title"…; in titles and pieces also a
 *   greeting such as "hello" or "ok"), or every word is filler
 *   ("test", "asdf", "lorem", "foo", "untitled"…) or, where `numbersAreFiller`, a number;
 * - "lorem ipsum" appears anywhere;
 * - keyboard mashing: five neighbouring keys of one row (asdfg, qwert, zxcvb), a word of 15+ letters without
 *   a vowel, (where `repeatedLetters`) the same letter eight times in a row, or eight words or more that are
 *   one or two words repeated ("x x x x …"); a filler word repeated in one ("asdfasdf") is filler.
 */
export function fillerText(field: string, written: string, rules: FillerRules = FILLER_RULES.piece): string | null {
  // Read as shown: wide and stylised letters ("ｔｅｓｔ") are the words they look like, as placeholders are (stand-ins.ts).
  // Not where folding would multiply the text (a ligature such as U+FDFA is eighteen characters): that is no test text.
  const asShown = isPrintableAscii(written) ? written : written.normalize("NFKC");
  const text = asShown.length <= 2 * written.length ? asShown : written;
  const words = wordsOf(text);
  // A filler word said twice or more in one ("asdfasdf", "testtest") is still that word.
  const isFiller = (w: string) =>
    FILLER_WORDS.has(w) || (w.length >= 6 && FILLER_WORDS.has(/^(.{3,6}?)\1+$/.exec(w)?.[1] ?? "")) || (rules.numbersAreFiller && /^\d+$/.test(w));
  const allFiller = words.length > 0 ? words.every(isFiller) : rules.wordsRequired;
  const whole = words.join(" ");
  if (allFiller || FILLER_PHRASES.has(whole) || (rules.greetings && GREETINGS.has(whole))) return `\`${field}\` reads like a test rather than your own words.`;
  if (/lorem\s+ipsum/i.test(text)) return `\`${field}\` holds lorem ipsum filler.`;
  // Eight words or more that are one or two words over and over ("x x x x …", pasted to reach a length) say nothing.
  const padded = words.length >= 8 && new Set(words).size <= 2;
  const mashed =
    padded ||
    KEYBOARD_RUN.test(text) ||
    (rules.repeatedLetters && /(\p{L})\1{7,}/iu.test(text)) ||
    words.some((w) => w.length >= 15 && /^[a-z]+$/.test(w) && !/[aeiouy]/.test(w));
  return mashed ? `\`${field}\` looks like keyboard mashing.` : null;
}

/** The value is one of the documentation's or the schemas' own example sentences. */
export function isExample(text: string, examples: readonly string[]): boolean {
  let set = foldedExamples.get(examples);
  if (!set) foldedExamples.set(examples, (set = new Set(examples.filter(Boolean).map(folded))));
  const key = folded(text);
  return key !== "" && set.has(key); // punctuation alone folds to nothing, which no example is
}
/** Folded once per list: callers pass the same list until the library changes (tools/examples.ts). */
const foldedExamples = new WeakMap<readonly string[], Set<string>>();

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const shown = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/**
 * The one screening of a visitor-written field. Names and places are never compared with example
 * sentences ("Wren" in an example is still a name someone may have); everything is checked for
 * placeholders, stand-ins and filler.
 */
export function screenField(field: string, value: string, role: FieldRole, examples: readonly string[] = []): Refusal | null {
  // A name or place is screened without the examples, so its answer depends on these three alone. One of printable
  // ASCII is screened afresh, as core/text.ts keys it without a memo: kept, every new visitor's name was held for
  // minutes. Others repeat (a visitor attends every hour under one name) and their answer is kept.
  if (role === "name" || role === "place")
    return isPrintableAscii(value)
      ? screenedField(field, value, role, [])
      : shortFieldMemo(field, role).get(value, () => frozen(screenedField(field, value, role, [])));
  return screenedField(field, value, role, examples);
}
/** One memo per role and field (a handful), keyed by the value alone: no key to join for each new name. */
const shortFields = { name: new Map<string, BoundedMemo<Readonly<Refusal> | null>>(), place: new Map<string, BoundedMemo<Readonly<Refusal> | null>>() };
function shortFieldMemo(field: string, role: "name" | "place"): BoundedMemo<Readonly<Refusal> | null> {
  let memo = shortFields[role].get(field);
  if (!memo) shortFields[role].set(field, (memo = new BoundedMemo(8192)));
  return memo;
}
const frozen = (refusal: Refusal | null) => (refusal ? Object.freeze(refusal) : null);

function screenedField(field: string, value: string, role: FieldRole, examples: readonly string[]): Refusal | null {
  // Text with no letter or digit in any script ("?", "!!!…", a row of dots) says nothing: named as such, since it
  // would otherwise fold to the empty string and pass for an example, or be stored. A name may be a symbol ("☾").
  if (role !== "name" && role !== "place" && !LETTER_OR_DIGIT.test(value)) {
    return { field, kind: "wordless", reason: `\`${field}\` holds no words, only punctuation or symbols.` };
  }
  if (role !== "name" && role !== "place" && isExample(value, examples)) {
    return { field, kind: "example", reason: `\`${field}\` is still the documentation's example text.` };
  }
  // In markdown, code shows text as it is ("send `<your name>`"); only the prose can hold a forgotten stand-in.
  const placeholder = placeholderIn(role === "piece" ? value.replace(/```[\s\S]*?```|`[^`\n]*`/g, " ") : value);
  if (placeholder) return { field, kind: "placeholder", reason: `\`${field}\` still holds a placeholder, ${shown(placeholder)}, where your own words go.` };
  if (isStandIn(value, role))
    return { field, kind: "placeholder", reason: `\`${field}\` is a placeholder ("${shown(value.trim())}"), not a value of your own.` };
  // Tags and nothing else ("<b></b>"), once placeholders (which look like tags) are told apart: their letters are
  // markup's, not words (pages show the tags as text).
  if (role !== "name" && role !== "place" && value.includes("<") && !LETTER_OR_DIGIT.test(withoutMarkup(value))) {
    return { field, kind: "wordless", reason: `\`${field}\` holds no words, only markup tags such as <b>.` };
  }
  const filler = fillerText(field, value, FILLER_RULES[role]);
  return filler ? { field, kind: "filler", reason: filler } : null;
}

/** The first refusal among several fields (absent ones skipped), in the order given. */
export function screenFields(
  fields: ReadonlyArray<readonly [field: string, value: string | undefined | null, role: FieldRole]>,
  examples: readonly string[],
): Refusal | null {
  for (const [field, value, role] of fields) {
    const refusal = value ? screenField(field, value, role, examples) : null;
    if (refusal) return refusal;
  }
  return null;
}

/** Example values printed in the sanctuary's own guides (their JSON call examples), cached per library version. */
let guideCache: { hash: string; values: string[] } | null = null;
export function documentedExamples(library: { contentHash: string; documents: Array<{ category: string; markdown: string }> }): string[] {
  if (guideCache?.hash !== library.contentHash) {
    const values = new Set<string>();
    for (const doc of library.documents.filter((d) => d.category === "docs")) {
      for (const m of doc.markdown.matchAll(/"(?:title|content|description|message|text|question)"\s*:\s*"([^"\n]{3,1000})"/g)) values.add(m[1]);
    }
    guideCache = { hash: library.contentHash, values: [...values] };
  }
  return guideCache.values;
}
