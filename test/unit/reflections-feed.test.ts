// The live feed's cache: reused while only other kinds of writes happen (a stream of attends writes
// presence, which moves the engine's change counter), reread as soon as a reflection is written, by this
// process or another one on the same data folder.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import { backendFor, openKeyValueStore } from "../../storage/index.ts";
import { ReflectionStore, type Reflection } from "../../services/reflections.ts";
import { PresenceStore } from "../../services/presence.ts";
import { eventually } from "../helpers/eventually.ts";

const T = Date.parse("2026-11-24T12:00:00Z");
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const numberedReflection = (i: number): Reflection => ({
  id: `r${i}`,
  name: `Visitor ${i}`,
  text: `Words left in the live feed, number ${i}, about the morning.`,
  song: "a-day-with-nothing-in-it",
  timezone: "UTC",
  location: null,
  createdAt: new Date(T - 60_000 + i).toISOString(),
  service: { date: "2026-11-24", slotIndex: 3, tier: "north" },
});

it("keeps the feed it read while only presence is written, and shows a reflection from another process at once", async () => {
  const dir = await mkdtemp(join(tmpdir(), "sanctuary-feed-"));
  dirs.push(dir);
  const [kvA, kvB] = [openKeyValueStore(backendFor({ dataDir: dir })), openKeyValueStore(backendFor({ dataDir: dir }))];
  try {
    const [a, b] = [new ReflectionStore(kvA), new ReflectionStore(kvB)];
    const presence = new PresenceStore(kvA);
    await presence.load();
    await a.add(numberedReflection(1));
    const now = new Date(T);
    const first = await a.recent(now, 20);
    expect(first.map((r) => r.id)).toEqual(["r1"]);
    for (let i = 0; i < 5; i++) await presence.record(`Someone ${i}`, now);
    // Same answer object: the presence writes did not cost a reread.
    expect(await a.recent(now, 20)).toBe(first);
    await b.add(numberedReflection(2));
    // The other process's write is seen once the engine re-checks its change counter (every 50 ms or so).
    const ids = async () => (await a.recent(now, 20)).map((r) => r.id);
    expect(await eventually(ids, (seen) => seen.length === 2)).toEqual(["r2", "r1"]);
    await a.add(numberedReflection(3));
    expect((await a.recent(now, 20)).map((r) => r.id)).toEqual(["r3", "r2", "r1"]);
  } finally {
    await Promise.all([kvA.close(), kvB.close()]);
  }
});

it("reuses the feed without asking the store for 50 ms, and rereads at once after this process's own reflection", async () => {
  const dir = await mkdtemp(join(tmpdir(), "sanctuary-feed-"));
  dirs.push(dir);
  const kv = openKeyValueStore(backendFor({ dataDir: dir }));
  // The recheck window's clock, moved by hand: a slow machine must not decide what the test sees.
  let clock = 1_000;
  const monotonic = vi.spyOn(performance, "now").mockImplementation(() => clock);
  try {
    const store = new ReflectionStore(kv);
    await store.add(numberedReflection(1));
    const now = new Date(T);
    const first = await store.recent(now, 20);
    const asked = vi.spyOn(kv, "changeCounter");
    clock += 49;
    expect(await store.recent(now, 20)).toBe(first);
    // An attend in the same turn asks nothing: two reads each, and two round trips on Redis, before.
    expect(asked).not.toHaveBeenCalled();
    clock += 2;
    expect(await store.recent(now, 20)).toBe(first);
    expect(asked).toHaveBeenCalledTimes(1);
    await store.add(numberedReflection(2));
    // Within the window, and still seen: this process's own write is known without asking.
    expect((await store.recent(now, 20)).map((r) => r.id)).toEqual(["r2", "r1"]);
  } finally {
    monotonic.mockRestore();
    await kv.close();
  }
});

it("keeps each song's latest reflection when an import's batches come out of time order", async () => {
  const dir = await mkdtemp(join(tmpdir(), "sanctuary-import-"));
  dirs.push(dir);
  const kv = openKeyValueStore(backendFor({ dataDir: dir }));
  try {
    const store = new ReflectionStore(kv);
    // The newer batch first, as a loader of chunks whose times interleave may send them.
    await store.importMany([numberedReflection(30), numberedReflection(20)]);
    await store.importMany([numberedReflection(10), numberedReflection(25)]);
    const tally = (await store.tally())["a-day-with-nothing-in-it"];
    expect(tally.count).toBe(4);
    expect(tally.mostRecent.id).toBe("r30");
    expect((await store.songPage("a-day-with-nothing-in-it")).reflections[0].id).toBe("r30");
  } finally {
    await kv.close();
  }
});
