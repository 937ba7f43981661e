// Small text rules several layers share: folding for comparisons, control characters, XML-safe text.
import unhomoglyph from "unhomoglyph";
import { BoundedMemo } from "./memo.ts";

/** Case- and width-folded, trimmed, inner whitespace collapsed: how names and words are compared. */
export function foldText(text: string): string {
  return text.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * C0 and C1 control characters other than tab, line feed and carriage return, and DEL: never accepted in text. The C1
 * set (U+0080–U+009F) is what text decoded in the wrong charset carries (an escape sequence's CSI, U+009B, among them).
 */
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlChars(text: string): boolean {
  return CONTROL_CHARS.test(text);
}

/** Any C0 or C1 control character or DEL, line breaks and tabs too: none belongs in a name or a label. */
export function hasAnyControlChar(text: string): boolean {
  return /[\u0000-\u001F\u007F-\u009F]/.test(text);
}

/** Half of a UTF-16 pair alone (JSON can send "\ud800"): no character at all, and strict JSON parsers refuse it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/**
 * Unicode's noncharacters in the basic plane (U+FDD0–U+FDEF, U+FFFE, U+FFFF): code points set aside as never to be
 * text, which no font draws and XML cannot carry (a feed dropped the U+FFFF a page showed as a box).
 */
const NONCHARACTER = /[\uFDD0-\uFDEF\uFFFE\uFFFF]/;

/** The first noncharacter in text (NONCHARACTER), or null. */
export function noncharacterIn(text: string): string | null {
  return NONCHARACTER.exec(text)?.[0] ?? null;
}

/** Text with each lone half replaced by U+FFFD, as String.prototype.toWellFormed (ES2024, past this project's lib). */
export function wellFormed(text: string): string {
  return text.replace(new RegExp(LONE_SURROGATE.source, "g"), "\uFFFD");
}

// Characters XML 1.0 cannot carry: C0 controls but tab, LF and CR, the two non-characters, lone surrogates.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text with every character XML cannot carry removed (feeds, podcasts). */
export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, "");
}

