// The README's sentence about the library's size, computed from the library itself, so the README never
// states last release's counts. `npx tsx scripts/readme-library.ts` prints it; `--write` puts it in the
// README in place of the old one. test/unit/readme-figures.test.ts fails when the README's differs.
import { readFile, writeFile } from "node:fs/promises";
import { loadLibrary, type Library } from "../corpus/library.ts";
import type { Kind } from "../corpus/schema.ts";

/** What each kind is called in the sentence, in the order it lists them. */
const NAMES: ReadonlyArray<[Exclude<Kind, "song">, string]> = [
  ["chant", "chants"],
  ["prayer", "prayers"],
  ["practice", "practices"],
  ["ritual", "rituals"],
  ["blessing", "blessings"],
  ["philosophy", "philosophy essays"],
  ["hymn", "hymns"],
  ["doc", "guides"],
];

/** Finds the sentence in the README, whatever counts it holds. */
export const LIBRARY_SENTENCE = /holds \d+ songs \(lyrics and the essay behind each\), [^()]*\(\d+ documents besides the songs\)/;

export function librarySentence(library: Library): string {
  const parts = NAMES.map(([kind, name]) => `${library.ofKind(kind).length} ${name}`);
  const listed = `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `holds ${library.songs.length} songs (lyrics and the essay behind each), ${listed} (${library.documents.length} documents besides the songs)`;
}

export const README = new URL("../README.md", import.meta.url).pathname;

if (import.meta.url === `file://${process.argv[1]}`) {
  const sentence = librarySentence(await loadLibrary(new URL("../corpus/library", import.meta.url).pathname));
  if (process.argv.includes("--write")) {
    const text = await readFile(README, "utf8");
    if (!LIBRARY_SENTENCE.test(text)) throw new Error("README.md holds no library sentence to replace");
    await writeFile(README, text.replace(LIBRARY_SENTENCE, sentence));
  }
  console.log(sentence);
}
