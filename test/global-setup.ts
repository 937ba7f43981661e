// Before any test file runs: converts the GloVe vectors once, so parallel files do not each convert them;
// builds the default library's search index once, which each test server opens from a copy (search-index.ts);
// gives the run one temporary folder that every test file and child process writes under (TMPDIR), removed
// when the run ends, so no `sanctuary-*` folder outlives it; and keeps third-party native logs out of the
// test output (LanceDB warns "No existing dataset" for every table it creates; its errors still show).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SHARED_DATA_DIR, sharedGlove } from "./helpers/embedder.ts";
import { buildSharedIndex } from "./helpers/search-index.ts";

export default async function setup(): Promise<() => Promise<void>> {
  process.env.LANCEDB_LOG ??= "error";
  // The converted vectors outlive the run on purpose (converting them again costs every run seconds).
  await sharedGlove();
  process.env.SANCTUARY_TEST_SHARED_DIR = SHARED_DATA_DIR;
  await buildSharedIndex();
  const root = await mkdtemp(join(tmpdir(), "sanctuary-run-"));
  process.env.TMPDIR = root;
  return () => rm(root, { recursive: true, force: true, maxRetries: 5 });
}
