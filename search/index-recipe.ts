// What a stored search index is made from (each page's card and passages, the text each row's vector is made
// from) and the state file that names the table built from them, with the content, embedder and recipe it was
// built with: an index whose state does not match is built again (index.ts).
import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { timeSlicer } from "../core/time-slice.ts";
import type { Library } from "../corpus/library.ts";
import { cardOf, chunkPiece } from "./chunks.ts";
import { expansionsFor, type BuiltExpansions } from "./expansions.ts";
import type { Row } from "./memory.ts";

/** The library's rows without vectors and its WordNet expansions: enough to answer from words. */
export interface Prepared {
  rows: Row[];
  expansions: Promise<BuiltExpansions>;
}

export interface State {
  table: string;
  contentHash: string;
  embedder: string;
  recipe: number;
  chunks: number;
  pages: number;
}

// Bump when rows, cards, expansions or their reading change: a stored index of another recipe is rebuilt.
export const RECIPE = 7;

/** Each page's card, then its passages, page by page in library order (what the index holds, minus vectors). */
export async function prepareRows(library: Library, log?: (message: string) => void): Promise<Prepared> {
  const slice = timeSlicer();
  const rows: Row[] = [];
  for (const piece of library.pieces) {
    await slice();
    rows.push({ ...cardOf(piece), role: "card", vector: [] });
    for (const c of chunkPiece(piece)) rows.push({ ...c, role: "passage", tldr: "", themes: "", headings: "", vector: [] });
  }
  const texts = rows.map((c) => `${c.title} ${c.tldr} ${c.themes.replace(/-/g, " ")} ${c.headings} ${c.text}`);
  return { rows, expansions: expansionsFor(texts, log) };
}

/** Whether the stored index was built from this library with this recipe (its embedder is checked at open). */
export async function storedIndexMatches(dir: string, library: Library): Promise<boolean> {
  const state = await readState(dir);
  return state !== null && state.contentHash === library.contentHash && state.recipe === RECIPE;
}

export function readState(dir: string): Promise<State | null> {
  return readFile(join(dir, "state.json"), "utf8").then(
    (t) => JSON.parse(t) as State,
    () => null,
  );
}

/** Written whole and renamed over the old one, so a crash leaves one state or the other, never half of one. */
export async function writeState(dir: string, state: State): Promise<void> {
  await writeFile(join(dir, "state.json.tmp"), JSON.stringify(state));
  await rename(join(dir, "state.json.tmp"), join(dir, "state.json"));
}

/** What each row's vector is made from: a passage with its page title and heading; a card with all it says. */
export function embeddingText(c: { role: "card" | "passage"; title: string; section: string | null; text: string; themes: string; headings: string }): string {
  if (c.role === "card") return `${c.title}. ${c.text} ${c.themes.replace(/-/g, " ")}. ${c.headings.replace(/\n/g, ", ")}`;
  return `${c.title}. ${c.section ?? ""}. ${c.text}`;
}
