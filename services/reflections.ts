// ReflectionStore: public reflections with the indexes their readers need, so every read costs what
// its page holds, not what history holds: by hour (the 48-hour live feed), by song and month (the
// archive), by service (services by date), and running counts per song.
import { createHash } from "node:crypto";
import { conflict } from "../core/errors.ts";
import { foldText } from "../core/text.ts";
import type { KeyValueStore } from "../storage/kv.ts";
import { KeyedMutex } from "../core/keyed-mutex.ts";

export interface Reflection {
  id: string;
  name: string;
  text: string;
  /** Song slug it is filed under. */
  song: string;
  timezone: string;
  location: string | null;
  createdAt: string;
  /** The service that was being heard where and when it was left. */
  service: { date: string; slotIndex: number; tier: string };
}

export interface SongTally {
  count: number;
  mostRecent: Reflection;
}

export const LIVE_FEED_MS = 48 * 3600_000;
export const DUPLICATE_WINDOW_MS = 30 * 24 * 3600_000;

/** Same words from the same name: compared trimmed, whitespace collapsed, case-folded (decisions §16). */
export function sameWordsKey(name: string, text: string): string {
  return createHash("sha256").update(`${foldText(name)}\u0000${foldText(text)}`).digest("hex").slice(0, 40);
}

const hourOf = (iso: string) => iso.slice(0, 13); // YYYY-MM-DDTHH (UTC)
const monthOf = (iso: string) => iso.slice(0, 7);
const serviceKey = (s: Reflection["service"]) => `reflections:service:${s.date}:${s.slotIndex}:${s.tier}`;
const append = (item: Reflection) => (list: Reflection[] | null) => (list?.some((r) => r.id === item.id) ? list : [...(list ?? []), item]);
const newestFirst = (a: Reflection, b: Reflection) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);


interface Claim {
  at: string;
  id: string;
  /** Present until every index holds the reflection (see ReflectionStore.repair). */
  reflection?: Reflection;
}
type Claims = Record<string, Claim>;

const repeated = () =>
  conflict("These same words from the same name were already received in the last 30 days.", {
    suggestion: "Your reflection is safe and already shared; there is no need to send it again. If something new has come to you, you are welcome to write it.",
  });

export class ReflectionStore {
  private sameWords = new KeyedMutex();

  constructor(private kv: KeyValueStore) {}

  /**
   * Store a reflection unless the same name left the same words within 30 days (409). The rate limit
   * is taken only after that check, and nothing is written when either refuses.
   */
  async add(reflection: Reflection, takeLimits: () => Promise<void> = async () => {}): Promise<Reflection> {
    const words = sameWordsKey(reflection.name, reflection.text);
    // Markers live in 256 buckets (by hash prefix), pruned of expired entries as they are rewritten.
    const bucketKey = `reflections:same-words:${words.slice(0, 2)}`;
    const at = Date.parse(reflection.createdAt);
    const claimOf = (bucket: Claims | null) => bucket?.[words];
    const isRepeat = (claim: Claim | undefined) => claim !== undefined && at - Date.parse(claim.at) < DUPLICATE_WINDOW_MS;
    return this.sameWords.run(bucketKey, async () => {
      if (isRepeat(claimOf(await this.kv.get<Claims>(bucketKey)))) throw repeated();
      // Limits are taken only after the duplicate check, inside this section: a repeat answers 409, never 429.
      await takeLimits();
      // The claim holds the whole reflection and is written atomically (across processes too, on
        // Redis): from here on the reflection is received, and `repair` finishes it after a crash.
      await this.kv.update<Claims>(bucketKey, (bucket) => {
        if (isRepeat(claimOf(bucket))) throw repeated();
        const live = Object.entries(bucket ?? {}).filter(([, claim]) => at - Date.parse(claim.at) < DUPLICATE_WINDOW_MS);
        return Object.fromEntries([...live, [words, { at: reflection.createdAt, id: reflection.id, reflection }]]);
      });
      await this.index(reflection);
      await this.kv.update<Record<string, SongTally>>("reflections:tally", (tally) => {
        const current = tally?.[reflection.song];
        const mostRecent = !current || current.mostRecent.createdAt <= reflection.createdAt ? reflection : current.mostRecent;
        return { ...(tally ?? {}), [reflection.song]: { count: (current?.count ?? 0) + 1, mostRecent } };
      });
      await this.kv.update<Claims>(bucketKey, (bucket) => (bucket?.[words]?.id === reflection.id ? { ...bucket, [words]: { at: reflection.createdAt, id: reflection.id } } : (bucket ?? {})));
      return reflection;
    });
  }

  /** Writes a reflection into every index; appending one that is already there changes nothing. */
  private async index(reflection: Reflection): Promise<void> {
    // Each index holds whole reflections (they never change), so every read is one key per page.
    await this.kv.update(`reflections:hour:${hourOf(reflection.createdAt)}`, append(reflection));
    await this.kv.update(`reflections:song:${reflection.song}:${monthOf(reflection.createdAt)}`, append(reflection));
    await this.kv.update<string[]>(`reflections:song-months:${reflection.song}`, (months) => [...new Set([...(months ?? []), monthOf(reflection.createdAt)])].sort());
    await this.kv.update(serviceKey(reflection.service), append(reflection));
  }

