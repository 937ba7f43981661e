// SQLite, the embedded default: one database in WAL mode (state.db, -wal, -shm) that several processes may
// share. The binding (libsql) is synchronous, so no statement ever waits on another request's await, and a
// write transaction never spans an await: it could not, since every statement on the connection would join it.
import type Database from "libsql";
import { BoundedMemo } from "../core/memo.ts";
import {
  backoff,
  decodeStoredBytes,
  encode,
  highest,
  isPromise,
  lowest,
  type Change,
  type Engine,
  type RangeQuery,
  type ScoreRange,
  type SortedEntry,
} from "./engine.ts";
import { WriteBatch } from "./sqlite-batch.ts";
import { SortedPuts } from "./sqlite-sorted-puts.ts";
import { openDatabase, statements, type SqliteOptions, type Statements } from "./sqlite-schema.ts";

export type { SqliteOptions } from "./sqlite-schema.ts";

/** How old a cached value may be relative to other processes' commits (ms): far inside the one-second promise; asking the binding on every read would cost more than the read. */
const STALE_MS = 50;

interface Row {
  value: unknown;
  /** null: the key holds nothing. */
  version: number | null;
}

export class SqliteEngine implements Engine {
  readonly kind = "sqlite" as const;
  readonly db: Database.Database;
  private q: Statements;
  private batch: WriteBatch;
  private sortedPuts: SortedPuts;
  /** Values read or written lately (a key used again stays; core/memo.ts), or none when `cacheEntries` is 0. */
  private cache: BoundedMemo<Row>;
  private readonly cacheLimit: number;
  readonly sharesReads: boolean;
  /** data_version when the cache was last known good; it moves only on other connections' commits. */
  private seen = -1;
  private checkedAt = -Infinity;
  private ownCommits = 0;

  constructor(options: SqliteOptions) {
    this.db = openDatabase(options);
    this.q = statements(this.db);
    this.sortedPuts = new SortedPuts(this.q);
    this.batch = new WriteBatch(this.db, this.sortedPuts);
    this.cacheLimit = options.cacheEntries ?? 0;
    this.cache = new BoundedMemo(this.cacheLimit);
    this.sharesReads = this.cacheLimit > 0;
  }

  private dataVersion(): number {
    return (this.q.dataVersion.get() as [number])[0];
  }

  /**
   * Drops the cache if another process committed. Asking is a call through the binding, and a page may
   * read dozens of keys, so it is asked at most once per STALE_MS unless `now` (inside a write transaction).
   */
  private fresh(now = false): void {
    const at = performance.now();
    if (!now && at - this.checkedAt < STALE_MS) return;
    this.checkedAt = at;
    const version = this.dataVersion();
    if (version !== this.seen) {
      this.cache.clear();
      this.seen = version;
    }
  }

  private read(key: string, now = false): Row {
    if (this.cacheLimit) {
      this.fresh(now);
      const hit = this.cache.find(key);
      if (hit) return hit;
    }
    const row = this.q.get.get(key) as [Buffer, number] | undefined;
    return this.remember(key, row ? { value: decodeStoredBytes(key, row[0]), version: row[1] } : { value: null, version: null });
  }

  private remember(key: string, row: Row): Row {
    if (!this.cacheLimit) return row;
    this.cache.put(key, row);
    return row;
  }

  private wrote<T>(key: string, value: T, version: number | null): T {
    this.ownCommits++;
    this.remember(key, { value, version });
    return value;
  }

  async get(key: string): Promise<unknown> {
    return this.read(key).value;
  }

  /** A blind write, committed with the others of this turn; the cache entry is dropped when it lands. */
  private later<T>(key: string | null, write: () => T, held = false): Promise<T> {
    return this.batch.add(() => {
      const result = write();
      this.ownCommits++;
      if (key !== null) this.cache.delete(key);
      return result;
    }, held);
  }

  async set(key: string, value: unknown): Promise<void> {
    const text = encode(value);
    // Not cached afterwards: plain writes are mostly write-once records (a visit, a session) that would
    // push out the values pages read again and again. get(), never run(), with RETURNING (see the schema).
    await this.later(key, () => this.q.upsert.get(key, text));
  }

