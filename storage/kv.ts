// A small typed key-value layer over unstorage that every store uses: JSON values,
// per-key serialized read-modify-write, first-writer-wins inserts, and (when this process is the
// only writer, as with files) a bounded read cache. Values are shared: never mutate one in place.
import type { Redis } from "ioredis";
import type { Storage } from "unstorage";
import { KeyedMutex } from "../core/keyed-mutex.ts";

/** With Redis shared by several processes, first-writer-wins and read-modify-write use Redis itself. */
export interface SharedRedis {
  client: Redis;
  /** The driver's key prefix, e.g. `sanctuary:`. */
  prefix: string;
}

const MISSING = Symbol("missing");

/**
 * Keys are `:`-separated segments that become file paths on disk. A segment that could climb out of
 * the folder or break a path (`.`, `..`, NUL, slashes) is rewritten to an inert spelling, so a key
 * built from a visitor's input can only ever miss, never fail or escape.
 */
export function safeKey(key: string): string {
  return key
    .split(":")
    .map((segment) => (segment === "." || segment === ".." || /[\u0000/\\]/.test(segment) || segment.startsWith(".tmp-") ? `~${Buffer.from(segment).toString("base64url")}` : segment))
    .join(":");
}

/** A raw JSON text from Redis; damaged text reads as missing. */
function parsedOrMissing<T>(key: string, raw: string | null): T | null {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    process.emitWarning(`storage value at ${key} is damaged and is treated as missing`);
    return null;
  }
}

/** A stored value that looks like JSON but is not (a damaged file) reads as missing rather than failing every read. */
function intact<T>(key: string, value: unknown): T | null {
  if (typeof value === "string" && /^[[{]/.test(value)) {
    try {
      return JSON.parse(value) as T;
    } catch {
      process.emitWarning(`storage value at ${key} is damaged and is treated as missing`);
      return null;
    }
  }
  return (value as T | null) ?? null;
}

export class KeyValueStore {
  private readonly mutex = new KeyedMutex();
  private readonly cache: Map<string, unknown> | null;

  constructor(
    readonly storage: Storage,
    options: { cacheEntries?: number; redis?: SharedRedis } = {},
  ) {
    this.cache = options.cacheEntries ? new Map() : null;
    this.cacheLimit = options.cacheEntries ?? 0;
    this.redis = options.redis ?? null;
  }

  /** Set when the store is shared with other processes through Redis. */
  readonly redis: SharedRedis | null;

  private readonly cacheLimit: number;

  private remember(key: string, value: unknown): void {
    if (!this.cache) return;
    if (this.cache.size >= this.cacheLimit) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, value === null ? MISSING : value);
  }

  async get<T>(rawKey: string): Promise<T | null> {
    const key = safeKey(rawKey);
    const hit = this.cache?.get(key);
    if (hit !== undefined) return hit === MISSING ? null : (hit as T);
    const value = intact<T>(key, await this.storage.getItem(key));
    this.remember(key, value);
    return value;
  }

  /** Write a value; waits for any update of the same key queued before it. */
  set<T>(rawKey: string, value: T): Promise<void> {
    const key = safeKey(rawKey);
    return this.mutex.run(key, async () => {
      await this.storage.setItem(key, value as never);
      this.remember(key, value);
    });
  }

  /** Read, change and write one key with no other write to that key in between (in this process). */
  update<T>(rawKey: string, change: (current: T | null) => T | Promise<T>): Promise<T> {
    const key = safeKey(rawKey);
    if (this.redis) return this.mutex.run(key, () => this.redisUpdate(key, change));
    return this.mutex.run(key, async () => {
      const next = await change(await this.get<T>(key));
      await this.storage.setItem(key, next as never);
      this.remember(key, next);
      return next;
    });
  }

  /** Store `value` unless the key already holds one; returns what is stored and whether this call wrote it. */
  setIfAbsent<T>(rawKey: string, value: T | (() => T | Promise<T>)): Promise<{ value: T; created: boolean }> {
    const key = safeKey(rawKey);
    return this.mutex.run(key, async () => {
      const existing = await this.get<T>(key);
      if (existing !== null) return { value: existing, created: false };
      const fresh = typeof value === "function" ? await (value as () => T | Promise<T>)() : value;
      if (this.redis) {
        // SET NX: exactly one process wins, whatever the others read a moment ago.
        const won = await this.redis.client.set(this.redis.prefix + key, JSON.stringify(fresh), "NX");
        if (won) return { value: fresh, created: true };
        return { value: (await this.get<T>(key))!, created: false };
      }
      await this.storage.setItem(key, fresh as never);
      this.remember(key, fresh);
      return { value: fresh, created: true };
    });
  }

  /**
   * Optimistic read-modify-write across processes: WATCH the key, write in MULTI, retry if it changed.
   * WATCH belongs to the connection, so this process runs one such transaction at a time.
   */
  private redisUpdate<T>(key: string, change: (current: T | null) => T | Promise<T>): Promise<T> {
    const { client, prefix } = this.redis!;
    const full = prefix + key;
    return this.mutex.run("\u0000redis-watch", async () => {
      for (let attempt = 0; attempt < 50; attempt++) {
        await client.watch(full);
        let next: T;
        try {
          const raw = await client.get(full);
          next = await change(parsedOrMissing<T>(key, raw));
        } catch (error) {
          await client.unwatch();
          throw error;
        }
        const result = await client.multi().set(full, JSON.stringify(next)).exec();
        if (result) return next;
      }
      throw new Error(`could not update ${key}: too much contention`);
    });
  }

  remove(rawKey: string): Promise<void> {
    const key = safeKey(rawKey);
    return this.mutex.run(key, async () => {
      await this.storage.removeItem(key);
      this.remember(key, null);
    });
  }

  /** Keys under a prefix such as `services:2026-11-22`. */
  keys(prefix: string): Promise<string[]> {
    return this.storage.getKeys(safeKey(prefix));
  }
}