  /**
   * After a crash: finish every reflection that was claimed (so its sender was told it was received)
   * but whose indexes or tally were not all written, and recount those songs from their archives.
   * With other processes writing (Redis), claims younger than `minAgeMs` may be theirs in flight: left alone.
   */
  async repair(now: Date, minAgeMs = 60_000): Promise<number> {
    let repaired = 0;
    for (let i = 0; i < 256; i++) {
      const bucketKey = `reflections:same-words:${i.toString(16).padStart(2, "0")}`;
      const bucket = await this.kv.get<Claims>(bucketKey);
      for (const [words, claim] of Object.entries(bucket ?? {})) {
        if (!claim.reflection || now.getTime() - Date.parse(claim.at) < minAgeMs) continue;
        await this.index(claim.reflection);
        await this.recount(claim.reflection.song);
        await this.kv.update<Claims>(bucketKey, (b) => (b?.[words]?.id === claim.id ? { ...b, [words]: { at: claim.at, id: claim.id } } : (b ?? {})));
        repaired++;
      }
    }
    return repaired;
  }

  /** A song's tally worked out again from its archive. */
  private async recount(song: string): Promise<void> {
    const all = await this.forSong(song);
    await this.kv.update<Record<string, SongTally>>("reflections:tally", (tally) => {
      const rest = { ...(tally ?? {}) };
      if (all.length) rest[song] = { count: all.length, mostRecent: all[0] };
      return rest;
    });
  }

  /**
   * Bulk load (migrations, load tests): writes every index key once instead of once per reflection.
   * Meant for a store no server is using at the same time; duplicates are not checked.
   */
  async importMany(reflections: Reflection[]): Promise<void> {
    const groups = new Map<string, Reflection[]>();
    const push = (key: string, r: Reflection) => (groups.get(key) ?? groups.set(key, []).get(key)!).push(r);
    const months = new Map<string, Set<string>>();
    const sorted = [...reflections].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
    for (const r of sorted) {
      push(`reflections:hour:${hourOf(r.createdAt)}`, r);
      push(`reflections:song:${r.song}:${monthOf(r.createdAt)}`, r);
      push(serviceKey(r.service), r);
      (months.get(r.song) ?? months.set(r.song, new Set()).get(r.song)!).add(monthOf(r.createdAt));
    }
    for (const [key, items] of groups) await this.kv.update<Reflection[]>(key, (list) => [...(list ?? []), ...items]);
    for (const [song, set] of months) await this.kv.update<string[]>(`reflections:song-months:${song}`, (list) => [...new Set([...(list ?? []), ...set])].sort());
    await this.kv.update<Record<string, SongTally>>("reflections:tally", (tally) => {
      const out = { ...(tally ?? {}) };
      for (const r of sorted) out[r.song] = { count: (out[r.song]?.count ?? 0) + 1, mostRecent: r };
      return out;
    });
  }

  /** Reflections of the live feed window ending at `now`, newest first. Reads at most 49 hourly buckets. */
  async recent(now: Date, limit = 20, windowMs = LIVE_FEED_MS): Promise<Reflection[]> {
    const out: Reflection[] = [];
    for await (const r of this.live(now, windowMs)) {
      out.push(r);
      if (out.length === limit) break;
    }
    return out.sort(newestFirst);
  }

  /** How many reflections the live feed holds at `now`. */
  async recentCount(now: Date): Promise<number> {
    let count = 0;
    for await (const _ of this.live(now, LIVE_FEED_MS)) count++;
    return count;
  }

  /** Reflections within the window ending at `now`, roughly newest first, reading hourly buckets only as far as needed. */
  private async *live(now: Date, windowMs: number): AsyncGenerator<Reflection> {
    const since = now.getTime() - windowMs;
    for (let t = now.getTime(); t >= since - 3600_000; t -= 3600_000) {
      const bucket = (await this.kv.get<Reflection[]>(`reflections:hour:${hourOf(new Date(t).toISOString())}`)) ?? [];
      // Buckets are appended in time order, so walking one backwards yields newest first.
      for (let i = bucket.length - 1; i >= 0; i--) {
        const at = Date.parse(bucket[i].createdAt);
        if (at > since && at <= now.getTime()) yield bucket[i];
      }
    }
  }

  /** Every reflection of a song, newest first (the public archive: no time limit). */
  async forSong(slug: string): Promise<Reflection[]> {
    const months = (await this.kv.get<string[]>(`reflections:song-months:${slug}`)) ?? [];
    const out: Reflection[] = [];
    for (const month of [...months].reverse()) out.push(...[...((await this.kv.get<Reflection[]>(`reflections:song:${slug}:${month}`)) ?? [])].sort(newestFirst));
    return out;
  }

  async forService(service: Reflection["service"]): Promise<Reflection[]> {
    return [...((await this.kv.get<Reflection[]>(serviceKey(service))) ?? [])].sort(newestFirst);
  }

  /** Count and most recent reflection per song. */
  async tally(): Promise<Record<string, SongTally>> {
    return (await this.kv.get<Record<string, SongTally>>("reflections:tally")) ?? {};
  }
}
