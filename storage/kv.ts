// A small typed key-value layer over unstorage that every store uses: JSON values,
// per-key serialized read-modify-write, and first-writer-wins inserts.
import type { Storage } from "unstorage";
import { KeyedMutex } from "./keyed-mutex.ts";

export class KeyValueStore {
  private readonly mutex = new KeyedMutex();

  constructor(readonly storage: Storage) {}

  async get<T>(key: string): Promise<T | null> {
    return ((await this.storage.getItem(key)) as T | null) ?? null;
  }

  /** Write a value; waits for any update of the same key queued before it. */
  set<T>(key: string, value: T): Promise<void> {
    return this.mutex.run(key, () => this.storage.setItem(key, value as never));
  }

  /** Read, change and write one key with no other write to that key in between (in this process). */
  update<T>(key: string, change: (current: T | null) => T | Promise<T>): Promise<T> {
    return this.mutex.run(key, async () => {
      const next = await change(await this.get<T>(key));
      await this.storage.setItem(key, next as never);
      return next;
    });
  }

  /** Store `value` unless the key already holds one; returns what is stored and whether this call wrote it. */
  setIfAbsent<T>(key: string, value: T | (() => T | Promise<T>)): Promise<{ value: T; created: boolean }> {
    return this.mutex.run(key, async () => {
      const existing = await this.get<T>(key);
      if (existing !== null) return { value: existing, created: false };
      const fresh = typeof value === "function" ? await (value as () => T | Promise<T>)() : value;
      await this.storage.setItem(key, fresh as never);
      return { value: fresh, created: true };
    });
  }

  remove(key: string): Promise<void> {
    return this.mutex.run(key, () => this.storage.removeItem(key));
  }

  /** Keys under a prefix such as `services:2026-11-22`, without the prefix removed. */
  keys(prefix: string): Promise<string[]> {
    return this.storage.getKeys(prefix);
  }
}
