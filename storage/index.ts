// Chooses the storage engine: Redis when configured, SQLite under DATA_DIR by default (a data folder
// left by the old one-file-per-key layout is imported into it once), an unstorage driver when
// SANCTUARY_STORAGE names one (one process only), memory for unit tests.
import { join } from "node:path";
import type { Driver } from "unstorage";
import { importFileState, type ImportReport } from "./import-files.ts";
import { KeyValueStore } from "./kv.ts";
import { MemoryEngine } from "./memory-engine.ts";
import { RedisEngine } from "./redis-engine.ts";
import { SqliteEngine, type SqliteOptions } from "./sqlite-engine.ts";
import { UnstorageEngine } from "./unstorage-engine.ts";
import type { Engine } from "./engine.ts";
import { GuardedEngine } from "./guarded-engine.ts";
import type { StoreState } from "./store-failure.ts";

export type StorageBackend =
  | { kind: "memory" }
  /** `legacyDir`: a folder in the old one-file-per-key layout to import once (then renamed aside). */
  | ({ kind: "sqlite"; legacyDir?: string } & SqliteOptions)
  | { kind: "redis"; url: string }
  /** Any unstorage driver; `label` names it in messages (`unstorage:fs`). Atomic within this process only. */
  | { kind: "unstorage"; label: string; driver: () => Driver | Promise<Driver> };

/** The unstorage drivers SANCTUARY_STORAGE can name; any other driver can be passed as a backend in code. */
// Imported only when chosen, so the default engines load nothing of unstorage.
export const UNSTORAGE_DRIVERS = {
  memory: async (): Promise<Driver> => (await import("unstorage/drivers/memory")).default(),
  // One file per item under DATA_DIR/kv (values under kv/k, sorted collections under kv/z).
  fs: async (dataDir: string): Promise<Driver> => (await import("unstorage/drivers/fs")).default({ base: join(dataDir, "kv") }),
} as const;

export type StorageSetting = `unstorage:${keyof typeof UNSTORAGE_DRIVERS}`;

export function backendFor(config: { dataDir: string; redisUrl?: string; storage?: StorageSetting }): StorageBackend {
  if (config.storage === "unstorage:memory") return { kind: "unstorage", label: config.storage, driver: UNSTORAGE_DRIVERS.memory };
  if (config.storage === "unstorage:fs") return { kind: "unstorage", label: config.storage, driver: () => UNSTORAGE_DRIVERS.fs(config.dataDir) };
  if (config.redisUrl) return { kind: "redis", url: config.redisUrl };
  return { kind: "sqlite", file: join(config.dataDir, "state.db"), legacyDir: join(config.dataDir, "state") };
}

/**
 * Why several processes cannot share this backend, or null when they can. SQLite and Redis make every
 * atomic operation atomic across processes; memory is private to one, and an unstorage driver offers no
 * compare-and-set, so its engine's locks hold only inside the process that took them.
 */
export function notSharedAcrossProcesses(backend: StorageBackend): string | null {
  if (backend.kind === "memory") return "memory storage lives inside one process";
  if (backend.kind === "unstorage")
    return `${backend.label} storage is atomic only within one process (unstorage drivers have no compare-and-set), so several workers would lose updates. Run \`npm start\` (one process) with it, or use SQLite (the default, unset SANCTUARY_STORAGE) or Redis (SANCTUARY_REDIS_URL) for the cluster.`;
  return null;
}

/**
 * Why this start may not open `backend` beside the processes that have the data folder open now (`othersNow`), or null.
 * unstorage's file driver keeps state for one process: a second server on its folder damaged its counts within a
 * minute (an operator's report), so it is refused, naming who has the folder, rather than let run.
 */
export function folderInUseRefusal(backend: StorageBackend, othersNow: () => ReadonlyArray<{ pid: number; host: string; since: string }>): string | null {
  if (backend.kind !== "unstorage" || backend.label !== "unstorage:fs") return null;
  // Read only for the store that needs them: markLive has just read the folder for every other start.
  const others = othersNow();
  if (!others.length) return null;
  const named = others.map((o) => `process ${o.pid} on ${o.host} (since ${o.since})`).join(", ");
  return `the data folder is in use by ${named}, and ${backend.label} storage is kept by one process only: stop that process first, or use SQLite (the default, unset SANCTUARY_STORAGE), which several processes share`;
}

export function openEngine(backend: StorageBackend): Engine {
  switch (backend.kind) {
    case "memory":
      return new MemoryEngine();
    case "redis":
      return new RedisEngine(backend.url);
    case "unstorage":
      return new UnstorageEngine(backend.driver());
    case "sqlite":
      // Parsed values are cached (20,000 keys); the cache is dropped whenever another process commits.
      return new SqliteEngine({ cacheEntries: 20_000, ...backend });
  }
}

/**
 * The store for a backend; `imported` tells what an old data folder brought into SQLite at this opening. With a
 * `state`, every call goes through the outage guard (storage/guarded-engine.ts): what the server runs on.
 */
export function openKeyValueStore(backend: StorageBackend, state?: StoreState): KeyValueStore {
  const engine = openEngine(backend);
  const imported = backend.kind === "sqlite" && backend.legacyDir ? importFileState(engine as SqliteEngine, backend.legacyDir) : null;
  // A remote store gets a second to answer; a local one answers or fails at once.
  return new KeyValueStore(state ? new GuardedEngine(engine, state, backend.kind === "redis" ? REMOTE_ANSWER_MS : null) : engine, imported);
}

/** How long a call waits for Redis before it is refused with a 503. */
export const REMOTE_ANSWER_MS = 1000;

export { KeyValueStore };
export type { ImportReport };
