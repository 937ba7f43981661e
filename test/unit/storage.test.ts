// One contract suite over every storage engine: memory, SQLite (the default), unstorage (memory and fs
// drivers), and Redis when SANCTUARY_TEST_REDIS_URL names one. Two stores on one SQLite file or one Redis
// stand for two processes; the unstorage engine is for one process, so it skips those cases.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { backendFor, openKeyValueStore, UNSTORAGE_DRIVERS, type KeyValueStore, type StorageBackend } from "../../storage/index.ts";
import type { SqliteEngine } from "../../storage/sqlite-engine.ts";

const dir = await mkdtemp(join(tmpdir(), "sanctuary-kv-"));
const backends: Array<[string, StorageBackend]> = [
  ["memory", { kind: "memory" }],
  ["sqlite", { kind: "sqlite", file: join(dir, "state.db") }],
  ["unstorage:memory", { kind: "unstorage", label: "unstorage:memory", driver: UNSTORAGE_DRIVERS.memory }],
  ["unstorage:fs", backendFor({ dataDir: dir, storage: "unstorage:fs" })],
];
if (process.env.SANCTUARY_TEST_REDIS_URL) backends.push(["redis", { kind: "redis", url: process.env.SANCTUARY_TEST_REDIS_URL }]);

const opened: KeyValueStore[] = [];
const openStore = (backend: StorageBackend) => opened[opened.push(openKeyValueStore(backend)) - 1];
afterAll(async () => {
  await Promise.all(opened.map((kv) => kv.close()));
  await rm(dir, { recursive: true, force: true });
});

