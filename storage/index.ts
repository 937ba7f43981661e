// Chooses the storage backend: Redis when configured, crash-safe files under DATA_DIR by default,
// memory for unit tests.
import { join } from "node:path";
import { createStorage, type Storage } from "unstorage";
import memoryDriver from "unstorage/drivers/memory";
import redisDriver from "unstorage/drivers/redis";
import atomicFsDriver from "./atomic-fs-driver.ts";
import { KeyValueStore } from "./kv.ts";

export type StorageBackend = { kind: "memory" } | { kind: "fs"; dir: string } | { kind: "redis"; url: string };

export function backendFor(config: { dataDir: string; redisUrl?: string }): StorageBackend {
  if (config.redisUrl) return { kind: "redis", url: config.redisUrl };
  return { kind: "fs", dir: join(config.dataDir, "state") };
}

export function openStorage(backend: StorageBackend): Storage {
  switch (backend.kind) {
    case "memory":
      return createStorage({ driver: memoryDriver() });
    case "fs":
      return createStorage({ driver: atomicFsDriver({ base: backend.dir }) });
    case "redis":
      return createStorage({ driver: redisDriver({ url: backend.url, base: "sanctuary" }) });
  }
}

/** Files and memory have one writer (this process), so reads may be cached; Redis is shared, so not. */
export function openKeyValueStore(backend: StorageBackend): KeyValueStore {
  return new KeyValueStore(openStorage(backend), { cacheEntries: backend.kind === "redis" ? 0 : 20_000 });
}

export { KeyValueStore };
