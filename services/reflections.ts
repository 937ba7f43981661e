// ReflectionStore: public reflections with the indexes their readers need, so every read costs what
// its page holds, not what history holds: by hour (the 48-hour live feed), by song and month (the
// archive), by service (services by date), and running counts per song. What a reflection is and its keys:
// reflection-records.ts; the archive's reads: reflection-archive.ts; repair, rebuild and imports: reflection-upkeep.ts.
import { KeyedMutex } from "../core/keyed-mutex.ts";
import type { KeyValueStore } from "../storage/kv.ts";
import { StoreUnavailable, isStoreUnavailable } from "../storage/store-failure.ts";
import type { ArchivePlace } from "./archive-cursor.ts";
import { ReflectionArchive, type ArchivePage } from "./reflection-archive.ts";
import {
  CLAIMS,
  LIVE,
  LIVE_FEED_MS,
  TALLY,
  TALLY_KEY,
  WRITTEN,
  WRITTEN_COUNT,
  bucketOf,
  indexReflection,
  repeated,
  sameWordsKey,
  stillClaims,
  tallied,
  values,
  type Claim,
  type Claims,
  type Reflection,
  type SongTally,
} from "./reflection-records.ts";
import { importReflections, rebuildReflections, repairReflections } from "./reflection-upkeep.ts";

export { DUPLICATE_WINDOW_MS, LIVE_FEED_MS, sameWordsKey, tallied, type Reflection, type SongTally } from "./reflection-records.ts";
export type { ArchivePage } from "./reflection-archive.ts";

const RECEIVED_UNFINISHED =
  "Your reflection was received and kept; the sanctuary's store is failing just now, so it will appear in the lists within a few minutes of the store's return. There is no need to send it again.";
const MAYBE_RECEIVED =
  "Your reflection may have been received: the sanctuary's store stopped answering while it was being kept. If it was, it appears within a few minutes of the store's return, and sending it again is answered 409 (already received); if not, sending it again then keeps it.";

/** The live feed as last read, and what it was checked against: the clock, both counters, this process's writes. */
interface RecentFeed {
  at: number;
  counter: number;
  written: number;
  ownWrites: number;
  /** performance.now() when the counters were last asked. */
  checkedAt: number;
  value: Reflection[];
}

/**
 * How long the live feed is reused without asking the store whether another process wrote (ms). Asking is two reads
 * (two round trips to Redis), and every attend read the feed: SQLite's own reads already see other processes' commits
 * this late (storage/sqlite-engine.ts, STALE_MS). This process's own reflections show at once.
 */
const RECHECK_MS = 50;

export class ReflectionStore {
  private sameWords = new KeyedMutex();
  private recentCache = new Map<string, RecentFeed>();
  private archive: ReflectionArchive;
  /** Reflection writes this store made (counted once each has landed): the live feed read in this process sees them at once. */
  private ownWrites = 0;

  constructor(private kv: KeyValueStore) {
    this.archive = new ReflectionArchive(kv);
  }

  /**
   * Store a reflection unless the same name left the same words within 30 days (409). The rate limit
   * is taken only after that check, and nothing is written when either refuses.
   */
  async add(reflection: Reflection, takeLimits: () => Promise<void> = async () => {}): Promise<Reflection> {
    const words = sameWordsKey(reflection.name, reflection.text);
    const bucketKey = bucketOf(words);
    const at = Date.parse(reflection.createdAt);
    const claimOf = (bucket: Claims | null) => bucket?.[words];
    const isRepeat = (claim: Claim | undefined) => stillClaims(claim, at);
    return this.sameWords.run(bucketKey, async () => {
      if (isRepeat(claimOf(await this.kv.read(CLAIMS, bucketKey)))) throw repeated();
      // Limits are taken only after the duplicate check, inside this section: a repeat answers 409, never 429.
      await takeLimits();
      // The claim holds the whole reflection and is written atomically (across processes too, on
      // Redis): from here on the reflection is received, and `repair` finishes it after a crash.
      await this.kv
        .updateChecked(CLAIMS, bucketKey, (bucket) => {
          if (isRepeat(claimOf(bucket))) throw repeated();
          const live = Object.entries(bucket ?? {}).filter(([, claim]) => stillClaims(claim, at));
          return Object.fromEntries([...live, [words, { at: reflection.createdAt, id: reflection.id, reflection }]]);
        })
        .catch((error: unknown) => {
          // The claim may have landed as the store went (its answer lost): `repair` then publishes it, so say so.
          if (isStoreUnavailable(error) && error.mayHaveLanded) throw new StoreUnavailable(error.outage, MAYBE_RECEIVED, true);
          throw error;
        });
      try {
        await this.finish(reflection, bucketKey, words);
      } catch (error) {
        // Received, but not yet in its lists: `repair` (every minute) finishes it once the store is back, and the
        // same words sent again are answered as received (409). The 503 must not say that nothing was stored.
        if (isStoreUnavailable(error)) throw new StoreUnavailable(error.outage, RECEIVED_UNFINISHED);
        throw error;
      }
      return reflection;
    });
  }

