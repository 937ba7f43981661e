// WordNet expansions for the library's words, built in a child process (expansions-child.ts) and handed
// back as JSON lines, one word a line: the index keeps that text beside its table as it is, and reads it back a
// line at a time, each word's list kept as its JSON text (lexicon.ts parses a list when a search first asks for it).
import { isObject } from "../core/is-object.ts";
import { timeSlicer } from "../core/time-slice.ts";
import { runInChild } from "../core/child-job.ts";
import type { ExpansionRecord, Expansions } from "./lexicon.ts";

export interface BuiltExpansions {
  expansions: Expansions;
  /** The same, as the JSON lines stored beside the table (one word a line: `expansionLine`). */
  json: string;
}

/** The child that reads WordNet (scripts/bundle-children.ts bundles it ahead where the app's folder is read-only). */
export const EXPANSIONS_CHILD = new URL("./expansions-child.ts", import.meta.url);

/**
 * `texts`: everything the index holds, as text (titles, summaries, themes, headings, passages). A child
 * that dies (a small machine's OOM killer) is started again after a wait (core/child-job.ts); `log` hears it.
 */
export async function expansionsFor(texts: string[], log?: (message: string) => void): Promise<BuiltExpansions> {
  const json = await runInChild<string[], string>(EXPANSIONS_CHILD, texts, { heapMb: 128, expectedMb: 128, log });
  return { json, expansions: await parseExpansions(json) };
}

/** One word's line as the child writes it and `parseExpansions` reads it: `{"word":[["stem",weight],…]}`. */
export function expansionLine(word: string, list: ExpansionRecord[string]): string {
  return `{${JSON.stringify(word)}:${JSON.stringify(list)}}`;
}

/**
 * The stored lines into one table, in slices of the event loop. A line is cut, not parsed: its list's text is what the
 * table keeps (JSON.parse of every line and JSON.stringify of each list again cost a stored index's opening about
 * 130 ms on the bench folder, against some 20). A word JSON escapes is parsed; a line of another shape (a file cut
 * short, several words on a line as recipes before 7 wrote them) throws, and the index is built again (index.ts).
 */
export async function parseExpansions(text: string): Promise<Expansions> {
  const expansions = new Map<string, string>();
  const slice = timeSlicer();
  for (let at = 0; at < text.length;) {
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    if (end > at) readLine(text, at, end, expansions);
    at = end + 1;
    await slice();
  }
  return expansions;
}

const OPEN_BRACE = 123;
const QUOTE = 34;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const CLOSE_BRACE = 125;

/** The line at text[start, end) into the table. */
function readLine(text: string, start: number, end: number, into: Map<string, string>): void {
  const keyEnd = text.indexOf('":', start + 2);
  const cut =
    text.charCodeAt(start) === OPEN_BRACE &&
    text.charCodeAt(start + 1) === QUOTE &&
    keyEnd > 0 &&
    keyEnd < end &&
    text.charCodeAt(keyEnd + 2) === OPEN_BRACKET &&
    text.charCodeAt(end - 2) === CLOSE_BRACKET &&
    text.charCodeAt(end - 1) === CLOSE_BRACE;
  const word = cut ? text.slice(start + 2, keyEnd) : "";
  // A word without an escape, and no second key on the line (a list of stems never holds `":`).
  if (cut && !word.includes("\\")) {
    const second = text.indexOf('":', keyEnd + 2);
    if (second < 0 || second >= end) {
      into.set(word, text.slice(keyEnd + 2, end - 1));
      return;
    }
  }
  const record: unknown = JSON.parse(text.slice(start, end));
  const entries = isObject(record) ? Object.entries(record) : [];
  if (entries.length !== 1 || !Array.isArray(entries[0][1]))
    throw new Error(`stored expansions: each line is one word and its list, {"word":[…]}, not ${JSON.stringify(text.slice(start, Math.min(end, start + 60)))}`);
  into.set(entries[0][0], JSON.stringify(entries[0][1]));
}
