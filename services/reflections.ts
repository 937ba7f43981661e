// ReflectionStore: public reflections with the indexes their readers need, so every read costs what
// its page holds, not what history holds: by hour (the 48-hour live feed), by song and month (the
// archive), by service (services by date), and running counts per song.
import { createHash } from "node:crypto";
import { z } from "zod";
import { conflict } from "../core/errors.ts";
import { foldText, nameKey } from "../core/text.ts";
import { keyFamily } from "../storage/key-family.ts";
import type { KeyValueStore } from "../storage/kv.ts";
import { KeyedMutex } from "../core/keyed-mutex.ts";
import { BoundedMemo } from "../core/memo.ts";
import { StoreUnavailable, isStoreUnavailable } from "../storage/store-failure.ts";
import { isAfter, type ArchivePlace } from "./archive-cursor.ts";

const Reflection = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  /** Song slug it is filed under. */
  song: z.string(),
  timezone: z.string(),
  location: z.string().nullable(),
  createdAt: z.string(),
  /** The service that was being heard where and when it was left. */
  service: z.object({ date: z.string(), slotIndex: z.number(), tier: z.string() }),
});
export type Reflection = z.infer<typeof Reflection>;

const SongTally = z.object({ count: z.number(), mostRecent: Reflection });
export type SongTally = z.infer<typeof SongTally>;

/** A song's tally with one more reflection: counted, and the latest kept whatever order reflections arrive in. */
export function tallied(current: SongTally | undefined, reflection: Reflection): SongTally {
  const mostRecent = !current || current.mostRecent.createdAt <= reflection.createdAt ? reflection : current.mostRecent;
  return { count: (current?.count ?? 0) + 1, mostRecent };
}

export const LIVE_FEED_MS = 48 * 3600_000;
export const DUPLICATE_WINDOW_MS = 30 * 24 * 3600_000;

/** Same words from the same name: the name by its key (nameKey: look-alikes are one name), the words trimmed, whitespace collapsed, case-folded (docs/behaviour.md §8). */
export function sameWordsKey(name: string, text: string): string {
  return createHash("sha256")
    .update(`${nameKey(name)}\u0000${foldText(text)}`)
    .digest("hex")
    .slice(0, 40);
}

const LIVE = "reflections:live";
const songIndex = (slug: string) => `reflections:song:${slug}`;
const serviceIndex = (s: Reflection["service"]) => `reflections:service:${s.date}:${s.slotIndex}:${s.tier}`;
/**
 * Counts every change to the reflections (any process). Readers that cache on the engine's change counter,
 * which moves with every write of any kind (an attend writes presence), check this one key before reading
 * the live feed again: one point read instead of a range read under a steady stream of visitors.
 */
const WRITTEN = "reflections:written";
const RECEIVED_UNFINISHED =
  "Your reflection was received and kept; the sanctuary's store is failing just now, so it will appear in the lists within a few minutes of the store's return. There is no need to send it again.";
/** Set once the sorted indexes were built from the per-month lists of the earlier layout. */
const REBUILT = "migrations:reflections-sorted";
/** The reflections of index entries; a damaged entry (read as missing) is left out rather than failing the page. */
const values = (entries: Array<{ value: Reflection | null }>) => entries.flatMap((e) => (e.value && typeof e.value === "object" ? [e.value] : []));

const Claim = z.object({
  at: z.string(),
  id: z.string(),
  /** Present until every index holds the reflection (see ReflectionStore.repair). */
  reflection: Reflection.optional(),
});
type Claim = z.infer<typeof Claim>;
type Claims = Record<string, Claim>;

/**
 * What the store reads back, checked. Claims, the write counter and the earlier layout's lists are read as
 * missing when unreadable (a bucket of claims is no bucket: the same words are taken again; the rebuild passes a
 * list over); a tally that cannot be read is refused (500, logged) rather than shown as no reflections.
 */
