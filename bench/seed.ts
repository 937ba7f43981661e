// Seeds a bench data folder once, so routes are measured against a long history rather than an empty store:
// reflections spread over the last 60 days (100,000 by default) and visitors over the last 24 hours.
// The scale: `node --import tsx bench/seed.ts --data-dir .bench/large --reflections 1000000 --presence 200000`
// (or `npm run bench -- --large`).
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { loadLibrary } from "../corpus/library.ts";
import { slotOf, tierOf } from "../planner/time.ts";
import { backendFor, openKeyValueStore } from "../storage/index.ts";
import type { KeyValueStore } from "../storage/kv.ts";
import { keyFamily } from "../storage/key-family.ts";
import { z } from "zod";
import { ReflectionStore, type Reflection } from "../services/reflections.ts";
import { PRESENCE_WINDOW_MS } from "../services/presence.ts";

const ZONES = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "UTC", "America/Sao_Paulo"];
/** Written and indexed this many at a time, so a million never sit in memory at once. */
const CHUNK = 20_000;

export interface SeedSize {
  reflections: number;
  presence: number;
}

/** Where a seeded folder keeps what it was given (written last, so a folder seeded halfway is seeded again). */
const SEEDED_KEY = "bench:seeded";
const SEEDED = keyFamily("bench seed", z.object({ reflections: z.number(), presence: z.number(), at: z.string() }), { ifCorrupt: "missing" });

/** Seeds `dataDir` unless it was seeded already; true when it wrote. */
export async function seedReflections(dataDir: string, size: SeedSize = { reflections: 100_000, presence: 0 }): Promise<boolean> {
  // The store the server opens on this folder (SQLite; an old file-per-key folder is imported once).
  const kv = openKeyValueStore(backendFor({ dataDir }));
  if (await kv.get(SEEDED_KEY)) return (await kv.close(), false);
  const library = await loadLibrary(new URL("../corpus/library", import.meta.url).pathname);
  const store = new ReflectionStore(kv);
  const now = Date.now();
  const count = size.reflections;
  for (let start = 0; start < count; start += CHUNK) {
    const reflections: Reflection[] = [];
    for (let i = start; i < Math.min(count, start + CHUNK); i++) {
      const at = new Date(now - Math.floor((((i * 7919) % count) / count) * 60 * 24 * 3600_000));
      const zone = ZONES[i % ZONES.length];
      const position = slotOf(at, zone);
      reflections.push({
        id: `bench-${i}`,
        name: `Bench visitor ${i % 5000}`,
        text: `A reflection left for the load test, number ${i}, about the light in the afternoon.`,
        song: library.songs[i % library.songs.length].slug,
        timezone: zone,
        location: null,
        createdAt: at.toISOString(),
        service: { date: position.date, slotIndex: position.slotIndex, tier: tierOf(zone) },
      });
    }
    await store.importMany(reflections);
  }
  await writeVisitors(kv, size.presence, now);
  // A fresh folder has no earlier layout to move: mark presence as moved so a start does not look for one.
  await kv.set("migrations:presence-sorted", { at: new Date(now).toISOString() });
  await kv.set(SEEDED_KEY, { ...size, at: new Date(now).toISOString() });
  await kv.close();
  return true;
}

/** `count` visitors ("bench visitor N"), their last visits spread over the 24 hours before `now` less an hour. */
async function writeVisitors(kv: KeyValueStore, count: number, now: number): Promise<void> {
  const visits = kv.sorted<null>("presence");
  for (let start = 0; start < count; start += CHUNK) {
    const end = Math.min(count, start + CHUNK);
    await Promise.all(
      Array.from({ length: end - start }, (_, k) =>
        visits.put(`bench visitor ${start + k}`, now - Math.floor(((start + k) / count) * (PRESENCE_WINDOW_MS - 3600_000)), null),
      ),
    );
  }
}

/**
 * Puts a seeded folder's visitors back as seeded, their visits moved up to `now`: every run's attend rounds add their
 * new names, 5.2 million in a day of runs on 2026-12-05, and counting them held the measured server's event loop for
 * 145 ms every 5 s; a large folder's seeded visitors would have left the 24-hour window a day after seeding. So each
 * trial starts from the same presence. Only while no server has the folder open (a server keeps what it counted).
 */
export async function resetPresence(dataDir: string, now = Date.now()): Promise<{ removed: number; visitors: number }> {
  const kv = openKeyValueStore(backendFor({ dataDir }));
  try {
    const visitors = (await kv.read(SEEDED, SEEDED_KEY))?.presence ?? 0;
    const removed = await kv.sorted<null>("presence").removeRange({});
    await writeVisitors(kv, visitors, now);
    return { removed, visitors };
  } finally {
    await kv.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: {
      "data-dir": { type: "string", default: ".bench/large" },
      reflections: { type: "string", default: "1000000" },
      presence: { type: "string", default: "200000" },
    },
  });
  const started = performance.now();
  const size = { reflections: Number(values.reflections), presence: Number(values.presence) };
  const wrote = await seedReflections(values["data-dir"]!, size);
  console.log(
    wrote
      ? `seeded ${JSON.stringify(size)} into ${values["data-dir"]} in ${((performance.now() - started) / 1000).toFixed(1)} s`
      : `${values["data-dir"]} was seeded already`,
  );
}
