// The contract every storage engine keeps (memory, SQLite, Redis, unstorage). Engines hold JSON values under keys
// and sorted collections (members ordered by a numeric score, usually epoch ms), and make each atomic
// operation atomic against every writer, in this process or in another one sharing the engine
// (the unstorage engine holds only within one process: `sharedAcrossProcesses` in index.ts says which do).
import { isUtf8 } from "node:buffer";
export interface SortedEntry<T> {
  member: string;
  score: number;
  value: T;
}

/** Scores between `from` and `to`, both inclusive (scores are integers in practice: use `since + 1` for "after since"). */
export interface ScoreRange {
  from?: number;
  to?: number;
}

export interface RangeQuery extends ScoreRange {
  /** Ascending by default; ties are ordered by member. */
  order?: "asc" | "desc";
  limit?: number;
}

export type Change<T> = (current: T | null) => T | Promise<T>;

export interface Engine {
  readonly kind: "memory" | "sqlite" | "redis" | "unstorage";
  /**
   * Whether `get` hands back the same object for a key until it is written (SQLite's cache of reads), so what was
   * checked of it can be remembered (storage/key-family.ts); engines that decode afresh on every read do not.
   */
  readonly sharesReads?: boolean;
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  /**
   * Read, change and write one key with no other write to it in between, from any process. `change` may
   * run more than once when another process wrote the key meanwhile, so it must not have side effects.
   */
  update<T>(key: string, change: Change<T>): Promise<T>;
  /** Insert unless the key holds a value; returns the value that is stored and whether this call wrote it. */
  insertIfAbsent(key: string, value: unknown): Promise<{ value: unknown; created: boolean }>;
  /** Add `by` to the integer at `key` (missing counts as 0) and return the new number; fails on a non-integer. */
  increment(key: string, by: number): Promise<number>;
  remove(key: string): Promise<void>;
  /** Every key below `prefix` (`prefix:…`), sorted; all keys for "". */
  keys(prefix: string): Promise<string[]>;
  /** Add or replace a member; with `onlyIfHigher`, only when its score would grow. True when written. */
  sortedPut(name: string, member: string, score: number, value: unknown, onlyIfHigher: boolean): Promise<boolean>;
  sortedRange(name: string, query: RangeQuery): Promise<SortedEntry<unknown>[]>;
  sortedCount(name: string, range: ScoreRange): Promise<number>;
  sortedRemove(name: string, member: string): Promise<boolean>;
  /** Remove every member in the range (expired entries); returns how many went. */
  sortedRemoveRange(name: string, range: ScoreRange): Promise<number>;
  /**
   * A number that changes whenever any process has committed a write since the last call: caches poll it
   * and drop what they hold when it moved. This process's writes move it at once; another process's within
   * a moment (SQLite asks for them at most every 50 ms), well inside the second the contract promises.
   */
  changeCounter(): Promise<number>;
  /**
   * A remote engine: settles once it is connected and ready for calls; rejects, saying why (the connection's last
   * error, a database it refused), when it is not within `timeoutMs`. Local engines are ready when made.
   */
  ready?(timeoutMs: number): Promise<void>;
  /**
   * An outage guard's (storage/guarded-engine.ts): until the returned function is called, each call may take up to
   * `budgetMs` before it counts as an outage. The start's reads use it: a loaded machine's slow first answers are
   * not a store that is down.
   */
  patientUntilStarted?(budgetMs: number): () => void;
  close(): Promise<void>;
}

export const lowest = (range: ScoreRange) => range.from ?? -Infinity;
export const highest = (range: ScoreRange) => range.to ?? Infinity;

/**
 * Decodes a stored text. Text written before this layer stored JSON everywhere (unstorage kept strings
 * as they were) reads back as that string; text that looks like JSON but is not (damaged) reads as missing.
 */
export function decodeStored(key: string, raw: string | null | undefined): unknown {
  if (raw === null || raw === undefined) return null;
  try {
    return JSON.parse(raw);
  } catch {
    if (!/^\s*[[{"]/.test(raw)) return raw;
    storageDamage.report(`storage value at ${key} is damaged and is treated as missing`);
    return null;
  }
}

/**
 * Decodes a stored value read as bytes (SQLite: a value read as text that is not UTF-8, written there by a damaged
 * disk or an edited file, ends the process inside the binding). Bytes that are not UTF-8 read as missing.
 */
export function decodeStoredBytes(key: string, bytes: Buffer | null | undefined): unknown {
  if (bytes === null || bytes === undefined) return null;
  if (!isUtf8(bytes)) {
    storageDamage.report(`storage value at ${key} is damaged (not UTF-8 text) and is treated as missing`);
    return null;
  }
  return decodeStored(key, bytes.toString("utf8"));
}

/**
 * Where a damaged value is reported: a warning of the process until the composition root (deps.ts) hands it the
 * house logger, so the report is one JSON line like every other (a layer below the logger cannot import it).
 */
export const storageDamage = { report: (message: string): void => void process.emitWarning(message) };

/** JSON text of a value; refuses what JSON cannot hold rather than storing something else. */
export function encode(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError("storage values must be JSON values");
  return text;
}

/** Jittered exponential wait between optimistic retries, so two writers stop colliding in step. */
export const backoff = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 2 ** attempt)));

export const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => typeof (value as { then?: unknown } | null)?.then === "function";
