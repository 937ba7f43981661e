// Presence: who attended in the last 24 hours (docs/behaviour.md §8: unique names, trimmed and case-folded).
// One sorted collection holds each folded name scored by its last visit, in whatever engine the
// store uses, so every process sharing the data (SQLite file or Redis) counts the same visitors:
// a visit is one conditional write, the count one index range count, never a scan of all visits.
import { z } from "zod";
import { isStoreUnavailable } from "../storage/store-failure.ts";
import { keyFamily } from "../storage/key-family.ts";
import { nameKey } from "../core/text.ts";
import type { KeyValueStore, SortedCollection } from "../storage/kv.ts";

export const PRESENCE_WINDOW_MS = 24 * 3600_000;
/** A name seen this recently is not written again: it changes nothing that matters for a 24-hour window. */
const SKIP_MS = 60_000;
/**
 * Names remembered per minute, at most. A flood of new names (a million in two minutes) would otherwise hold them all
 * in memory; a name not remembered is only written again, and the store's write already knows it (`onlyIfHigher`).
 */
export const REMEMBERED_NAMES = 50_000;
/**
 * How long a full count is reused, at least. Counting is an index range count, which grows with
 * the visitors and is too slow for every attend; this process's own new visitors are added to it at once, and other processes'
 * show within this time.
 */
const COUNT_REUSE_MS = 500;
/**
 * A slow count is reused longer: for COUNT_COST_SHARE times what it took, so full counts hold the event loop (the
 * binding is synchronous) at most a hundredth of the time, up to COUNT_REUSE_MAX_MS. At 818,337 souls a count took
 * 22–40 ms, every half second; from about 5 ms a count (some 150,000 souls) it is reused longer than half a second.
 */
const COUNT_COST_SHARE = 100;
const COUNT_REUSE_MAX_MS = 5_000;

/** How long a count that took `tookMs` is reused (pure: the rule above). */
export function countReuseMs(tookMs: number): number {
  return Math.min(COUNT_REUSE_MAX_MS, Math.max(COUNT_REUSE_MS, tookMs * COUNT_COST_SHARE));
}
/** How often expired names are removed (only for space: counting already ignores them). */
const PRUNE_EVERY_MS = 10 * 60_000;
const MIGRATED = "migrations:presence-sorted";
/** One visit in the earlier one-key-per-visit layout; a torn one is no visit (counted as no soul: BUG-12). */
export const LEGACY_VISIT = keyFamily("visit (earlier layout)", z.object({ name: z.string(), at: z.number() }), { ifCorrupt: "missing" });

export function presenceName(name: string): string {
  return nameKey(name);
}

/** Who attended: a name's visits, and the count of unique names over the last 24 hours. */
export interface Presence {
  load(now: Date): Promise<void>;
  /**
   * Counts `name` as present at `at`. A name not yet counted in the window is added only if `mayAdd` agrees
   * (the caller's cap on new names per address); answers whether the visitor is counted.
   */
  record(name: string, at: Date, mayAdd?: () => Promise<boolean>): Promise<boolean>;
  count(now: Date): Promise<number>;
}

export class PresenceStore implements Presence {
  private readonly visits: SortedCollection<null>;
  /** Names written lately, in two generations of a minute each, so the map never outgrows two minutes of visitors. */
  private seen = new Map<string, number>();
  private seenBefore = new Map<string, number>();
  private generationStart = -Infinity;
  private cached: { at: number; countedAt: number; count: number; reuseMs: number } | null = null;
  private counting: Promise<number> | null = null;
  /** Visitors this process added to the window since the last full count began. */
  private added = 0;
  private prunedAt = -Infinity;

  constructor(private kv: KeyValueStore) {
    this.visits = kv.sorted<null>("presence");
  }

