// Every key family the stores read: a stored value of the wrong shape is never handed on as if it were what the
// family holds. Families of indexes, claims, counters and windows read it as missing (warned once per key);
// records (a service, a submission, the tally, a planner log) refuse it with a CorruptValue naming the key.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Library } from "../../corpus/library.ts";
import type { Media } from "../../corpus/media.ts";
import { ServiceCalendar } from "../../planner/calendar.ts";
import { Planner, type PlannerOptions } from "../../planner/scheduler.ts";
import { ApprovedSync } from "../../review/approved-sync.ts";
import { PendingTitles } from "../../review/pending.ts";
import type { PublishPorts } from "../../review/publish.ts";
import { ModerationQueue } from "../../review/queue.ts";
import { LIMIT_WINDOW, LIMITS, RateLimits } from "../../services/rate-limits.ts";
import { ReflectionStore, sameWordsKey, type Reflection } from "../../services/reflections.ts";
import { storageDamage, type Change } from "../../storage/engine.ts";
import { GuardedEngine } from "../../storage/guarded-engine.ts";
import { SqliteEngine } from "../../storage/sqlite-engine.ts";
import { MemoryEngine } from "../../storage/memory-engine.ts";
import { KeyValueStore } from "../../storage/kv.ts";
import { StoreState, StoreUnavailable, storeUnavailable } from "../../storage/store-failure.ts";
import { openKeyValueStore } from "../../storage/index.ts";
import { CorruptValue, keyFamily } from "../../storage/key-family.ts";
import { z } from "zod";

const T = Date.parse("2026-11-24T12:00:00Z");
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const reflection = (id: string, song = "turn-the-press-slowly"): Reflection => ({
  id,
  name: "Wren",
  text: `Words about the evening, ${id}.`,
  song,
  timezone: "UTC",
  location: null,
  createdAt: new Date(T - 60_000).toISOString(),
  service: { date: "2026-11-24", slotIndex: 3, tier: "north" },
});

const refused = (promise: Promise<unknown>, key: string) => expect(promise).rejects.toSatisfy((e) => e instanceof CorruptValue && e.key === key);

