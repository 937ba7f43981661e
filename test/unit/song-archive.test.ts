// A song's archive read a page at a time (ReflectionStore.songPage and its cursor): every reflection once, in the
// archive's order, whatever the page size, over each engine, including reflections left in the same millisecond
// on either side of a page's end, which a cursor of time alone would repeat or skip.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { UNSTORAGE_DRIVERS, backendFor, openKeyValueStore, type StorageBackend } from "../../storage/index.ts";
import { ReflectionStore, type Reflection } from "../../services/reflections.ts";
import { cursorOf, isAfter, placeOf } from "../../services/archive-cursor.ts";
import { eventually } from "../helpers/eventually.ts";

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const SONG = "a-day-with-nothing-in-it";
const T = Date.parse("2026-11-24T12:00:00Z");
// Nineteen reflections: r03–r16 in one millisecond (an import can file several at once), the rest a second apart. More
// ties than a page reads beyond its limit, so a page deep among them must read again.
const times = [0, 1, 2, ...Array<number>(14).fill(3), 4, 5].map((s) => T + s * 1000);
const COUNT = times.length;
const reflectionAt = (at: number, i: number): Reflection => ({
  id: `r${String(i).padStart(2, "0")}`,
  name: `Visitor ${i}`,
  text: `Words left on the song, number ${i}, in the archive.`,
  song: SONG,
  timezone: "UTC",
  location: null,
  createdAt: new Date(at).toISOString(),
  service: { date: "2026-11-24", slotIndex: 3, tier: "north" },
});

const backends: Array<[string, () => Promise<StorageBackend>]> = [
  ["memory", async () => ({ kind: "memory" })],
  ["unstorage:memory", async () => ({ kind: "unstorage", label: "unstorage:memory", driver: UNSTORAGE_DRIVERS.memory })],
  [
    "sqlite",
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "sanctuary-archive-"));
      dirs.push(dir);
      return backendFor({ dataDir: dir });
    },
  ],
];

describe.each(backends)("a song's archive by pages (%s)", (_label, backend) => {
  it("gives every reflection once, newest first, for every page size", async () => {
    const store = new ReflectionStore(openKeyValueStore(await backend()));
    await store.importMany(times.map(reflectionAt));
    const whole = (await store.songPage(SONG)).reflections.map((r) => r.id);
    expect(whole).toEqual(Array.from({ length: COUNT }, (_, i) => `r${String(COUNT - 1 - i).padStart(2, "0")}`));
    expect(await store.songCount(SONG)).toBe(COUNT);
    for (const limit of [1, 2, 3, 4, 5, 9, 18, 19, 20]) {
      const walked: string[][] = [];
      let after = undefined as ReturnType<typeof placeOf> | undefined;
      do {
        // Through the cursor's text, as a reader's next request carries it.
        const page = await store.songPage(SONG, limit, after ?? undefined);
        walked.push(page.reflections.map((r) => r.id));
        after = page.older && placeOf(cursorOf(page.older));
      } while (after);
      expect(walked.flat(), `limit ${limit}`).toEqual(whole);
      expect(walked.length, `limit ${limit}`).toBe(Math.ceil(COUNT / limit));
      expect(walked.slice(0, -1).every((p) => p.length === limit)).toBe(true);
    }
  });

  it("keeps a page, a count and the tally read until a reflection is written, here or by another store on the same data", async () => {
    const opened = await backend();
    const kv = openKeyValueStore(opened);
    const store = new ReflectionStore(kv);
    await store.importMany(times.slice(0, 3).map(reflectionAt));
    const first = await store.songPage(SONG);
    expect(await store.songPage(SONG)).toBe(first);
    expect(Object.isFrozen(first.reflections)).toBe(true);
    const service = reflectionAt(T, 0).service;
    const counted = async () => [await store.songCount(SONG), await store.serviceCount(service), (await store.tally())[SONG]?.count];
    expect(await counted()).toEqual([3, 3, 3]);
    await store.add(reflectionAt(T + 60_000, 40));
    expect((await store.songPage(SONG)).reflections.map((r) => r.id)).toEqual(["r40", "r02", "r01", "r00"]);
    expect(await counted()).toEqual([4, 4, 4]);
    // Another process's store: on SQLite another connection to the same file (seen within its read cache's 50 ms);
    // in memory, another store over the same data.
    const other = new ReflectionStore(opened.kind === "sqlite" ? openKeyValueStore(opened) : kv);
    await other.add(reflectionAt(T + 120_000, 41));
    const seen = await eventually(
      () => store.songPage(SONG),
      (page) => page.reflections[0]?.id === "r41",
    );
    expect(seen.reflections).toHaveLength(5);
    expect(await counted()).toEqual([5, 5, 5]);
    expect((await store.tally())[SONG].mostRecent.id).toBe("r41");
  });

  it("an empty archive is one empty page", async () => {
    const store = new ReflectionStore(openKeyValueStore(await backend()));
    expect(await store.songPage(SONG, 5)).toEqual({ reflections: [], older: null });
    expect(await store.songCount(SONG)).toBe(0);
  });
});

describe("an archive cursor", () => {
  it("names the place it was made from, and nothing else", () => {
    const place = { at: T, id: "3f0c9a52-1b7e-4c1e-9a53-0b9f0d1c2e3f" };
    expect(placeOf(cursorOf(place))).toEqual(place);
    const cursor = cursorOf(place);
    // Typed wrong, padded, with bits past its end set (decoded alike, never written so), too long, or no id: no place.
    const spare = Buffer.from("12:ab").toString("base64url");
    expect(spare).toBe("MTI6YWI");
    for (const wrong of ["", "nope!", `${cursor}=`, "MTI6YWJ", "x".repeat(161), Buffer.from("12:").toString("base64url")]) {
      expect(placeOf(wrong), wrong).toBeNull();
    }
    expect(placeOf(Buffer.from(`${T}:a\u0000b`).toString("base64url"))).toBeNull();
    expect(placeOf(spare)).toEqual({ at: 12, id: "ab" });
  });

  it("orders newest first, ties by id", () => {
    const place = { at: T, id: "r05" };
    expect(isAfter({ score: T - 1, member: "r99" }, place)).toBe(true);
    expect(isAfter({ score: T, member: "r04" }, place)).toBe(true);
    expect(isAfter({ score: T, member: "r05" }, place)).toBe(false);
    expect(isAfter({ score: T, member: "r06" }, place)).toBe(false);
    expect(isAfter({ score: T + 1, member: "r00" }, place)).toBe(false);
  });
});
