// Chooses the storage backend: Redis when configured, crash-safe files under DATA_DIR by default,
// memory for unit tests.
import { join } from "node:path";
import type { Redis } from "ioredis";
import { createStorage, type Storage } from "unstorage";
import memoryDriver from "unstorage/drivers/memory";
import redisDriver from "unstorage/drivers/redis";
import atomicFsDriver from "./atomic-fs-driver.ts";
import { KeyValueStore } from "./kv.ts";

const REDIS_BASE = "sanctuary";

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
      return createStorage({ driver: redisDriver({ url: backend.url, base: REDIS_BASE }) });
  }
}

/** Files and memory have one writer (this process), so reads may be cached; Redis is shared, so not. */
export function openKeyValueStore(backend: StorageBackend): KeyValueStore {
  const storage = openStorage(backend);
  if (backend.kind !== "redis") return new KeyValueStore(storage, { cacheEntries: 20_000 });
  const driver = storage.getMount("").driver as { getInstance?: () => Redis };
  return new KeyValueStore(storage, { redis: { client: driver.getInstance!(), prefix: `${REDIS_BASE}:` } });
}

export { KeyValueStore };
