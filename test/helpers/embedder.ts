// One converted GloVe file for the whole test run, so each test server does not convert it again.
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { normalize, type Embedder } from "../../search/embedder.ts";
import { loadGlove } from "../../search/embedders/glove.ts";

/** Named by the global setup for the workers (their TMPDIR is the run's own folder, removed at its end). */
export const SHARED_DATA_DIR = process.env.SANCTUARY_TEST_SHARED_DIR ?? join(tmpdir(), "sanctuary-test-shared");
let glove: Promise<Embedder> | null = null;

export function sharedGlove(): Promise<Embedder> {
  glove ??= mkdir(SHARED_DATA_DIR, { recursive: true }).then(() => loadGlove({ dataDir: SHARED_DATA_DIR, log: () => {} }));
  return glove;
}

/** Eight numbers from a text's letters: enough for an index to build, no model to load. */
export const letterEmbedder: Embedder = {
  id: "letters-test/1",
  dimensions: 8,
  embed: async (texts) => texts.map((t) => normalize(Float32Array.from({ length: 8 }, (_, j) => 1 + [...t].filter((c, i) => i % 8 === j && c > "m").length))),
};