/** Text as XML character data or an attribute value: characters XML cannot carry removed, the five specials escaped. */
export function escapeXml(text: string): string {
  return xmlSafe(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Text with HTML-like markup taken out (script and style blocks whole, other tags leaving their words): what a question means, not how it was pasted. */
export function withoutMarkup(text: string): string {
  return text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<\/?[a-z][^>]*>/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Invisible characters: format characters (Unicode category Cf: zero-width spaces and joiners, bidi controls, soft
 * hyphens) and the letters and symbols that draw nothing (the Hangul fillers, the blank braille pattern, the combining
 * grapheme joiner), which a "name" made only of them would otherwise pass as visible.
 */
const INVISIBLE_CLASS = String.raw`\p{Cf}\u034F\u115F\u1160\u2800\u3164\uFFA0`;
const INVISIBLE = new RegExp(`[${INVISIBLE_CLASS}]`, "gu");

/**
 * Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): invisible, they reorder the text after them,
 * so a reflection could show its words backwards or a contribution hide what a reviewer reads ("Trojan Source").
 * The marks a right-to-left writer needs (U+200E, U+200F, U+061C) and the joiners stay.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** Visitor-written text without bidi embeddings, overrides and isolates. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}

/** Text without invisible format characters: what a visitor sees is what is kept. */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, "");
}

/**
 * Combining marks piled on one character beyond what any writing needs (a letter of Vietnamese, Hebrew or Tibetan
 * carries up to four): text that spills over the lines above and below it, or a word padded with variation selectors.
 */
const STACKED_MARKS = /\p{M}{8,}/u;
export const hasStackedMarks = (text: string): boolean => STACKED_MARKS.test(text);

/**
 * How many characters a reader sees: invisible format characters and the ends' spaces left out, and a run of
 * combining marks, or of spaces and line breaks, counted once (an accent and the letter under it still count as two,
 * as they always did): "Hi", twenty blank lines and a full stop are three characters and a gap, not twenty-three.
 */
export function visibleLength(text: string): number {
  return withoutInvisible(text)
    .trim()
    .replace(/(\p{M})\p{M}+/gu, "$1")
    .replace(/\s{2,}/g, " ").length;
}

/**
 * What draws nothing by itself: spaces, the invisible characters above, combining marks and variation selectors with
 * no letter under them, private-use and unassigned code points (no font the reader has is known to hold them), and
 * the object replacement character. A character outside this class is something a reader sees.
 */
const SEEN = new RegExp(String.raw`[^\s${INVISIBLE_CLASS}\p{M}\p{Co}\p{Cn}\uFFFC]`, "u");

/** Whether text holds a character a reader sees (a name of marks, selectors or private-use characters shows nothing). */
export function hasVisibleText(text: string): boolean {
  return SEEN.test(text);
}

/**
 * The key a name is known by (limits, presence, the 30-day repeat rule): invisible characters removed, folded
 * (foldText), spaces, punctuation and symbols dropped ("Name_Probe", "Name Probe." and "NameProbe" are one name), then the
 * Unicode TS #39 confusable skeleton (unhomoglyph, from Unicode's confusables.txt), so that "Nаme" with a
 * Cyrillic а is the same name as "Name". Only ever compared, never shown.
 */
export function nameKey(name: string): string {
  // A name of printable ASCII is keyed letter by letter, faster than a memo's miss and without keeping every new
  // visitor's name; others repeat (a visitor attends every hour, reflects under the same name) and are kept.
  return asciiNameKey(name) || nameKeys.get(name, () => computeNameKey(name));
}
const nameKeys = new BoundedMemo<string>(8192);

function computeNameKey(name: string): string {
  const visible = latinCapitals(withoutInvisible(name));
  const plain = foldText(visible).replace(/[\p{P}\p{S}\s]+/gu, "");
  // A name made only of punctuation or symbols ("🌙", "...") keeps them: they are all it has.
  const base = plain || foldText(visible);
  // Case-folded in full (docs/behaviour.md §9): "ß" (and "ẞ", lowered to it) folds to "ss": "Straße" is "STRASSE".
  // Of the letters whose folding is longer, it is the one NFKC (ligatures, "ŉ") leaves to do.
  return unhomoglyph(base.normalize("NFD")).normalize("NFD").toLowerCase().replaceAll("ß", "ss");
}

/**
 * The same key for a name of printable ASCII, letter by letter from a table made once: the skeleton's matcher (one
 * pattern of six thousand alternatives) cost 5–8 µs a name, most of attend's work for a new visitor. Confusables map
 * single characters, so the skeleton of such a name is its letters' skeletons in turn. Empty for any other name, and
 * for one of punctuation alone, which keeps its symbols (computeNameKey).
 */
function asciiNameKey(name: string): string {
  if (!isPrintableAscii(name)) return "";
  let key = "";
  for (let i = 0; i < name.length; i++) key += ASCII_SKELETON[name.charCodeAt(i)];
  return key;
}
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** Whether text is printable ASCII only (no control, invisible, wide or combining character): names' common case. */
export function isPrintableAscii(text: string): boolean {
  return PRINTABLE_ASCII.test(text);
}
/** By character code: a letter's (either case) or digit's skeleton, "" for what the key drops (spaces, punctuation). */
const ASCII_SKELETON = Array.from({ length: 128 }, (_, code) => {
  const c = String.fromCharCode(code).toLowerCase();
  return /^[a-z0-9]$/.test(c) ? unhomoglyph(c.normalize("NFD")).normalize("NFD").toLowerCase() : "";
});

/** A capital letter of a script other than Latin (the lookahead keeps it to one code point that is a capital). */
const OTHER_CAPITAL = /(?=\p{Lu})\P{Script=Latin}/gu;

/**
 * Capitals of other scripts that look like Latin ones written as those ("Тom" with a Cyrillic Т is "Tom"; "ΝΙΝΑ" in Greek is
 * "NINA"), before the case is folded: folded first, each became a small letter with a look of its own (т is no t), so
 * the two were different names. The skeleton of a capital that looks like "l" is the capital I it looks like. Latin
 * letters are left as they are, so the keys of names already kept do not change.
 */
function latinCapitals(text: string): string {
  if (isPrintableAscii(text)) return text;
  return text.replace(OTHER_CAPITAL, (capital) => {
    const latin = unhomoglyph(capital);
    return latin === "l" ? "I" : /^[A-Za-z]+$/.test(latin) ? latin : capital;
  });
}

/** A URL part's percent-escapes undone, or null for a malformed one (`%E0%A4%A`), where decodeURIComponent throws. */
export function percentDecoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