describe("key families read as missing", () => {
  it("warns once per key, however often the value is read", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    const LIST = keyFamily("list of words", z.array(z.string()), { ifCorrupt: "missing" });
    await kv.set("words:torn", [1, 2]);
    const warn = vi.spyOn(storageDamage, "report").mockImplementation(() => {});
    try {
      for (let i = 0; i < 3; i++) expect(await kv.read(LIST, "words:torn")).toBeNull();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/words:torn is not a readable list of words.*treated as missing/);
    } finally {
      warn.mockRestore();
    }
  });

  it("SQLite: a value whose bytes are not UTF-8 (a damaged disk, an edited file) reads as missing, named once, and the process lives", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sanctuary-bytes-"));
    const engine = new SqliteEngine({ file: join(dir, "state.db") });
    try {
      await engine.set("words:torn", ["whole"]);
      await engine.sortedPut("torn", "m", 1, { ok: true }, false);
      // Stored as text, as a damaged page would leave it: read as text, the binding ends the process.
      const torn = Buffer.concat([Buffer.from('["who'), Buffer.from([0xde, 0xad, 0xbe, 0xef]), Buffer.from('"]')]);
      engine.db.prepare("UPDATE kv SET value = CAST(? AS TEXT) WHERE key = ?").run(torn, "words:torn");
      engine.db.prepare("UPDATE sorted SET value = CAST(? AS TEXT) WHERE name = ?").run(torn, "torn");
      const warn = vi.spyOn(storageDamage, "report").mockImplementation(() => {});
      try {
        expect(await engine.get("words:torn")).toBeNull();
        expect((await engine.sortedRange("torn", {})).map((e) => e.value)).toEqual([null]);
        expect(warn.mock.calls.map(([message]) => message)).toEqual([
          "storage value at words:torn is damaged (not UTF-8 text) and is treated as missing",
          "storage value at torn/m is damaged (not UTF-8 text) and is treated as missing",
        ]);
      } finally {
        warn.mockRestore();
      }
    } finally {
      await engine.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a reflection received before its lists failed says so in its 503, is answered as received when sent again, and is finished by repair", async () => {
    let failing = true;
    class FullAfterClaims extends MemoryEngine {
      override async sortedPut(...args: Parameters<MemoryEngine["sortedPut"]>): Promise<boolean> {
        if (failing) throw storeUnavailable("memory full");
        return super.sortedPut(...args);
      }
    }
    const store = new ReflectionStore(new KeyValueStore(new FullAfterClaims(), null));
    const wren = reflection("r-full");
    const refusal = await store.add(wren).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StoreUnavailable);
    const said = (refusal as StoreUnavailable).body([]).suggestion;
    expect(said).toContain("Your reflection was received and kept");
    expect(said).not.toContain("Nothing was stored");
    await expect(store.add({ ...wren, id: "r-again" })).rejects.toMatchObject({ status: 409 });
    failing = false;
    expect(await store.repair(new Date(T), 0)).toBe(1);
    expect((await store.recent(new Date(T))).map((r) => r.id)).toEqual(["r-full"]);
  });

  it("a reflection whose claim a remote store applied as it went (its answer lost) is said to be maybe received, not lost", async () => {
    // Redis shut down with the claim's script run and its reply never sent: "Nothing was stored" would be untrue.
    let cut = true;
    class LostReply extends MemoryEngine {
      override async update<T>(key: string, change: Change<T>): Promise<T> {
        const applied = await super.update(key, change);
        if (cut && key.startsWith("reflections:same-words:")) throw new Error("Connection is closed.");
        return applied;
      }
    }
    const states = new StoreState({ error() {}, warn() {} }, () => {}, 0);
    const store = new ReflectionStore(new KeyValueStore(new GuardedEngine(new LostReply(), states, 1000), null));
    const wren = reflection("r-lost-reply");
    const refusal = (await store.add(wren).catch((error: unknown) => error)) as StoreUnavailable;
    expect(refusal).toBeInstanceOf(StoreUnavailable);
    expect([refusal.outage, refusal.mayHaveLanded]).toEqual(["unreachable", true]);
    const said = refusal.body([]).suggestion;
    expect(said).toMatch(/^Your reflection may have been received/);
    expect(said).not.toContain("Nothing was stored");
    // It was: sent again, it is answered as received, and repair publishes it.
    cut = false;
    await expect(store.add({ ...wren, id: "r-again" })).rejects.toMatchObject({ status: 409 });
    expect(await store.repair(new Date(T), 0)).toBe(1);
    expect((await store.recent(new Date(T))).map((r) => r.id)).toEqual(["r-lost-reply"]);
  });

  it("a remote store's write cut off says it may have been kept; a read cut off, or a call refused at once, does not", async () => {
    class Cut extends MemoryEngine {
      override async set(key: string, value: unknown): Promise<void> {
        await super.set(key, value);
        throw new Error("Connection is closed.");
      }
      override async get(): Promise<unknown> {
        throw new Error("Connection is closed.");
      }
    }
    const states = new StoreState({ error() {}, warn() {} }, () => {}, 60_000);
    const kv = new KeyValueStore(new GuardedEngine(new Cut(), states, 1000), null);
    const write = (await kv.set("a", 1).catch((error: unknown) => error)) as StoreUnavailable;
    expect(write.body([]).suggestion).toMatch(/^Whether this was kept is not known/);
    // Down now, and tried a moment ago: the next write is refused before it is sent, so nothing was stored.
    const refused = (await kv.set("b", 2).catch((error: unknown) => error)) as StoreUnavailable;
    expect([refused.mayHaveLanded, refused.body([]).suggestion]).toEqual([false, expect.stringMatching(/^Nothing was read or stored/)]);
    const local = new KeyValueStore(new GuardedEngine(new Cut(), new StoreState({ error() {}, warn() {} }), null), null);
    expect(((await local.set("c", 3).catch((error: unknown) => error)) as StoreUnavailable).mayHaveLanded).toBe(false);
  });

  it("rate-limit window: an unreadable window is no window, so the allowance starts afresh", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    const limits = new RateLimits(kv, { ...LIMITS, reflect: { points: 2, duration: 3600 } });
    expect(await limits.take("reflect", { name: "wren" })).toBe(true);
    expect(await limits.take("reflect", { name: "wren" })).toBe(true);
    expect(await limits.secondsUntilFree("reflect", { name: "wren" })).toBeGreaterThan(0);
    const [key] = await kv.keys("limits");
    await kv.set(key!, { points: "two", expire: "later" });
    expect(await kv.read(LIMIT_WINDOW, key!)).toBeNull();
    expect(await limits.secondsUntilFree("reflect", { name: "wren" })).toBe(0);
    expect(await limits.take("reflect", { name: "wren" })).toBe(true);
    expect(await kv.get(key!)).toMatchObject({ points: 1 });
  });

  it("title claim: an unreadable claim holds no title", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    const pending = new PendingTitles(kv, null);
    await kv.set("review:pending:morning-light", { ref: 3, expires: "never" });
    expect(await pending.isPending("morning-light", T)).toBe(false);
    expect(await pending.claim("morning-light", "ref-1", T)).toBe(true);
    expect(await pending.isPending("morning-light", T)).toBe(true);
  });

  it("same-words claims and the write count: unreadable ones neither refuse new words nor break the feed", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    const store = new ReflectionStore(kv);
    const first = reflection("r1");
    await store.add(first);
    // A claim on these very words, but without the id every claim holds: not a claim, so not a repeat.
    const words = sameWordsKey(first.name, first.text);
    await kv.set(`reflections:same-words:${words.slice(0, 2)}`, { [words]: { at: first.createdAt } });
    await kv.set("reflections:written", "many");
    await expect(store.checkNotRepeated(first.name, first.text, first.createdAt)).resolves.toBeUndefined();
    expect((await store.recent(new Date(T))).map((r) => r.id)).toEqual(["r1"]);
  });

  it("earlier layout's lists: an unreadable list is passed over, and a damaged entry leaves its month's others", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    await kv.set("reflections:song-months:turn-the-press-slowly", ["2026-11"]);
    await kv.set("reflections:song:turn-the-press-slowly:2026-11", [reflection("r1"), { id: "r2", song: "turn-the-press-slowly" }]);
    await kv.set("reflections:song-months:broken", "2026-11");
    expect(await new ReflectionStore(kv).rebuild()).toBe(1); // r1: the damaged r2 is neither kept nor counted
    expect((await new ReflectionStore(kv).songPage("turn-the-press-slowly")).reflections.map((r) => r.id)).toEqual(["r1"]);
  });

  it("index of dates: an unreadable index reads as no dates, and the next record starts it again", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    const calendar = new ServiceCalendar(kv, {} as Library, {} as Media);
    await kv.set("services-index:dates", { "2026-11-24": true });
    expect(await calendar.dates()).toEqual([]);
  });

  it("approved contribution: an unreadable approval, or one naming a path outside the library's form, writes nothing", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    const libraryDir = await mkdtemp(join(tmpdir(), "sanctuary-approved-"));
    dirs.push(libraryDir);
    await kv.set("library:approved:prayers:torn", { path: "prayers/torn" });
    await kv.set("library:approved:prayers:escape", { path: "../outside", source: "text", approvedAt: new Date(T).toISOString() });
    const ports = { library: { piece: () => undefined }, libraryDir, log: { info: () => {}, error: () => {} } } as unknown as PublishPorts;
    expect(await new ApprovedSync(kv, ports).sync()).toBe(0);
    expect(await readdir(libraryDir)).toEqual([]);
  });
});

