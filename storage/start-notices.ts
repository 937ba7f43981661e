// What a start says about the state it is about to serve, when the data folder suggests it is not what the operator
// meant: state another backend keeps, an empty database file, a store that ends with the process. Warnings only (a
// move between backends is the operator's to make); pure, over what the folder holds (`sizeOf`: bytes, or null).
import { join } from "node:path";
import type { StorageBackend } from "./index.ts";

export function startNotices(backend: StorageBackend, dataDir: string, sizeOf: (path: string) => number | null): string[] {
  const notices: string[] = [];
  const served = backend.kind === "sqlite" ? `SQLite (${backend.file})` : backend.kind === "redis" ? "Redis (SANCTUARY_REDIS_URL)" : null;
  // An operator's report: a start without SANCTUARY_STORAGE=unstorage:fs on its folder served an empty sanctuary
  // beside the state kv/ held, without a word.
  if (served && sizeOf(join(dataDir, "kv")) !== null)
    notices.push(
      `DATA_DIR holds kv/, the state SANCTUARY_STORAGE=unstorage:fs keeps, and this start serves ${served}, which does not read it: set SANCTUARY_STORAGE=unstorage:fs to serve that state, or move kv/ aside once it is no longer wanted`,
    );
  // A fresh folder has no state.db at all: an empty one is most likely state that was lost (a copy cut short, a disk full).
  if (backend.kind === "sqlite" && sizeOf(backend.file) === 0)
    notices.push(
      `${backend.file} was empty (0 bytes) and starts as a new sanctuary with no state: if this folder held one, restore it from a backup (npm run restore, docs/operating.md)`,
    );
  if (backend.kind === "unstorage" && backend.label === "unstorage:memory")
    notices.push("SANCTUARY_STORAGE=unstorage:memory keeps state in this process only: every presence, reflection and conversation is gone when it ends");
  return notices;
}
