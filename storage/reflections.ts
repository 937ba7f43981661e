// ReflectionStore: public reflections with the indexes their readers need, so every read costs what
// its page holds, not what history holds: by hour (the 48-hour live feed), by song and month (the
// archive), by service (services by date), and running counts per song.
import { createHash } from "node:crypto";
import { conflict } from "../tools/errors.ts";
import type { KeyValueStore } from "./kv.ts";
import { KeyedMutex } from "./keyed-mutex.ts";

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
  const fold = (s: string) => s.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
  return createHash("sha256").update(`${fold(name)}\u0000${fold(text)}`).digest("hex").slice(0, 40);
}

const hourOf = (iso: string) => iso.slice(0, 13); // YYYY-MM-DDTHH (UTC)
const monthOf = (iso: string) => iso.slice(0, 7);
const serviceKey = (s: Reflection["service"]) => `reflections:service:${s.date}:${s.slotIndex}:${s.tier}`;
const append = (item: Reflection) => (list: Reflection[] | null) => [...(list ?? []), item];
const newestFirst = (a: Reflection, b: Reflection) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);

const NO_LIMIT = { take: async () => {}, refund: async () => {} };

interface Claim {
  at: string;
  id: string;
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
  async add(reflection: Reflection, limit: { take: () => Promise<void>; refund: () => Promise<void> } = NO_LIMIT): Promise<Reflection> {
    const words = sameWordsKey(reflection.name, reflection.text);
    // Markers live in 256 buckets (by hash prefix), pruned of expired entries as they are rewritten.
    const bucketKey = `reflections:same-words:${words.slice(0, 2)}`;
    const at = Date.parse(reflection.createdAt);
    const claimOf = (bucket: Claims | null) => bucket?.[words];
    // A claim counts while it is under 30 days old, unless the reflection it was made for never reached
    // its index (a crash between the two): after a minute such a claim is stale and the words are free.
    const isRepeat = async (claim: Claim | undefined) => {
      if (!claim || at - Date.parse(claim.at) >= DUPLICATE_WINDOW_MS) return false;
      if (at - Date.parse(claim.at) < 60_000) return true;
      const hour = (await this.kv.get<Reflection[]>(`reflections:hour:${hourOf(claim.at)}`)) ?? [];
      return hour.some((r) => r.id === claim.id);
    };
    return this.sameWords.run(bucketKey, async () => {
      if (await isRepeat(claimOf(await this.kv.get<Claims>(bucketKey)))) throw repeated();
      await limit.take();
      try {
        // The claim itself is atomic (across processes too, on Redis): another may have won meanwhile.
        await this.kv.update<Claims>(bucketKey, async (bucket) => {
          const previous = claimOf(bucket);
          if (previous && previous.id !== undefined && (await isRepeat(previous))) throw repeated();
          const live = Object.entries(bucket ?? {}).filter(([, claim]) => at - Date.parse(claim.at) < DUPLICATE_WINDOW_MS);
          return Object.fromEntries([...live, [words, { at: reflection.createdAt, id: reflection.id }]]);
        });
      } catch (error) {
        await limit.refund();
        throw error;
      }
      // Each index holds whole reflections (they never change), so every read is one key per page.
      await this.kv.update(`reflections:hour:${hourOf(reflection.createdAt)}`, append(reflection));
      await this.kv.update(`reflections:song:${reflection.song}:${monthOf(reflection.createdAt)}`, append(reflection));
      await this.kv.update<string[]>(`reflections:song-months:${reflection.song}`, (months) => [...new Set([...(months ?? []), monthOf(reflection.createdAt)])].sort());
      await this.kv.update(serviceKey(reflection.service), append(reflection));
      await this.kv.update<Record<string, SongTally>>("reflections:tally", (tally) => {
        const current = tally?.[reflection.song];
        const mostRecent = !current || current.mostRecent.createdAt <= reflection.createdAt ? reflection : current.mostRecent;
        return { ...(tally ?? {}), [reflection.song]: { count: (current?.count ?? 0) + 1, mostRecent } };
      });
      return reflection;
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
    const since = now.getTime() - windowMs;
    const out: Reflection[] = [];
    for (let t = now.getTime(); t >= since - 3600_000 && out.length < limit; t -= 3600_000) {
      const bucket = await this.kv.get<Reflection[]>(`reflections:hour:${hourOf(new Date(t).toISOString())}`);
      if (!bucket) continue;
      // Buckets are appended in time order, so walking one backwards yields newest first.
      for (let i = bucket.length - 1; i >= 0 && out.length < limit; i--) {
        const at = Date.parse(bucket[i].createdAt);
        if (at > since && at <= now.getTime()) out.push(bucket[i]);
      }
    }
    return out.sort(newestFirst);
  }

  /** How many reflections the live feed holds at `now`. */
  async recentCount(now: Date): Promise<number> {
    const since = now.getTime() - LIVE_FEED_MS;
    let count = 0;
    for (let t = now.getTime(); t >= since - 3600_000; t -= 3600_000) {
      for (const r of (await this.kv.get<Reflection[]>(`reflections:hour:${hourOf(new Date(t).toISOString())}`)) ?? []) {
        const at = Date.parse(r.createdAt);
        if (at > since && at <= now.getTime()) count++;
      }
    }
    return count;
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