describe("key families that refuse", () => {
  it("service record: an unreadable record is a CorruptValue, never served or replaced", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    const calendar = new ServiceCalendar(kv, {} as Library, {} as Media);
    await kv.set("services:2026-11-24:3:north", { date: "2026-11-24", slotIndex: 3, tier: "north", parts: "none" });
    await refused(calendar.get({ date: "2026-11-24", slotIndex: 3, tier: "north" }), "services:2026-11-24:3:north");
  });

  it("submission: an unreadable submission is a CorruptValue, alone or in the list", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    const queue = new ModerationQueue(kv);
    await kv.set("review:items:1", { id: 1, type: "feedback", status: "pending", feedback: { title: 7 } });
    await refused(queue.get(1), "review:items:1");
    await refused(queue.list(null), "review:items:1");
  });

  it("tally of reflections: an unreadable tally is a CorruptValue, not an empty archive", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    await kv.set("reflections:tally", { "turn-the-press-slowly": { count: "one" } });
    await refused(new ReflectionStore(kv).tally(), "reflections:tally");
  });

  it("planner log: an unreadable log is a CorruptValue", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    await kv.set("planner:log:2026-11-24", [{ key: "2026-11-24", outcome: "planned" }]);
    await refused(new Planner({ kv } as PlannerOptions).logFor("2026-11-24"), "planner:log:2026-11-24");
  });
});
