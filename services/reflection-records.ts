// What a stored reflection is and where it lives: its schema, the keys of its indexes, the same-words claims that
// make a repeat a 409, the songs' tally and the count of reflection writes every reader checks (WRITTEN). Pure
// rules and key names; the store (reflections.ts), its archive reads (reflection-archive.ts) and its upkeep
// (reflection-upkeep.ts) share them.
import { createHash } from "node:crypto";
import { z } from "zod";
import { conflict } from "../core/errors.ts";
import { foldText, nameKey } from "../core/text.ts";
import { keyFamily } from "../storage/key-family.ts";
import type { KeyValueStore } from "../storage/kv.ts";

export const Reflection = z.object({
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

/**
 * Same words from the same name: the name by its key (nameKey: look-alikes are one name), the words trimmed,
 * whitespace collapsed, case-folded (docs/behaviour.md §8).
 */
export function sameWordsKey(name: string, text: string): string {
  return createHash("sha256")
    .update(`${nameKey(name)}\u0000${foldText(text)}`)
    .digest("hex")
    .slice(0, 40);
}

export const LIVE = "reflections:live";
export const songIndex = (slug: string) => `reflections:song:${slug}`;
export const serviceIndex = (s: Reflection["service"]) => `reflections:service:${s.date}:${s.slotIndex}:${s.tier}`;
/**
 * Counts every change to the reflections (any process). Readers that cache on the engine's change counter,
 * which moves with every write of any kind (an attend writes presence), check this one key before reading
 * the live feed again: one point read instead of a range read under a steady stream of visitors.
 */
export const WRITTEN = "reflections:written";
export const TALLY_KEY = "reflections:tally";
/** The reflections of index entries; a damaged entry (read as missing) is left out rather than failing the page. */
export const values = (entries: Array<{ value: Reflection | null }>) => entries.flatMap((e) => (e.value && typeof e.value === "object" ? [e.value] : []));

const Claim = z.object({
  at: z.string(),
  id: z.string(),
  /** Present until every index holds the reflection (see repairReflections in reflection-upkeep.ts). */
  reflection: Reflection.optional(),
});
export type Claim = z.infer<typeof Claim>;
export type Claims = Record<string, Claim>;

/**
 * What the store reads back, checked. Claims and the write counter are read as missing when unreadable (a bucket of
 * claims is no bucket: the same words are taken again); a tally that cannot be read is refused (500, logged) rather
 * than shown as no reflections.
 */
export const CLAIMS = keyFamily("bucket of same-words claims", z.record(z.string(), Claim), { ifCorrupt: "missing" });
export const WRITTEN_COUNT = keyFamily("count of reflection writes", z.number(), { ifCorrupt: "missing" });
export const TALLY = keyFamily("tally of reflections per song", z.record(z.string(), SongTally));

/** Markers live in 256 buckets (by hash prefix), pruned of expired entries as they are rewritten. */
export const bucketOf = (words: string) => `reflections:same-words:${words.slice(0, 2)}`;
/** Whether a claim still makes words left at `at` a repeat. */
export const stillClaims = (claim: Claim | undefined, at: number) => claim !== undefined && at - Date.parse(claim.at) < DUPLICATE_WINDOW_MS;

export const repeated = () =>
  conflict("These same words from the same name were already received in the last 30 days.", {
    suggestion: "Your reflection is safe and already shared; there is no need to send it again. If something new has come to you, you are welcome to write it.",
  });

/**
 * Writes a reflection into every index. Each index is a sorted collection scored by the time it was
 * left and holding the whole reflection (it never changes), so a put is an upsert by id and every read
 * is one index range walk: the live feed, a song's archive, a service's reflections.
 */
export async function indexReflection(kv: KeyValueStore, reflection: Reflection): Promise<void> {
  const at = Date.parse(reflection.createdAt);
  await Promise.all(
    [LIVE, songIndex(reflection.song), serviceIndex(reflection.service)].map((name) => kv.sorted<Reflection>(name).put(reflection.id, at, reflection)),
  );
}
