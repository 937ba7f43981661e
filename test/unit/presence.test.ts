// Presence over the engine's sorted collection: the 24-hour window, the move of the earlier layout's
// visits (one key per name, or Redis's own sorted set), and a count that follows another process's writes.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openKeyValueStore } from "../../storage/index.ts";
import { SortedCollection } from "../../storage/kv.ts";
import { PRESENCE_WINDOW_MS, PresenceStore, REMEMBERED_NAMES, countReuseMs } from "../../services/presence.ts";
import { storeUnavailable } from "../../storage/store-failure.ts";
import { eventually } from "../helpers/eventually.ts";

const T = Date.parse("2026-11-24T12:00:00Z");
const afterStart = (ms: number) => new Date(T + ms);
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe("presence", () => {
  it("counts unique folded names over the last 24 hours, and drops expired ones", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    const presence = new PresenceStore(kv);
    await presence.load();
    await presence.record("Wren", afterStart(0));
    await presence.record("  WREN ", afterStart(1000));
    await presence.record("Ash", afterStart(2 * 3600_000));
    expect(await presence.count(afterStart(2 * 3600_000))).toBe(2);
    // Wren's last visit (at 0) leaves the window exactly 24 hours later; Ash stays.
    expect(await presence.count(afterStart(PRESENCE_WINDOW_MS))).toBe(1);
    expect(await presence.count(afterStart(PRESENCE_WINDOW_MS + 2 * 3600_000))).toBe(0);
    expect(await kv.sorted("presence").count()).toBe(0);
  });

  it("counts a name once when more new names arrive in a minute than it remembers", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    const presence = new PresenceStore(kv);
    const puts = vi.spyOn(SortedCollection.prototype, "put");
    for (let i = 0; i <= REMEMBERED_NAMES; i++) await presence.record(`visitor ${i}`, afterStart(i % 1000));
    // The first name was remembered and is not written again; the last came after the memory was full, and is.
    const before = puts.mock.calls.length;
    await presence.record("visitor 0", afterStart(2000));
    expect(puts.mock.calls.length).toBe(before);
    expect(await presence.record(`visitor ${REMEMBERED_NAMES}`, afterStart(2000))).toBe(true);
    expect(puts.mock.calls.length).toBe(before + 2);
    puts.mockRestore();
    expect(await presence.count(afterStart(3000))).toBe(REMEMBERED_NAMES + 1);
  });

  it("moves visits kept one key per name into the collection once, leaving damaged ones out", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    await kv.set("presence:aaa", { name: "wren", at: T - 3600_000 });
    await kv.set("presence:bbb", { name: "moss", at: T - PRESENCE_WINDOW_MS - 1 });
    await kv.set("presence:ccc", "not a visit");
    await kv.set("presence:cdd", { name: "ash", at: "an hour ago" });
    const presence = new PresenceStore(kv);
    await presence.load();
    expect(await kv.keys("presence")).toEqual([]);
    expect(await presence.count(afterStart(0))).toBe(1);
    await kv.set("presence:ddd", { name: "late", at: T });
    await new PresenceStore(kv).load();
    expect(await kv.keys("presence")).toEqual(["presence:ddd"]);
  });

  it("counts its own new visitors at once, and another process's once its reused count lapses", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sanctuary-presence-"));
    dirs.push(dir);
    const [a, b] = [0, 1].map(() => openKeyValueStore({ kind: "sqlite", file: join(dir, "state.db") }));
    const [here, there] = [new PresenceStore(a), new PresenceStore(b)];
    await here.record("Wren", afterStart(0));
    expect(await there.count(afterStart(10))).toBe(1);
    expect(await here.count(afterStart(10))).toBe(1);
    await here.record("Ash", afterStart(20));
    await here.record("WREN", afterStart(70_000)); // a visitor already counted adds nothing
    expect(await here.count(afterStart(70_000))).toBe(2);
    // `there` may reuse its count for a moment (half a second), then sees the other process's visitor.
    expect(
      await eventually(
        () => there.count(afterStart(70_000)),
        (n) => n === 2,
      ),
    ).toBe(2);
    await a.close();
    await b.close();
  });

  const redisBase = process.env.SANCTUARY_TEST_REDIS_URL;
  it.skipIf(!redisBase)("moves the earlier Redis sorted set into the collection", async () => {
    const url = `${redisBase!.replace(/\/\d+$/, "")}/6`;
    const client = new Redis(url);
    await client.flushdb();
    await client.zadd("sanctuary:presence:zset", T - 1000, "wren", T - 2000, "ash");
    const kv = openKeyValueStore({ kind: "redis", url });
    const presence = new PresenceStore(kv);
    await presence.load();
    expect(await presence.count(afterStart(0))).toBe(2);
    expect(await client.exists("sanctuary:presence:zset")).toBe(0);
    await kv.close();
    client.disconnect();
  });

  it("reuses a slow count longer, so counting holds the process at most a hundredth of the time", async () => {
    expect(countReuseMs(0.2)).toBe(500);
    expect(countReuseMs(30)).toBe(3000);
    expect(countReuseMs(400)).toBe(5000);
    const kv = openKeyValueStore({ kind: "memory" });
    const presence = new PresenceStore(kv);
    await presence.load();
    await presence.record("Wren", afterStart(0));
    const real = SortedCollection.prototype.count;
    // A count that takes 20 ms (as some 500,000 souls would) is reused for two seconds of the visitors' clock.
    const counts = vi.spyOn(SortedCollection.prototype, "count").mockImplementation(async function (this: SortedCollection<unknown>, range) {
      const started = performance.now();
      while (performance.now() - started < 20);
      return real.call(this, range);
    });
    try {
      expect(await presence.count(afterStart(10))).toBe(1);
      expect(await presence.count(afterStart(1_500))).toBe(1);
      expect(counts).toHaveBeenCalledTimes(1);
      expect(await presence.count(afterStart(6_000))).toBe(1);
      expect(counts).toHaveBeenCalledTimes(2);
    } finally {
      counts.mockRestore();
    }
  });

  it("counts once for many requests at once, whichever order their clocks were read in", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    const presence = new PresenceStore(kv);
    await presence.load();
    for (let i = 0; i < 50; i++) await presence.record(`Visitor ${i}`, afterStart(-60_000 - i * 1000));
    const counts = vi.spyOn(SortedCollection.prototype, "count");
    try {
      // Twenty concurrent requests, their instants a few milliseconds apart and out of order.
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => presence.count(afterStart(((i * 7) % 20) - 10))));
      expect(answers).toEqual(Array(20).fill(50));
      expect(counts).toHaveBeenCalledTimes(1);
      // A new visitor is in the next answer at once, still without a new full count.
      await presence.record("Late", afterStart(5));
      expect(await presence.count(afterStart(6))).toBe(51);
      expect(counts).toHaveBeenCalledTimes(1);
    } finally {
      counts.mockRestore();
    }
  });

  it("still counts on its first count while the store refuses writes (a full disk): pruning waits, the window is read", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    const presence = new PresenceStore(kv);
    await presence.load();
    await presence.record("Wren", afterStart(-1000));
    const prune = vi.spyOn(SortedCollection.prototype, "removeRange").mockRejectedValue(storeUnavailable("disk full"));
    try {
      expect(await presence.count(afterStart(0))).toBe(1);
      expect(prune).toHaveBeenCalledTimes(1);
    } finally {
      prune.mockRestore();
    }
  });
});