const CLAIMS = keyFamily("bucket of same-words claims", z.record(z.string(), Claim), { ifCorrupt: "missing" });
const WRITTEN_COUNT = keyFamily("count of reflection writes", z.number(), { ifCorrupt: "missing" });
const TALLY = keyFamily("tally of reflections per song", z.record(z.string(), SongTally));
const SONG_MONTHS = keyFamily("list of a song's months (earlier layout)", z.array(z.string()), { ifCorrupt: "missing" });
const MONTH_LIST = keyFamily("list of a song's reflections in a month (earlier layout)", z.array(z.unknown()), { ifCorrupt: "missing" });

/** Markers live in 256 buckets (by hash prefix), pruned of expired entries as they are rewritten. */
const bucketOf = (words: string) => `reflections:same-words:${words.slice(0, 2)}`;
/** Whether a claim still makes words left at `at` a repeat. */
const stillClaims = (claim: Claim | undefined, at: number) => claim !== undefined && at - Date.parse(claim.at) < DUPLICATE_WINDOW_MS;

const repeated = () =>
  conflict("These same words from the same name were already received in the last 30 days.", {
    suggestion: "Your reflection is safe and already shared; there is no need to send it again. If something new has come to you, you are welcome to write it.",
  });

/** A value read from the store, with the count of reflection writes (WRITTEN) it was read at. */
interface SinceWritten<T> {
  written: number;
  value: T;
}

