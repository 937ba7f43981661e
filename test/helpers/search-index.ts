// A search index of the real library (this checkout's corpus/library) with the default GloVe embedder, for
// the search and ask quality suites and for every test server: the global setup builds it once per library
// (keyed by the library's content hash, kept between runs like the converted vectors), and each user gets a
// copy of its folder, which the index opens exactly as a server opens its own stored index after a restart.
// Tests of the build itself (first start, the WordNet child killed, another embedder) start without it.
import { cp, mkdtemp, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pino } from "pino";
import { loadConfig } from "../../config.ts";
import { loadLibrary, type Library } from "../../corpus/library.ts";
import { extractiveAnswer, groundAnswer } from "../../search/answer.ts";
import { askSources } from "../../search/ask-library.ts";
import { LibraryIndex } from "../../search/index.ts";
import { storedIndexMatches } from "../../search/index-recipe.ts";
import { calibrationFor } from "../../search/rank.ts";
import { SHARED_DATA_DIR, sharedGlove } from "./embedder.ts";

/** This checkout's library, or SANCTUARY_TEST_LIBRARY to measure another copy (a library being rewritten). */
export const LIBRARY_DIR = process.env.SANCTUARY_TEST_LIBRARY || new URL("../../corpus/library", import.meta.url).pathname;

export interface RealIndex {
  index: LibraryIndex;
  library: Library;
  close(): Promise<void>;
}

const folderExists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * The folder of a built index of `libraryDir` (state.json, the LanceDB table, the expansions), built on the
 * first call for that library's content and reused after. Built beside its final name and renamed into place,
 * so runs of other checkouts sharing the folder never read half a build.
 */
export async function builtIndex(libraryDir: string): Promise<string> {
  const library = await loadLibrary(libraryDir);
  const dir = join(SHARED_DATA_DIR, `index-${library.contentHash}`);
  if (await storedIndexMatches(dir, library)) return dir;
  const embedder = await sharedGlove();
  const building = await mkdtemp(join(SHARED_DATA_DIR, "index-building-"));
  const index = new LibraryIndex(building, embedder, calibrationFor(embedder.id), pino({ level: "silent" }));
  await index.rebuild(library);
  if (!index.ready) throw new Error(`the search index of ${libraryDir} did not build: ${index.buildFailure}`);
  await index.settled();
  await rm(dir, { recursive: true, force: true });
  await rename(building, dir).catch(async (err: NodeJS.ErrnoException) => {
    // Another run renamed its build into place first: that one is as good.
    await rm(building, { recursive: true, force: true });
    if (!(await storedIndexMatches(dir, library))) throw err;
  });
  return dir;
}

/** Named by the global setup: the built index, and the library it is of (the servers' default one). */
const SEED_ENV = "SANCTUARY_TEST_INDEX_DIR";
const SEED_LIBRARY_ENV = "SANCTUARY_TEST_INDEX_LIBRARY";
const defaultLibrary = () => loadConfig({ SANCTUARY_LIBRARY_DIR: process.env.SANCTUARY_LIBRARY_DIR }).libraryDir;

/** For the global setup: build the default library's index once and name it for the workers. */
export async function buildSharedIndex(): Promise<void> {
  process.env[SEED_LIBRARY_ENV] = defaultLibrary();
  process.env[SEED_ENV] = await builtIndex(defaultLibrary());
}

/**
 * Give a new data folder a copy of the built index (true when it did) if its server loads the library the
 * index is of (that folder, or a copy with the same content) and the folder has no index of its own: the
 * server opens it in about a second instead of building for ten. A server of another library builds its own.
 */
export async function seedIndex(dataDir: string, libraryDir = defaultLibrary()): Promise<boolean> {
  const seed = process.env[SEED_ENV];
  const target = join(dataDir, "index");
  if (!seed || (await folderExists(target))) return false;
  if (resolve(libraryDir) !== process.env[SEED_LIBRARY_ENV] && !(await storedIndexMatches(seed, await loadLibrary(libraryDir)))) return false;
  await cp(seed, target, { recursive: true });
  return true;
}

/** The real library's index, opened from a copy of the built one (building it first if no run has yet). */
export async function realLibraryIndex(): Promise<RealIndex> {
  const dir = await mkdtemp(join(tmpdir(), "sanctuary-index-"));
  await cp(await builtIndex(LIBRARY_DIR), dir, { recursive: true });
  const embedder = await sharedGlove();
  const index = new LibraryIndex(dir, embedder, calibrationFor(embedder.id), pino({ level: "silent" }));
  const library = await loadLibrary(LIBRARY_DIR);
  await index.open(library);
  await index.settled();
  if (!index.ready) throw new Error("the search index did not build");
  return { index, library, close: () => rm(dir, { recursive: true, force: true }) };
}

/** A hit's page as the fixtures name it: a document's library path, or songs/<slug>. */
export const pageOf = (h: { chunk: { path: string | null; slug: string | null } }) => h.chunk.path ?? `songs/${h.chunk.slug}`;

/**
 * The quoted answer ask gives on the real library, without a language model: with the vectors (hybrid), or from
 * words alone as in the first seconds after a start.
 */
export async function quotedAnswer(real: RealIndex, question: string, mode: "hybrid" | "words"): Promise<string> {
  const { index, library } = real;
  const embedder = mode === "hybrid" ? index.embedder : null;
  return extractiveAnswer(await groundAnswer(embedder, question, await index.search(question, 5), index.expansions, askSources(library)));
}
