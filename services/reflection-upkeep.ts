// The reflections' upkeep, outside any visitor's request: finishing reflections a crash left half written, building
// the sorted indexes from the earlier layout once, and bulk imports. Each takes the store and `wrote`, which counts
// a write of reflections for every process (reflections.ts).
import { z } from "zod";
import { keyFamily } from "../storage/key-family.ts";
import type { KeyValueStore } from "../storage/kv.ts";
import { CLAIMS, Reflection, TALLY, TALLY_KEY, bucketOf, indexReflection, songIndex, tallied } from "./reflection-records.ts";

/** Set once the sorted indexes were built from the per-month lists of the earlier layout. */
const REBUILT = "migrations:reflections-sorted";
/** The earlier layout's lists, read as missing when unreadable: the rebuild passes such a list over. */
const SONG_MONTHS = keyFamily("list of a song's months (earlier layout)", z.array(z.string()), { ifCorrupt: "missing" });
const MONTH_LIST = keyFamily("list of a song's reflections in a month (earlier layout)", z.array(z.unknown()), { ifCorrupt: "missing" });

/** Counts a write of reflections (every process's readers then read again). */
type Wrote = () => Promise<void>;

/**
 * After a crash: finish every reflection that was claimed (so its sender was told it was received, or, its store
 * gone before it answered, that it may have been)
 * but whose indexes or tally were not all written, and recount those songs from their archives.
 * With other processes writing, claims younger than `minAgeMs` may be theirs in flight: left alone.
 */
export async function repairReflections(kv: KeyValueStore, wrote: Wrote, now: Date, minAgeMs: number): Promise<number> {
  let repaired = 0;
  for (let i = 0; i < 256; i++) {
    const bucketKey = bucketOf(i.toString(16).padStart(2, "0"));
    const bucket = await kv.read(CLAIMS, bucketKey);
    for (const [words, claim] of Object.entries(bucket ?? {})) {
      if (!claim.reflection || now.getTime() - Date.parse(claim.at) < minAgeMs) continue;
      await indexReflection(kv, claim.reflection);
      await recount(kv, claim.reflection.song);
      await kv.updateChecked(CLAIMS, bucketKey, (b) => (b?.[words]?.id === claim.id ? { ...b, [words]: { at: claim.at, id: claim.id } } : (b ?? {})));
      repaired++;
    }
  }
  if (repaired) await wrote();
  return repaired;
}

/** A song's tally worked out again from its archive: an index count and its newest entry. */
async function recount(kv: KeyValueStore, song: string): Promise<void> {
  const archive = kv.sorted<Reflection>(songIndex(song));
  const [count, [newest]] = await Promise.all([archive.count(), archive.range({ order: "desc", limit: 1 })]);
  await kv.updateChecked(TALLY, TALLY_KEY, (tally) => {
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
export async function rebuildReflections(kv: KeyValueStore, wrote: Wrote): Promise<number> {
  if (await kv.get(REBUILT)) return 0;
  let rebuilt = 0;
  for (const key of await kv.keys("reflections:song-months")) {
    const song = key.slice("reflections:song-months:".length);
    for (const month of (await kv.read(SONG_MONTHS, key)) ?? []) {
      const list = (await kv.read(MONTH_LIST, `reflections:song:${song}:${month}`)) ?? [];
      // Entry by entry, so one damaged reflection does not take its month's others with it; only what was
      // readable is counted (the log's "rebuilt" says how many reflections visitors will see).
      const readable = list.flatMap((r) => {
        const checked = Reflection.safeParse(r);
        return checked.success && checked.data.song === song ? [checked.data] : [];
      });
      await putAll(kv, wrote, readable);
      rebuilt += readable.length;
    }
  }
  await kv.set(REBUILT, { at: new Date().toISOString(), reflections: rebuilt });
  return rebuilt;
}

/**
 * Bulk load (migrations, load tests): indexes in large batches and writes the tally once.
 * Meant for a store no server is using at the same time; duplicates are not checked.
 */
export async function importReflections(kv: KeyValueStore, wrote: Wrote, reflections: Reflection[]): Promise<void> {
  await putAll(kv, wrote, reflections);
  const sorted = [...reflections].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
  await kv.updateChecked(TALLY, TALLY_KEY, (tally) => {
    const out = { ...(tally ?? {}) };
    // Batches of an import need not come in time order: each is weighed against the tally kept so far.
    for (const r of sorted) out[r.song] = tallied(out[r.song], r);
    return out;
  });
  // A fresh store has nothing in the earlier layout to rebuild from.
  if (!(await kv.get(REBUILT))) await kv.set(REBUILT, { at: new Date().toISOString(), reflections: 0 });
}

/** Index puts issued together in chunks, so an engine that batches writes commits many at once. */
async function putAll(kv: KeyValueStore, wrote: Wrote, reflections: Reflection[]): Promise<void> {
  for (let i = 0; i < reflections.length; i += 2000) await Promise.all(reflections.slice(i, i + 2000).map((r) => indexReflection(kv, r)));
  if (reflections.length) await wrote();
}
