// WordNet expansions for the library's words, built in a child process (expansions-child.ts) and handed
// back as JSON text: the index keeps that text beside its table as it is, and parses it once.
import { runInChild } from "../core/child-job.ts";
import type { Expansions } from "./lexicon.ts";

export interface BuiltExpansions {
  expansions: Expansions;
  /** The same, as the JSON text stored beside the table. */
  json: string;
}

/** `texts`: everything the index holds, as text (titles, summaries, themes, headings, passages). */
export async function expansionsFor(texts: string[]): Promise<BuiltExpansions> {
  const json = await runInChild<string[], string>(new URL("./expansions-child.ts", import.meta.url), texts, { heapMb: 256 });
  return { json, expansions: JSON.parse(json) as Expansions };
}