  async update<T>(key: string, change: Change<T>): Promise<T> {
    // Usually `change` is synchronous: read, change and write then share one write transaction, and other
    // processes wait for it (busy_timeout) instead of retrying.
    let seen: Row;
    let pending: Promise<T>;
    this.db.exec("BEGIN IMMEDIATE");
    try {
      seen = this.read(key, true);
      const next = change(seen.value as T | null);
      if (!isPromise(next)) {
        const version = (this.q.upsert.get(key, encode(next)) as [number])[0];
        this.db.exec("COMMIT");
        return this.wrote(key, next, version);
      }
      pending = next;
    } finally {
      if (this.db.inTransaction) this.db.exec("ROLLBACK");
    }
    // An asynchronous change cannot hold the transaction: compare-and-update on the version it read instead.
    for (let attempt = 0; ; attempt++) {
      const next = await pending;
      const text = encode(next);
      const row = (seen.version === null ? this.q.insertNew.get(key, text) : this.q.compareAndUpdate.get(text, key, seen.version)) as [number] | undefined;
      if (row) return this.wrote(key, next, row[0]);
      if (attempt === 20) throw new Error(`could not update ${key}: other processes kept writing it`);
      await backoff(attempt);
      seen = this.read(key, true);
      pending = Promise.resolve(change(seen.value as T | null));
    }
  }

  async insertIfAbsent(key: string, value: unknown): Promise<{ value: unknown; created: boolean }> {
    const row = this.q.insertNew.get(key, encode(value)) as [number] | undefined;
    if (row) return { value: this.wrote(key, value, row[0]), created: true };
    this.cache.delete(key);
    return { value: this.read(key, true).value, created: false };
  }

  async increment(key: string, by: number): Promise<number> {
    if (!Number.isSafeInteger(by)) throw new TypeError("increments are integers");
    const row = this.q.increment.get(key, String(by)) as [string, number] | undefined;
    if (!row) throw new TypeError(`${key} does not hold an integer`);
    return this.wrote(key, Number(row[0]), row[1]);
  }

  async remove(key: string): Promise<void> {
    await this.later(key, () => this.q.remove.run(key));
  }

  async keys(prefix: string): Promise<string[]> {
    const rows = (prefix ? this.q.keysUnder.all(`${prefix}:`, `${prefix};`) : this.q.allKeys.all()) as Array<[string]>;
    return rows.map((r) => r[0]);
  }

  sortedPut(name: string, member: string, score: number, value: unknown, onlyIfHigher: boolean): Promise<boolean> {
    const text = encode(value);
    this.sortedPuts.want(name, member);
    return this.later(null, () => this.sortedPuts.put(name, member, score, text, onlyIfHigher), true);
  }

  async sortedRange(name: string, query: RangeQuery): Promise<SortedEntry<unknown>[]> {
    const statement = query.order === "desc" ? this.q.sortedRangeDesc : this.q.sortedRangeAsc;
    const rows = statement.all(name, lowest(query), highest(query), query.limit ?? -1) as Array<[Buffer, number, Buffer]>;
    return rows.map(([bytes, score, value]) => {
      const member = bytes.toString("utf8");
      return { member, score, value: decodeStoredBytes(`${name}/${member}`, value) };
    });
  }

  async sortedCount(name: string, range: ScoreRange): Promise<number> {
    return (this.q.sortedCount.get(name, lowest(range), highest(range)) as [number])[0];
  }

  sortedRemove(name: string, member: string): Promise<boolean> {
    return this.later(null, () => this.q.sortedRemove.run(name, member).changes > 0);
  }

  async sortedRemoveRange(name: string, range: ScoreRange): Promise<number> {
    const removed = this.q.sortedRemoveRange.run(name, lowest(range), highest(range)).changes;
    if (removed) this.ownCommits++;
    return removed;
  }

  async changeCounter(): Promise<number> {
    // Both parts only grow, so their sum moves whenever either does. Other processes' commits are asked
    // for at most once per STALE_MS, as for cached reads: callers ask on every request of a hot route.
    this.fresh();
    return this.seen + this.ownCommits;
  }

  async close(): Promise<void> {
    this.batch.flush();
    // Fold the WAL into the database file so a stopped server leaves one self-contained state.db (a busy
    // reader in another process leaves part of it; SQLite finishes that on the next open).
    if (this.db.open) {
      try {
        this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      } catch {
        /* another process holds the database: its own close or the next open checkpoints */
      }
      this.db.close();
    }
  }
}