describe.each(backends)("KeyValueStore on %s", (name, backend) => {
  const kv = openStore(backend);
  const prefix = `contract-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const shared = name === "sqlite" || name === "redis";

  it("stores and reads JSON values, and absent keys read as null", async () => {
    await kv.set(`${prefix}:a`, { n: 1, list: ["x"], nested: { ok: true } });
    expect(await kv.get(`${prefix}:a`)).toEqual({ n: 1, list: ["x"], nested: { ok: true } });
    await kv.set(`${prefix}:text`, "42");
    expect(await kv.get(`${prefix}:text`)).toBe("42");
    expect(await kv.get(`${prefix}:missing`)).toBeNull();
  });

  it("serializes concurrent updates of one key: no increment is lost", async () => {
    await Promise.all(Array.from({ length: 50 }, () => kv.update<number>(`${prefix}:counter`, (n) => (n ?? 0) + 1)));
    expect(await kv.get(`${prefix}:counter`)).toBe(50);
  });

  it("applies asynchronous changes one at a time, and a change that throws writes nothing", async () => {
    await Promise.all(Array.from({ length: 20 }, () => kv.update<number>(`${prefix}:async`, async (n) => (await Promise.resolve(), (n ?? 0) + 1))));
    expect(await kv.get(`${prefix}:async`)).toBe(20);
    await expect(kv.update(`${prefix}:async`, () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    await expect(
      kv.update(`${prefix}:async`, () => {
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await kv.get(`${prefix}:async`)).toBe(20);
  });

  it("never makes an update of one key wait for a slow update of another", async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const slow = kv.update<number>(`${prefix}:slow`, async () => (await gate, 1));
    // Before the fix, Redis updates shared one WATCH lock per process: this one waited for the gate.
    expect(await kv.update<number>(`${prefix}:quick`, () => 2)).toBe(2);
    expect(await kv.increment(`${prefix}:quick-count`)).toBe(1);
    release();
    expect(await slow).toBe(1);
  });

  it("setIfAbsent lets exactly one of many concurrent writers win", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => kv.setIfAbsent(`${prefix}:first`, { writer: i })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const winner = results.find((r) => r.created)!.value;
    for (const r of results) expect(r.value).toEqual(winner);
    expect(await kv.get(`${prefix}:first`)).toEqual(winner);
  });

  it("counts atomically: concurrent increments return distinct numbers and the key reads as the total", async () => {
    const numbers = await Promise.all(Array.from({ length: 30 }, () => kv.increment(`${prefix}:numbers`)));
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await kv.get(`${prefix}:numbers`)).toBe(30);
    expect(await kv.increment(`${prefix}:numbers`, 5)).toBe(35);
    await kv.update<number>(`${prefix}:numbers`, (n) => n! + 1);
    expect(await kv.increment(`${prefix}:numbers`)).toBe(37);
    await kv.set(`${prefix}:not-a-number`, { n: 1 });
    await expect(kv.increment(`${prefix}:not-a-number`)).rejects.toThrow();
    expect(await kv.get(`${prefix}:not-a-number`)).toEqual({ n: 1 });
  });

  it("lists the keys under a prefix (not beside it) and removes them", async () => {
    await kv.set(`${prefix}:list:one`, 1);
    await kv.set(`${prefix}:list:two`, 2);
    await kv.set(`${prefix}:listing`, 3);
    expect(await kv.keys(`${prefix}:list`)).toEqual([`${prefix}:list:one`, `${prefix}:list:two`]);
    await kv.remove(`${prefix}:list:one`);
    expect(await kv.get(`${prefix}:list:one`)).toBeNull();
    expect(await kv.keys(`${prefix}:list`)).toEqual([`${prefix}:list:two`]);
  });

  it("keeps keys that were unsafe as file paths distinct and readable", async () => {
    await kv.set(`${prefix}:..:escape`, 1);
    await kv.set(`${prefix}:a/../b`, 2);
    expect(await kv.get(`${prefix}:..:escape`)).toBe(1);
    expect(await kv.get(`${prefix}:a/../b`)).toBe(2);
  });

  it("reads a sorted collection in score order, by range, either way, with a limit", async () => {
    const feed = kv.sorted<{ text: string }>(`${prefix}:feed`);
    for (const [member, at] of [
      ["c", 300],
      ["a", 100],
      ["b", 200],
      ["d", 400],
      ["e", 200],
    ] as const)
      await feed.put(member, at, { text: `at ${at}` });
    expect((await feed.range()).map((e) => e.member)).toEqual(["a", "b", "e", "c", "d"]);
    expect((await feed.range({ from: 200, to: 300, order: "desc" })).map((e) => e.member)).toEqual(["c", "e", "b"]);
    expect(await feed.range({ from: 201, order: "desc", limit: 1 })).toEqual([{ member: "d", score: 400, value: { text: "at 400" } }]);
    expect(await feed.count({ from: 200, to: 300 })).toBe(3);
    expect(await feed.count()).toBe(5);
    expect(await kv.keys(`${prefix}:feed`)).toEqual([]);
  });

  it("replaces a member, keeps the higher score when asked, and removes by member and by range", async () => {
    const seen = kv.sorted<string>(`${prefix}:presence`);
    expect(await seen.put("wren", 1_000, "first")).toBe(true);
    expect(await seen.put("wren", 500, "older", { onlyIfHigher: true })).toBe(false);
    expect(await seen.put("wren", 2_000, "later", { onlyIfHigher: true })).toBe(true);
    expect(await seen.put("ash", 1_500, "ash")).toBe(true);
    expect(await seen.range()).toEqual([
      { member: "ash", score: 1_500, value: "ash" },
      { member: "wren", score: 2_000, value: "later" },
    ]);
    expect(await seen.removeRange({ to: 1_500 })).toBe(1);
    expect(await seen.remove("wren")).toBe(true);
    expect(await seen.remove("wren")).toBe(false);
    expect(await seen.count()).toBe(0);
  });

  it("answers puts and removes sent in one turn as one at a time would, and ends with the same rows", async () => {
    // SQLite writes a turn's puts of one member once, and reads and writes a turn's members together through a
    // JSON list (storage/sqlite-sorted-puts.ts): a visit sends two. Members with characters JSON escapes, and
    // scores a JSON list would not carry exactly (fractions, whose last bit SQLite's parsing may change).
    const visits = kv.sorted<number>(`${prefix}:turn`);
    const members = ["wren", "ash", "oak", 'a "quoted" \\ name', "ünï ☼ 🕯", "nul\u0000inside", "line\nbreak"];
    const scores = [0, 3, 5, 1_764_000_000_000, 1_763_913_600_000.5, 0.1 + 0.2, -2.5e-21];
    type Op = { member: string; score: number; higher: boolean } | { member: string; remove: true };
    // A fixed walk with ties, lower and higher scores, unconditional puts and removes in between.
    const ops: Op[] = Array.from({ length: 210 }, (_, i) => {
      const member = members[(i * 5) % members.length];
      return i % 23 === 5 ? { member, remove: true } : { member, score: scores[(i * 37) % scores.length], higher: i % 4 !== 0 };
    });
    const model = new Map<string, { score: number; value: number }>();
    const expected = ops.map((op, i) => {
      if ("remove" in op) return model.delete(op.member);
      const old = model.get(op.member);
      if (op.higher && old && !(op.score > old.score)) return false;
      model.set(op.member, { score: op.score, value: i });
      return true;
    });
    const answers = await Promise.all(
      ops.map((op, i) => ("remove" in op ? visits.remove(op.member) : visits.put(op.member, op.score, i, { onlyIfHigher: op.higher }))),
    );
    expect(answers).toEqual(expected);
    const rows = (await visits.range()).map(({ member, score, value }) => [member, score, value]);
    expect(rows.sort()).toEqual([...model].map(([member, { score, value }]) => [member, score, value]).sort());
  });

  it("moves the change counter on every kind of write", async () => {
    let last = await kv.changeCounter();
    const writes = [
      () => kv.set(`${prefix}:signal`, 1),
      () => kv.update<number>(`${prefix}:signal`, (n) => n! + 1),
      () => kv.increment(`${prefix}:signal`),
      () => kv.remove(`${prefix}:signal`),
      () => kv.sorted(`${prefix}:signal`).put("m", 1, null),
    ];
    for (const write of writes) {
      await write();
      const now = await kv.changeCounter();
      expect(now).not.toBe(last);
      last = now;
    }
  });

  if (shared) {
    it("stays atomic across two stores on one database, as two processes would be", async () => {
      const other = openStore(backend);
      const stores = [kv, other];
      await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2].update<number>(`${prefix}:shared-counter`, async (n) => (n ?? 0) + 1)));
      await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2].update<number>(`${prefix}:shared-counter`, (n) => (n ?? 0) + 1)));
      expect(await other.get(`${prefix}:shared-counter`)).toBe(80);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => stores[i % 2].setIfAbsent(`${prefix}:shared-first`, { writer: i })));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      const numbers = await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2].increment(`${prefix}:shared-numbers`)));
      expect(new Set(numbers).size).toBe(40);
    });

    // How soon (a cached read lives half a second) is the bench's figure; this waits on the condition.
    it("shows one store's writes to the other's reads, cached or not, and moves its change counter", async () => {
      const other = openStore(backend);
      await kv.set(`${prefix}:seen`, "before");
      expect(await other.get(`${prefix}:seen`)).toBe("before");
      const signal = await other.changeCounter();
      await kv.set(`${prefix}:seen`, "after");
      await expect.poll(() => other.changeCounter(), { timeout: 15_000 }).not.toBe(signal);
      await expect.poll(() => other.get(`${prefix}:seen`), { timeout: 15_000 }).toBe("after");
      await kv.remove(`${prefix}:seen`);
      await expect.poll(() => other.get(`${prefix}:seen`), { timeout: 15_000 }).toBeNull();
      // A read-modify-write never works from a stale copy, however recent the cached read was.
      await kv.set(`${prefix}:seen`, 10);
      expect(await other.update<number>(`${prefix}:seen`, (n) => (n ?? 0) + 1)).toBe(11);
      await expect.poll(() => kv.get(`${prefix}:seen`), { timeout: 15_000 }).toBe(11);
    });
  }

  if (name === "sqlite") {
    it("reads a damaged value as missing instead of failing", async () => {
      (kv.engine as SqliteEngine).db.prepare("INSERT INTO kv (key, value, version) VALUES (?, ?, 1)").run(`${prefix}:damaged`, '{"half": [1, 2');
      expect(await openStore(backend).get(`${prefix}:damaged`)).toBeNull();
    });
  }
  if (name.startsWith("unstorage")) {
    it("keeps long keys and members (beyond a file name's length), odd characters and listing intact", async () => {
      const long = `${prefix}:long:${"é".repeat(150)}?${"x".repeat(60)}`;
      await kv.set(long, { long: true });
      await kv.set(`${prefix}:long:a?b#c%d~e.f`, 2);
      expect(await kv.get(long)).toEqual({ long: true });
      expect(await kv.get(`${prefix}:long:a?b#c%d~e.f`)).toBe(2);
      expect(await kv.keys(`${prefix}:long`)).toEqual([`${prefix}:long:a?b#c%d~e.f`, long].sort());
      const feed = kv.sorted<number>(`${prefix}:long-feed`);
      await feed.put("ü".repeat(200), 5, 1);
      await feed.put("ü".repeat(200), 4, 2, { onlyIfHigher: true });
      expect(await feed.range()).toEqual([{ member: "ü".repeat(200), score: 5, value: 1 }]);
      expect(await feed.removeRange({ from: 5 })).toBe(1);
      expect(await feed.count()).toBe(0);
    });
  }
  if (name === "unstorage:fs") {
    it("finds what it wrote after the store is closed and opened again", async () => {
      await kv.set(`${prefix}:kept`, { kept: 1 });
      await kv.sorted(`${prefix}:kept-feed`).put("m", 7, "v");
      const again = openStore(backend);
      expect(await again.get(`${prefix}:kept`)).toEqual({ kept: 1 });
      expect(await again.sorted(`${prefix}:kept-feed`).range()).toEqual([{ member: "m", score: 7, value: "v" }]);
    });
  }
  if (name === "redis") {
    it("reads a damaged value as missing, and a string written by the old unstorage layer as that string", async () => {
      const client = new Redis(process.env.SANCTUARY_TEST_REDIS_URL!);
      await client.set(`sanctuary:${prefix}:damaged`, '{"half": [1, 2');
      await client.set(`sanctuary:${prefix}:legacy`, "a-conversation-slug");
      client.disconnect();
      expect(await kv.get(`${prefix}:damaged`)).toBeNull();
      expect(await kv.get(`${prefix}:legacy`)).toBe("a-conversation-slug");
    });
  }
});