  /** After the claim: the indexes, the song's tally, the count, and the claim made light (the reflection now in its indexes). */
  private async finish(reflection: Reflection, bucketKey: string, words: string): Promise<void> {
    await indexReflection(this.kv, reflection);
    await this.kv.updateChecked(TALLY, TALLY_KEY, (tally) => ({
      ...(tally ?? {}),
      [reflection.song]: tallied(tally?.[reflection.song], reflection),
    }));
    await this.wrote();
    await this.kv.updateChecked(CLAIMS, bucketKey, (bucket) =>
      bucket?.[words]?.id === reflection.id ? { ...bucket, [words]: { at: reflection.createdAt, id: reflection.id } } : (bucket ?? {}),
    );
  }

  /** For a dry run: refuses (409) exactly as `add` would if these words came from this name in the last 30 days. */
  async checkNotRepeated(name: string, text: string, createdAt: string): Promise<void> {
    const words = sameWordsKey(name, text);
    if (stillClaims((await this.kv.read(CLAIMS, bucketOf(words)))?.[words], Date.parse(createdAt))) throw repeated();
  }

  /**
   * After a crash: finishes every reflection that was claimed but not all written (reflection-upkeep.ts); claims
   * younger than `minAgeMs` may be another process's in flight.
   */
  repair(now: Date, minAgeMs = 60_000): Promise<number> {
    return repairReflections(this.kv, () => this.wrote(), now, minAgeMs);
  }

  /** Builds the sorted indexes once from the earlier layout's lists (reflection-upkeep.ts). */
  rebuild(): Promise<number> {
    return rebuildReflections(this.kv, () => this.wrote());
  }

  /** Bulk load into a store no server is using: indexes and the tally, duplicates not checked. */
  importMany(reflections: Reflection[]): Promise<void> {
    return importReflections(this.kv, () => this.wrote(), reflections);
  }

  /**
   * Reflections of the live feed window ending at `now`, newest first. The answer is reused while no process
   * has written (the engine's change counter) and `now` moved less than a second: the feed is read far more
   * often than written.
   */
  async recent(now: Date, limit = 20, windowMs = LIVE_FEED_MS): Promise<Reflection[]> {
    const at = now.getTime();
    const key = `${limit}:${windowMs}`;
    const hit = this.recentCache.get(key);
    // Either side of the instant read: concurrent requests reach here out of clock order (see presence.count).
    const fresh = hit !== undefined && Math.abs(at - hit.at) < 1000;
    // Taken before the reads below: a reflection landing meanwhile leaves the answer marked as older than it.
    const ownWrites = this.ownWrites;
    if (fresh && hit.ownWrites === ownWrites && performance.now() - hit.checkedAt < RECHECK_MS) return hit.value;
    const counter = await this.kv.changeCounter();
    if (fresh && hit.counter === counter) return this.checked(hit, ownWrites);
    // Something was written: reread the feed only if it was a reflection.
    const written = (await this.kv.read(WRITTEN_COUNT, WRITTEN)) ?? 0;
    if (fresh && hit.written === written) {
      hit.counter = counter;
      return this.checked(hit, ownWrites);
    }
    const value = values(await this.kv.sorted<Reflection>(LIVE).range({ from: at - windowMs + 1, to: at, order: "desc", limit }));
    if (this.recentCache.size > 16) this.recentCache.clear();
    this.recentCache.set(key, { at, counter, written, ownWrites, checkedAt: performance.now(), value });
    return value;
  }

  /** A feed found unchanged: reused without asking again for RECHECK_MS. */
  private checked(hit: RecentFeed, ownWrites: number): Reflection[] {
    hit.ownWrites = ownWrites;
    hit.checkedAt = performance.now();
    return hit.value;
  }

  /** A write of reflections has landed: counted for every process (WRITTEN) and for this one's feed. */
  private async wrote(): Promise<void> {
    try {
      await this.kv.increment(WRITTEN);
    } finally {
      // Also when the count failed: the feed itself may have changed.
      this.ownWrites++;
    }
  }

  /** How many reflections the live feed holds at `now`. */
  async recentCount(now: Date): Promise<number> {
    return this.kv.sorted(LIVE).count({ from: now.getTime() - LIVE_FEED_MS + 1, to: now.getTime() });
  }

  songPage(slug: string, limit = Infinity, after?: ArchivePlace): Promise<ArchivePage> {
    return this.archive.songPage(slug, limit, after);
  }

  songCount(slug: string): Promise<number> {
    return this.archive.songCount(slug);
  }

  servicePage(service: Reflection["service"], limit = Infinity, after?: ArchivePlace): Promise<ArchivePage> {
    return this.archive.servicePage(service, limit, after);
  }

  serviceCount(service: Reflection["service"]): Promise<number> {
    return this.archive.serviceCount(service);
  }

  async forService(service: Reflection["service"]): Promise<readonly Reflection[]> {
    return (await this.archive.servicePage(service)).reflections;
  }

  tally(): Promise<Readonly<Record<string, SongTally>>> {
    return this.archive.tally();
  }
}
