// Chooses the storage engine: Redis when configured, SQLite under DATA_DIR by default (a data folder
// left by the old one-file-per-key layout is imported into it once), memory for unit tests.
import { join } from "node:path";
import { importFileState, type ImportReport } from "./import-files.ts";
import { KeyValueStore } from "./kv.ts";
import { MemoryEngine } from "./memory-engine.ts";
import { RedisEngine } from "./redis-engine.ts";
import { SqliteEngine, type SqliteOptions } from "./sqlite-engine.ts";
import type { Engine } from "./engine.ts";

export type StorageBackend =
  | { kind: "memory" }
  /** `legacyDir`: a folder in the old one-file-per-key layout to import once (then renamed aside). */
  | ({ kind: "sqlite"; legacyDir?: string } & SqliteOptions)
  | { kind: "redis"; url: string };

export function backendFor(config: { dataDir: string; redisUrl?: string }): StorageBackend {
  if (config.redisUrl) return { kind: "redis", url: config.redisUrl };
  return { kind: "sqlite", file: join(config.dataDir, "state.db"), legacyDir: join(config.dataDir, "state") };
}

export function openEngine(backend: StorageBackend): Engine {
  switch (backend.kind) {
    case "memory":
      return new MemoryEngine();
    case "redis":
      return new RedisEngine(backend.url);
    case "sqlite":
      // Parsed values are cached (20,000 keys); the cache is dropped whenever another process commits.
      return new SqliteEngine({ cacheEntries: 20_000, ...backend });
  }
}

/** The store for a backend; `imported` tells what an old data folder brought into SQLite at this opening. */
export function openKeyValueStore(backend: StorageBackend): KeyValueStore {
  const engine = openEngine(backend);
  const imported = backend.kind === "sqlite" && backend.legacyDir ? importFileState(engine as SqliteEngine, backend.legacyDir) : null;
  return new KeyValueStore(engine, imported);
}

export { KeyValueStore };
export type { ImportReport };