  /** Moves visits kept one per key (the old layout) into the collection, once (the Redis engine moves its own set). */
  async load(): Promise<void> {
    if (await this.kv.get(MIGRATED)) return;
    for (const key of await this.kv.keys("presence")) {
      if (key === "presence:zset") continue; // the old Redis sorted set: the Redis engine moves it, never through get()
      const value = await this.kv.read(LEGACY_VISIT, key);
      if (value) await this.visits.put(value.name, value.at, null, { onlyIfHigher: true });
      await this.kv.remove(key);
    }
    await this.kv.set(MIGRATED, { at: new Date().toISOString() });
  }

  async record(rawName: string, at: Date, mayAdd?: () => Promise<boolean>): Promise<boolean> {
    const name = presenceName(rawName);
    if (!name) return false;
    const ms = at.getTime();
    if (ms - this.generationStart >= SKIP_MS || ms < this.generationStart) {
      this.seenBefore = this.seen;
      this.seen = new Map();
      this.generationStart = ms;
    }
    const last = this.seen.get(name) ?? this.seenBefore.get(name);
    if (last !== undefined && ms >= last && ms - last < SKIP_MS) return true;
    // Two puts in one go, applied in order: the first lands only if the name is not counted in the window
    // ending at `at` (absent, or last seen before it), and so tells whether this visit adds a soul.
    const horizon = ms - PRESENCE_WINDOW_MS + 0.5;
    const [added] = await Promise.all([this.visits.put(name, horizon, null, { onlyIfHigher: true }), this.visits.put(name, ms, null, { onlyIfHigher: true })]);
    if (added && mayAdd && !(await mayAdd())) {
      // Not to be counted: back to the horizon, just outside the window, where counting never sees it.
      await this.visits.put(name, horizon, null);
      return false;
    }
    if (this.seen.size < REMEMBERED_NAMES) this.seen.set(name, ms);
    if (added) this.added++;
    return true;
  }

  /**
   * Unique visitors within the window ending at `now`. A full count is reused for half a second (longer when
   * counting is slow: `countReuseMs`), plus this process's new visitors since, so a visitor is counted in their
   * own answer and what another process records shows here within that time.
   */
  async count(now: Date): Promise<number> {
    const at = now.getTime();
    for (;;) {
      const c = this.cached;
      // Either side of the counted instant: concurrent requests read the clock in one order and arrive here in
      // another, and a slightly earlier `at` must not cost a full count each time.
      if (c && performance.now() - c.countedAt < c.reuseMs && Math.abs(at - c.at) < c.reuseMs) return c.count + this.added;
      // One full count at a time: the requests that arrive while it runs wait for it instead of each counting.
      if (!this.counting) {
        // While the store cannot count, the last count stands (a read goes on; docs/behaviour.md §10); a process that
        // has not counted yet says none, rather than refusing the service for want of a number.
        this.counting = this.countAt(at)
          .catch((error: unknown) => {
            if (isStoreUnavailable(error)) return this.cached?.count ?? 0;
            throw error;
          })
          .finally(() => (this.counting = null));
        return (await this.counting) + this.added;
      }
      await this.counting.catch(() => {});
    }
  }

  private async countAt(at: number): Promise<number> {
    if (at - this.prunedAt >= PRUNE_EVERY_MS || at < this.prunedAt) {
      this.prunedAt = at;
      // Pruning is housekeeping, and the count below reads only the window: a store that refuses writes (a full
      // disk) still answers the count (docs/behaviour.md §10). The next prune tries again.
      await this.visits.removeRange({ to: at - PRESENCE_WINDOW_MS }).catch((error: unknown) => {
        if (!isStoreUnavailable(error)) throw error;
        this.prunedAt = 0;
      });
    }
    // Reset before counting: a visit recorded meanwhile is in the count, or added after it (rarely both, until the next count).
    this.added = 0;
    const countedAt = performance.now();
    const count = await this.visits.count({ from: at - PRESENCE_WINDOW_MS + 1, to: at });
    this.cached = { at, countedAt, count, reuseMs: countReuseMs(performance.now() - countedAt) };
    return count;
  }
}
