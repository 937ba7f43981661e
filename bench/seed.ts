// Seeds a bench data folder with 100,000 reflections over the last 60 days (once), so the reflection
// routes are measured against a long history rather than an empty store.
import { loadLibrary } from "../corpus/library.ts";
import { slotOf, tierOf } from "../planner/time.ts";
import { backendFor, openKeyValueStore } from "../storage/index.ts";
import { ReflectionStore, type Reflection } from "../services/reflections.ts";

const ZONES = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "UTC", "America/Sao_Paulo"];

export async function seedReflections(dataDir: string, count = 100_000): Promise<boolean> {
  // The store the server opens on this folder (SQLite; an old file-per-key folder is imported once).
  const kv = openKeyValueStore(backendFor({ dataDir }));
  if (await kv.get("bench:seeded")) return (await kv.close(), false);
  const library = await loadLibrary(new URL("../corpus/library", import.meta.url).pathname);
  const now = Date.now();
  const reflections: Reflection[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(now - Math.floor(((i * 7919) % count) / count * 60 * 24 * 3600_000));
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
  await new ReflectionStore(kv).importMany(reflections);
  await kv.set("bench:seeded", { count, at: new Date(now).toISOString() });
  await kv.close();
  return true;
}