/** A page of an archive: its reflections, and where it ended when older ones remain. */
export interface ArchivePage {
  /** Shared with other readers of the same page (kept): never to be changed. */
  reflections: readonly Reflection[];
  older: ArchivePlace | null;
}

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
  /** Archive pages as last read (by index, size and place), with the count of reflection writes they were read at. */
  private pages = new BoundedMemo<SinceWritten<ArchivePage>>(64);
  /** An archive's count, kept as its pages are (a date's services count each of theirs: a scan each, every read). */
  private counts = new BoundedMemo<SinceWritten<number>>(256);
  /** The songs' tally as last read, kept as pages are. */
  private tallies = new BoundedMemo<SinceWritten<Readonly<Record<string, SongTally>>>>(1);
  /** Reflection writes this store made (counted once each has landed): the live feed read in this process sees them at once. */
  private ownWrites = 0;

  constructor(private kv: KeyValueStore) {}

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
      await this.kv.update<Claims>(bucketKey, (bucket) => {
        if (isRepeat(claimOf(bucket))) throw repeated();
        const live = Object.entries(bucket ?? {}).filter(([, claim]) => stillClaims(claim, at));
        return Object.fromEntries([...live, [words, { at: reflection.createdAt, id: reflection.id, reflection }]]);
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
    await this.index(reflection);
    await this.kv.update<Record<string, SongTally>>("reflections:tally", (tally) => ({
      ...(tally ?? {}),
      [reflection.song]: tallied(tally?.[reflection.song], reflection),
    }));
    await this.wrote();
    await this.kv.update<Claims>(bucketKey, (bucket) =>
      bucket?.[words]?.id === reflection.id ? { ...bucket, [words]: { at: reflection.createdAt, id: reflection.id } } : (bucket ?? {}),
    );
  }

  /** For a dry run: refuses (409) exactly as `add` would if these words came from this name in the last 30 days. */
  async checkNotRepeated(name: string, text: string, createdAt: string): Promise<void> {
    const words = sameWordsKey(name, text);
    if (stillClaims((await this.kv.read(CLAIMS, bucketOf(words)))?.[words], Date.parse(createdAt))) throw repeated();
  }

  /**
   * Writes a reflection into every index. Each index is a sorted collection scored by the time it was
   * left and holding the whole reflection (it never changes), so a put is an upsert by id and every read
   * is one index range walk: the live feed, a song's archive, a service's reflections.
   */
  private async index(reflection: Reflection): Promise<void> {
    const at = Date.parse(reflection.createdAt);
    await Promise.all(
      [LIVE, songIndex(reflection.song), serviceIndex(reflection.service)].map((name) => this.kv.sorted<Reflection>(name).put(reflection.id, at, reflection)),
    );
  }

  /**
   * After a crash: finish every reflection that was claimed (so its sender was told it was received)
   * but whose indexes or tally were not all written, and recount those songs from their archives.
   * With other processes writing, claims younger than `minAgeMs` may be theirs in flight: left alone.
   */
  async repair(now: Date, minAgeMs = 60_000): Promise<number> {
    let repaired = 0;
    for (let i = 0; i < 256; i++) {
      const bucketKey = bucketOf(i.toString(16).padStart(2, "0"));
      const bucket = await this.kv.read(CLAIMS, bucketKey);
      for (const [words, claim] of Object.entries(bucket ?? {})) {
        if (!claim.reflection || now.getTime() - Date.parse(claim.at) < minAgeMs) continue;
        await this.index(claim.reflection);
        await this.recount(claim.reflection.song);
        await this.kv.update<Claims>(bucketKey, (b) => (b?.[words]?.id === claim.id ? { ...b, [words]: { at: claim.at, id: claim.id } } : (b ?? {})));
        repaired++;
      }
    }
    if (repaired) await this.wrote();
    return repaired;
  }

  /** A song's tally worked out again from its archive: an index count and its newest entry. */
  private async recount(song: string): Promise<void> {
    const archive = this.kv.sorted<Reflection>(songIndex(song));
    const [count, [newest]] = await Promise.all([archive.count(), archive.range({ order: "desc", limit: 1 })]);
    await this.kv.update<Record<string, SongTally>>("reflections:tally", (tally) => {
      const rest = { ...(tally ?? {}) };
      if (newest) rest[song] = { count, mostRecent: newest.value };
      return rest;
    });
  }

  /**
   * Builds the sorted indexes once from the per-month song lists of the earlier layout (imported from old
   * files, or left in Redis). Every reflection was in exactly one such list; those keys are kept as they were.
   * Safe to run in two processes at once: puts are upserts by id.
   */
  async rebuild(): Promise<number> {
    if (await this.kv.get(REBUILT)) return 0;
    let rebuilt = 0;
    for (const key of await this.kv.keys("reflections:song-months")) {
      const song = key.slice("reflections:song-months:".length);
      for (const month of (await this.kv.read(SONG_MONTHS, key)) ?? []) {
        const list = (await this.kv.read(MONTH_LIST, `reflections:song:${song}:${month}`)) ?? [];
        // Entry by entry, so one damaged reflection does not take its month's others with it; only what was
        // readable is counted (the log's "rebuilt" says how many reflections visitors will see).
        const readable = list.flatMap((r) => {
          const checked = Reflection.safeParse(r);
          return checked.success && checked.data.song === song ? [checked.data] : [];
        });
        await this.putAll(readable);
        rebuilt += readable.length;
      }
    }
    await this.kv.set(REBUILT, { at: new Date().toISOString(), reflections: rebuilt });
    return rebuilt;
  }

  /** Index puts issued together in chunks, so an engine that batches writes commits many at once. */
  private async putAll(reflections: Reflection[]): Promise<void> {
    for (let i = 0; i < reflections.length; i += 2000) await Promise.all(reflections.slice(i, i + 2000).map((r) => this.index(r)));
    if (reflections.length) await this.wrote();
  }

  /**
   * Bulk load (migrations, load tests): indexes in large batches and writes the tally once.
   * Meant for a store no server is using at the same time; duplicates are not checked.
   */
  async importMany(reflections: Reflection[]): Promise<void> {
    await this.putAll(reflections);
    const sorted = [...reflections].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
    await this.kv.update<Record<string, SongTally>>("reflections:tally", (tally) => {
      const out = { ...(tally ?? {}) };
      // Batches of an import need not come in time order: each is weighed against the tally kept so far.
      for (const r of sorted) out[r.song] = tallied(out[r.song], r);
      return out;
    });
    // A fresh store has nothing in the earlier layout to rebuild from.
    if (!(await this.kv.get(REBUILT))) await this.kv.set(REBUILT, { at: new Date().toISOString(), reflections: 0 });
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

  /**
   * A song's archive, newest first: after `after` (the last reflection a page showed) when given, at most `limit` of
   * them, and the place of the last one shown when older reflections remain.
   */
  songPage(slug: string, limit = Infinity, after?: ArchivePlace): Promise<ArchivePage> {
    return this.page(songIndex(slug), limit, after);
  }

  /** How many reflections a song's archive holds. */
  songCount(slug: string): Promise<number> {
    return this.count(songIndex(slug));
  }

  /** The reflections left while a service was heard, newest first, a page at a time as a song's archive is. */
  servicePage(service: Reflection["service"], limit = Infinity, after?: ArchivePlace): Promise<ArchivePage> {
    return this.page(serviceIndex(service), limit, after);
  }

  /** How many reflections were left while a service was heard. */
  serviceCount(service: Reflection["service"]): Promise<number> {
    return this.count(serviceIndex(service));
  }

  async forService(service: Reflection["service"]): Promise<readonly Reflection[]> {
    return (await this.servicePage(service)).reflections;
  }

  /**
   * One page of an index, newest first, read again only once a reflection has been written since (WRITTEN, counted by
   * every process, as the live feed checks it): a song's whole archive (a thousand reflections in the bench's folder)
   * took 8 ms a read, and the same archive, kept, is also written from the same encoded bytes
   * (tools/reflection-shape.ts).
   */
  private page(index: string, limit: number, after?: ArchivePlace): Promise<ArchivePage> {
    return this.sinceWritten(this.pages, `${index}\n${limit}\n${after ? `${after.at}\n${after.id}` : ""}`, async () => {
      const page = await this.readPage(index, limit, after);
      Object.freeze(page.reflections);
      return Object.freeze(page);
    });
  }

  /** How many an index holds, counted again only once a reflection has been written since, as a page is read again. */
  private count(index: string): Promise<number> {
    return this.sinceWritten(this.counts, index, () => this.kv.sorted(index).count());
  }

  /** The value kept under `key`, or read afresh once a reflection has been written since it was read (WRITTEN). */
  private async sinceWritten<T>(kept: BoundedMemo<SinceWritten<T>>, key: string, read: () => Promise<T>): Promise<T> {
    // Read before the value: a reflection landing meanwhile leaves the value marked as older than it.
    const written = (await this.kv.read(WRITTEN_COUNT, WRITTEN)) ?? 0;
    const found = kept.find(key);
    if (found && found.written === written) return found.value;
    const value = await read();
    kept.put(key, { written, value });
    return value;
  }

  /**
   * Reads one page. Reads `limit` + 1 entries, plus those of the same millisecond as `after` that the page before
   * already showed (the engine's range is by score alone).
   */
  private async readPage(index: string, limit: number, after?: ArchivePlace): Promise<ArchivePage> {
    const archive = this.kv.sorted<Reflection>(index);
    for (let read = limit + 1 + 8; ; read *= 4) {
      const entries = await archive.range({ to: after?.at, order: "desc", limit: Number.isFinite(read) ? read : undefined });
      const page = after ? entries.filter((e) => isAfter(e, after)) : entries;
      // Fewer than asked for came back only if the archive ran out; otherwise a page cut short by ties reads again.
      if (page.length <= limit && entries.length === read) continue;
      const shown = page.length > limit ? page.slice(0, limit) : page;
      const last = shown.at(-1);
      return { reflections: values(shown), older: page.length > limit && last ? { at: last.score, id: last.member } : null };
    }
  }

  /**
   * Count and most recent reflection per song, read again only once a reflection has been written since (every write
   * of the tally is one), as pages and counts are: the songs' list, the reflections page and the sitemap read it whole.
   */
  tally(): Promise<Readonly<Record<string, SongTally>>> {
    return this.sinceWritten(this.tallies, "tally", async () => Object.freeze((await this.kv.read(TALLY, "reflections:tally")) ?? {}));
  }
}
