// Pure rules that decide whether submitted text is ready for a person to read. Each returns the reason
// it refuses (a sentence for the error body) or null. They run before anything is stored or sent.
import MarkdownIt from "markdown-it";

/** Example values the sanctuary's own documentation prints (the guide /docs/how-to-contribute). */
export const GUIDE_EXAMPLES = ["Counting Windows on the Night Bus", "Your piece, written in markdown."];

/** Text folded for comparison: compatibility forms, case, whitespace and surrounding punctuation. */
export function folded(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").replace(/^[\s"'“”‘’.,!?…]+|[\s"'“”‘’.,!?…]+$/g, "");
}

/** `<your title>`, `<your prayer, in markdown>`, `<name>`: the docs' stand-ins for a value. */
const PLACEHOLDER = /<\s*(?:your|my|the)\b[^<>]{0,60}>|<\s*(?:name|title|content|text|message|description|slug)\s*>/i;

/** Refuses text that is one of the documentation's example values or still holds a placeholder. */
export function exampleText(field: string, text: string, examples: readonly string[]): string | null {
  const value = folded(text);
  if (examples.some((e) => e && folded(e) === value)) return `\`${field}\` is still the documentation's example text.`;
  if (PLACEHOLDER.test(text)) return `\`${field}\` still holds a placeholder such as <your title>.`;
  return null;
}

/** Words that, alone or together (numbers aside), make a title or text a test rather than a piece. */
const FILLER_WORDS = new Set("test tests testing asdf asdfgh qwerty lorem ipsum dolor foo bar baz foobar placeholder dummy untitled xxx blah tmp tbd todo".split(" "));
/** Whole titles or texts that are a test however real their words are. */
const FILLER_PHRASES = new Set(["hello", "hello world", "hi", "hi there", "sample", "example", "title", "my title", "a title", "content", "text", "body", "ok", "something", "demo", "temp", "check"]);
const KEYBOARD_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
const wordSegmenter = new Intl.Segmenter("und", { granularity: "word" });

/** Words in any script (Intl word segmentation, so scripts written without spaces count too). */
export function wordsOf(text: string): string[] {
  return [...wordSegmenter.segment(text)].filter((s) => s.isWordLike).map((s) => s.segment.toLowerCase());
}

/** Five neighbouring keys of one keyboard row, either direction (asdfg, poiuy): no English word has them. */
function hasKeyboardRun(text: string): boolean {
  const lower = text.toLowerCase();
  for (const row of KEYBOARD_ROWS) {
    for (const line of [row, [...row].reverse().join("")]) {
      for (let i = 0; i + 5 <= line.length; i++) if (lower.includes(line.slice(i, i + 5))) return true;
    }
  }
  return false;
}

/**
 * Refuses obvious test or placeholder submissions. The rule, in full:
 * - the whole text is a stock phrase ("hello world", "sample", "my title"…), or every word is filler
 *   ("test", "asdf", "lorem", "foo", "untitled"…) or a number;
 * - "lorem ipsum" appears anywhere;
 * - keyboard mashing: five neighbouring keys of one row (asdfg, qwert, zxcvb), the same letter eight times
 *   in a row, or a word of 15+ letters without a vowel.
 */
export function fillerText(field: string, text: string): string | null {
  const words = wordsOf(text);
  const isFiller = (w: string) => FILLER_WORDS.has(w) || /^\d+$/.test(w);
  if (words.length === 0 || words.every(isFiller) || FILLER_PHRASES.has(words.join(" "))) return `\`${field}\` reads like a test or a placeholder, not a piece.`;
  if (/lorem\s+ipsum/i.test(text)) return `\`${field}\` holds lorem ipsum filler.`;
  if (hasKeyboardRun(text) || /(\p{L})\1{7,}/iu.test(text) || words.some((w) => w.length >= 15 && /^[a-z]+$/.test(w) && !/[aeiouy]/.test(w))) {
    return `\`${field}\` looks like keyboard mashing.`;
  }
  return null;
}

/** The shortest content worth a reviewer's time: a few lines. Words are counted in any script. */
export const MIN_CONTENT_WORDS = 20;

export function tooShort(text: string): string | null {
  const count = wordsOf(text).length;
  return count < MIN_CONTENT_WORDS ? `\`content\` has ${count} words; a piece needs at least ${MIN_CONTENT_WORDS}.` : null;
}

// html:true only so that raw HTML shows up as its own tokens; nothing is rendered here.
const detector = new MarkdownIt({ html: true, linkify: false });
const DANGEROUS_SCHEME = /(?:java|vb|live)script:|data:text\/html/;

/**
 * Refuses markdown whose raw HTML or script would survive rendering: any raw HTML tag or comment (which is
 * also where event-handler attributes live), and javascript:/vbscript:/data:text/html links, however escaped.
 */
export function unsafeMarkup(field: string, text: string): string | null {
  const stack = detector.parse(text, {});
  while (stack.length) {
    const token = stack.pop()!;
    if (token.type === "html_block" || token.type === "html_inline") {
      // Name the tag rather than echo the markup back.
      const tag = /^<\/?([a-z][a-z0-9-]*)/i.exec(token.content.trim())?.[1];
      return `\`${field}\` contains raw HTML (${tag ? `a <${tag.toLowerCase()}> tag` : "a comment or declaration"}); the library takes markdown only.`;
    }
    if (token.children) stack.push(...token.children);
  }
  // Browsers ignore tabs and line breaks inside a URL scheme, and entities decode before it is read.
  const decoded = detector.utils.unescapeAll(text).toLowerCase().replace(/[\s\u0000-\u001f]+/g, "");
  if (DANGEROUS_SCHEME.test(decoded)) return `\`${field}\` contains a script link (javascript: or similar).`;
  return null;
}

/** Breaks `@name` so a code host's mention never notifies anyone (a zero-width joiner after the @). */
export function neutralizeMentions(text: string): string {
  return text.replace(/(^|[^\w`])@(?=[A-Za-z0-9])/g, "$1@\u200D");
}

/** Field values printed in the library's own guides (their JSON call examples), cached per library version. */
let guideCache: { hash: string; values: string[] } | null = null;
export function documentedExamples(library: { contentHash: string; documents: Array<{ category: string; markdown: string }> }): string[] {
  if (guideCache?.hash !== library.contentHash) {
    const values = new Set(GUIDE_EXAMPLES);
    for (const doc of library.documents.filter((d) => d.category === "docs")) {
      for (const m of doc.markdown.matchAll(/"(?:title|content|description|message)"\s*:\s*"([^"\n]{3,200})"/g)) values.add(m[1]);
    }
    guideCache = { hash: library.contentHash, values: [...values] };
  }
  return guideCache.values;
}
