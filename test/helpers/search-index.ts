// A search index of the real library (this checkout's corpus/library) with the default GloVe embedder,
// built into a fresh temporary folder, for the search and ask quality suites.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { loadLibrary, type Library } from "../../corpus/library.ts";
import { LibraryIndex } from "../../search/index.ts";
import { calibrationFor } from "../../search/rank.ts";
import { sharedGlove } from "./embedder.ts";

/** This checkout's library, or SANCTUARY_TEST_LIBRARY to measure another copy (a library being rewritten). */
export const LIBRARY_DIR = process.env.SANCTUARY_TEST_LIBRARY || new URL("../../corpus/library", import.meta.url).pathname;

export interface RealIndex {
  index: LibraryIndex;
  library: Library;
  close(): Promise<void>;
}

export async function realLibraryIndex(): Promise<RealIndex> {
  const dir = await mkdtemp(join(tmpdir(), "sanctuary-index-"));
  const embedder = await sharedGlove();
  const index = new LibraryIndex(dir, embedder, calibrationFor(embedder.id), pino({ level: "silent" }));
  const library = await loadLibrary(LIBRARY_DIR);
  await index.rebuild(library);
  if (!index.ready) throw new Error("the search index did not build");
  return { index, library, close: () => rm(dir, { recursive: true, force: true }) };
}

/** A hit's page as the fixtures name it: a document's library path, or songs/<slug>. */
export const pageOf = (h: { chunk: { path: string | null; slug: string | null } }) => h.chunk.path ?? `songs/${h.chunk.slug}`;
