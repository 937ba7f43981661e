// Pure rules for contributions beyond the screening every visitor-written field gets (services/screening.ts):
// a piece long enough to read, markdown without raw HTML or script links, mentions that notify no one.
import { wordsOf } from "../services/screening.ts";
import { parseMarkdown, parser } from "./markdown.ts";

/** The shortest content worth a reviewer's time: a few lines. Words are counted in any script. */
export const MIN_CONTENT_WORDS = 20;

export function tooShort(text: string): string | null {
  const count = wordsOf(text).length;
  return count < MIN_CONTENT_WORDS ? `\`content\` has ${count} ${count === 1 ? "word" : "words"}; a piece needs at least ${MIN_CONTENT_WORDS}.` : null;
}

const DANGEROUS_SCHEME = /(?:java|vb|live)script:|data:text\/html/;

/**
 * Refuses markdown whose raw HTML or script would survive rendering: any raw HTML tag or comment (which is
 * also where event-handler attributes live), and javascript:/vbscript:/data:text/html links, however escaped.
 */
export function unsafeMarkup(field: string, text: string): string | null {
  const { rawHtml } = parseMarkdown(text);
  if (rawHtml !== null) {
    // Name the tag rather than echo the markup back.
    const tag = /^<\/?([a-z][a-z0-9-]*)/i.exec(rawHtml.trim())?.[1];
    return `\`${field}\` contains raw HTML (${tag ? `a <${tag.toLowerCase()}> tag` : "a comment or declaration"}); the library takes markdown only.`;
  }
  // Browsers ignore tabs and line breaks inside a URL scheme, and entities decode before it is read.
  const decoded = parser()
    .utils.unescapeAll(text)
    .toLowerCase()
    .replace(/[\s\u0000-\u001f]+/g, "");
  if (DANGEROUS_SCHEME.test(decoded)) return `\`${field}\` contains a script link (javascript: or similar).`;
  return null;
}

/** Breaks `@name` so a code host's mention never notifies anyone (a zero-width joiner after the @). */
export function neutralizeMentions(text: string): string {
  return text.replace(/(^|[^\w`])@(?=[A-Za-z0-9])/g, "$1@\u200D");
}
