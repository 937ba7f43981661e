// WordNet expansions for the library's words, built in a child process (expansions-child.ts) and handed
// back as JSON lines (a few thousand words each): the index keeps that text beside its table as it is, and
// parses it a line at a time, giving requests a turn between lines (3.5 MB in one JSON.parse held the
// event loop for about 100 ms).
import { setImmediate as nextTurn } from "node:timers/promises";
import { runInChild } from "../core/child-job.ts";
import { expansionTable, type ExpansionRecord, type Expansions } from "./lexicon.ts";

export interface BuiltExpansions {
  expansions: Expansions;
  /** The same, as the JSON lines stored beside the table. */
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

/** JSON lines of expansions into one table, a line per turn of the event loop. */
export async function parseExpansions(lines: string): Promise<Expansions> {
  const expansions = new Map<string, string>();
  for (const line of lines.split("\n")) {
    if (!line.trim()) continue;
    expansionTable(JSON.parse(line) as ExpansionRecord, expansions);
    await nextTurn();
  }
  return expansions;
}
