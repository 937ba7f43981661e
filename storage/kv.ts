// A small typed key-value layer every store uses, over one engine (SQLite by default, Redis when shared,
// memory for tests): JSON values, read-modify-write and first-writer-wins that hold across processes,
// atomic counters, and sorted collections read in score order (time ranges). Values read back are
// shared with other readers in this process: never mutate one in place.
import type { Change, Engine, RangeQuery, ScoreRange, SortedEntry } from "./engine.ts";
import type { ImportReport } from "./import-files.ts";
import { KeyedMutex } from "../core/keyed-mutex.ts";
import { checkStored, type KeyFamily } from "./key-family.ts";

export type { Engine, RangeQuery, ScoreRange, SortedEntry } from "./engine.ts";

/**
 * Keys are `:`-separated segments. Segments that were unsafe as file paths when each key was a file
 * (`.`, `..`, NUL, slashes, temp-file names) keep their inert spelling, so keys imported from that layout,
 * and keys built from a visitor's input, mean the same as before.
 */
export function safeKey(key: string): string {
  return key
    .split(":")
    .map((segment) =>
      segment === "." || segment === ".." || /[\u0000/\\]/.test(segment) || segment.startsWith(".tmp-")
        ? `~${Buffer.from(segment).toString("base64url")}`
        : segment,
    )
    .join(":");
}

/** Members ordered by a numeric score (epoch ms for time): the live feed, a song's archive, presence. */
export class SortedCollection<T> {
  constructor(
    private engine: Engine,
    readonly name: string,
  ) {}

  /** Add or replace `member`; with `onlyIfHigher` (a last-seen time), an older score changes nothing. True when written. */
  put(member: string, score: number, value: T, options: { onlyIfHigher?: boolean } = {}): Promise<boolean> {
    if (!Number.isFinite(score)) return Promise.reject(new TypeError("scores are finite numbers"));
    return this.engine.sortedPut(this.name, member, score, value, options.onlyIfHigher ?? false);
  }

  /** Members whose score lies in the range, ascending (or `order: "desc"`), at most `limit`: an index walk, not a scan. */
  range(query: RangeQuery = {}): Promise<SortedEntry<T>[]> {
    return this.engine.sortedRange(this.name, query) as Promise<SortedEntry<T>[]>;
  }

  count(range: ScoreRange = {}): Promise<number> {
    return this.engine.sortedCount(this.name, range);
  }

  remove(member: string): Promise<boolean> {
    return this.engine.sortedRemove(this.name, member);
  }

  /** Remove every member in the range, e.g. `{ to: horizon }` for what expired. */
  removeRange(range: ScoreRange): Promise<number> {
    return this.engine.sortedRemoveRange(this.name, range);
  }
}

export class KeyValueStore {
  /** Same-key calls from this process run one after another, so they never race each other's retries. */
  private readonly mutex = new KeyedMutex();

  constructor(
    readonly engine: Engine,
    /** What an old one-file-per-key folder brought into SQLite when this store was opened (log it). */
    readonly imported: ImportReport | null = null,
  ) {}

  get kind(): Engine["kind"] {
    return this.engine.kind;
  }

  /**
   * The value at a key as stored, unknown: for whether a key holds anything, and for tests. A value the code
   * uses is read through `read` and its family, which checks it.
   */
  get(rawKey: string): Promise<unknown> {
    return this.engine.get(safeKey(rawKey));
  }

  /**
   * The value at a key, checked against its family's schema: null when absent; a value that does not match is
   * a `CorruptValue`, or null for a family that reads it as missing (storage/key-family.ts).
   */
  read<T>(family: KeyFamily<T>, rawKey: string): Promise<T | null> {
    const key = safeKey(rawKey);
    return this.engine.get(key).then((value) => checkStored(family, key, value, this.engine.sharesReads));
  }

  /** Write a value; waits for any update of the same key queued before it. */
  set<T>(rawKey: string, value: T): Promise<void> {
    const key = safeKey(rawKey);
    return this.mutex.run(key, () => this.engine.set(key, value));
  }

  /**
   * Read, change and write one key with no other write to it in between, from this process or another.
   * `change` may run again if another process wrote the key meanwhile: keep it free of side effects.
   */
  update<T>(rawKey: string, change: Change<T>): Promise<T> {
    const key = safeKey(rawKey);
    return this.mutex.run(key, () => this.engine.update(key, change));
  }

  /**
   * `update` with the current value checked against its family first (refused, or read as missing, as `read`
   * does), so `change` is handed only what it can trust.
   */
  updateChecked<T>(family: KeyFamily<T>, rawKey: string, change: Change<T>): Promise<T> {
    return this.update<T>(rawKey, (current) => change(checkStored(family, safeKey(rawKey), current)));
  }

  /** Store `value` unless the key already holds one; returns what is stored and whether this call wrote it. */
  setIfAbsent<T>(rawKey: string, value: T | (() => T | Promise<T>)): Promise<{ value: T; created: boolean }> {
    const key = safeKey(rawKey);
    return this.mutex.run(key, async () => {
      // A read first, so a value that is costly to make is made only when the key is free.
      const existing = (await this.engine.get(key)) as T | null;
      if (existing !== null) return { value: existing, created: false };
      const fresh = typeof value === "function" ? await (value as () => T | Promise<T>)() : value;
      return (await this.engine.insertIfAbsent(key, fresh)) as { value: T; created: boolean };
    });
  }

  /** Add `by` (default 1) to the integer at `key`, atomically across processes; returns the new value (1 for a new key). */
  increment(rawKey: string, by = 1): Promise<number> {
    const key = safeKey(rawKey);
    return this.mutex.run(key, () => this.engine.increment(key, by));
  }

  remove(rawKey: string): Promise<void> {
    const key = safeKey(rawKey);
    return this.mutex.run(key, () => this.engine.remove(key));
  }

  /** Keys under a prefix such as `services:2026-11-22`, sorted. */
  keys(prefix: string): Promise<string[]> {
    return this.engine.keys(safeKey(prefix));
  }

  /** A sorted collection by name (its own namespace: never listed by `keys`). */
  sorted<T>(name: string): SortedCollection<T> {
    return new SortedCollection<T>(this.engine, name);
  }

  /** Changes whenever any process has written since the last call: poll it to know when a cache went stale. */
  changeCounter(): Promise<number> {
    return this.engine.changeCounter();
  }

  /** Settles when the engine is ready for calls (a remote one connected); rejects saying why it is not within `timeoutMs`. */
  ready(timeoutMs: number): Promise<void> {
    return this.engine.ready?.(timeoutMs) ?? Promise.resolve();
  }

  /** The start's reads wait up to `budgetMs` each for a slow store (storage/engine.ts); call the result once serving. */
  patientUntilStarted(budgetMs: number): () => void {
    return this.engine.patientUntilStarted?.(budgetMs) ?? (() => {});
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}
