// A full disk under SQLite, as SQLite reports it (SQLITE_FULL, made real here by the page limit), through the
// outage guard: writes refused with the 503 error, reads going on, one log line each way, the health check's
// answer following the store, and nothing acknowledged lost once space is back.
import { existsSync } from "node:fs";
import { mkdtemp, open, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KeyValueStore } from "../../storage/kv.ts";
import { markLive, unwritableBecause } from "../../storage/live-marker.ts";
import { GuardedEngine } from "../../storage/guarded-engine.ts";
import { MemoryEngine } from "../../storage/memory-engine.ts";
import { SqliteEngine } from "../../storage/sqlite-engine.ts";
import { ReplyError } from "ioredis";
import { pino } from "pino";
import { LOG_SERIALIZERS } from "../../core/logger.ts";
import {
  StoreState,
  isStoreUnavailable,
  logFailureUnlessStoreDown,
  outageOf,
  storeCheck,
  storeUnavailable,
  type StoreUnavailable,
} from "../../storage/store-failure.ts";

describe("a full disk under SQLite", () => {
  it("refuses writes with 503, serves reads, tells health, and recovers without losing what was acknowledged", async () => {
    const lines: string[] = [];
    const counted: string[] = [];
    const state = new StoreState({ error: (_, m) => lines.push(m), warn: (_, m) => lines.push(m) }, (kind) => counted.push(kind), 0);
    const engine = new SqliteEngine({ file: join(await mkdtemp(join(tmpdir(), "sanctuary-full-")), "state.db") });
    const kv = new KeyValueStore(new GuardedEngine(engine, state, null));
    const check = storeCheck(kv, state, 0);
    await kv.set("kept", { text: "acknowledged before the disk filled" });
    expect(await check()).toEqual({ ok: true, reason: null });

    const [{ page_count: pages }] = engine.db.pragma("page_count") as Array<{ page_count: number }>;
    engine.db.pragma(`max_page_count = ${pages}`);
    let refused: unknown = null;
    for (let i = 0; i < 200 && !refused; i++) await kv.set(`filler:${i}`, "x".repeat(4096)).catch((error: unknown) => (refused = error));
    expect(isStoreUnavailable(refused)).toBe(true);
    expect((refused as { status: number }).status).toBe(503);
    expect((refused as { headers: Record<string, string> }).headers["retry-after"]).toBeTruthy();
    expect(await kv.get("kept")).toEqual({ text: "acknowledged before the disk filled" });
    expect(await check()).toEqual({ ok: false, reason: "disk full" });
    expect(lines.filter((l) => l.includes("unavailable"))).toHaveLength(1);

    engine.db.pragma("max_page_count = 1073741823");
    expect(await check()).toEqual({ ok: true, reason: null });
    expect(lines.at(-1)).toMatch(/^store back after/);
    expect(counted.every((k) => k === "disk full")).toBe(true);
    expect(await kv.get("kept")).toEqual({ text: "acknowledged before the disk filled" });
    await kv.close();
  });

  it("names the file that is not a database, and a data folder it cannot write, in words", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sanctuary-garbage-"));
    await writeFile(join(dir, "state.db"), "garbage garbage garbage garbage");
    expect(() => new SqliteEngine({ file: join(dir, "state.db") })).toThrow(`${join(dir, "state.db")}: file is not a database`);
    // A data folder where a file stands in the way of its folders (as a read-only one refuses them).
    const blocked = join(dir, "state.db");
    expect(() => markLive(blocked)).toThrow(`DATA_DIR ${blocked} cannot be written (ENOTDIR): a file stands where a folder should be`);
    // Each refusal says what to do about it; one it does not know keeps the general words.
    expect(unwritableBecause("ENOSPC")).toMatch(/^its disk is full; free some space/);
    expect(unwritableBecause("EROFS")).toContain("read-only file system");
    expect(unwritableBecause("EACCES")).toMatch(/^this process \(user \d+\) may not write there/);
    expect(unwritableBecause("EIO")).toBe("the sanctuary keeps its state there, so it must be a folder this process may write");
  });

  it("answers a call that meets a damaged page with 503 of its own kind, says so once, and health says so until a restore", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sanctuary-damaged-"));
    const file = join(dir, "state.db");
    const writer = new SqliteEngine({ file });
    for (let i = 0; i < 2000; i++) await writer.set(`reflections:${i}`, { text: `reflection ${i} `.repeat(30) });
    // One leaf of the values' tree (a few of them), as SQLite's own page statistics name it.
    const leaf = writer.db.prepare("SELECT pageno FROM dbstat WHERE name = 'kv' AND pagetype = 'leaf' ORDER BY pageno LIMIT 1 OFFSET 20").get() as {
      pageno: number;
    };
    await writer.close();
    // That page overwritten, as a failing disk or a stray write leaves it (an operator's report: one song's page
    // answered 500 with a stack, while health said healthy).
    const handle = await open(file, "r+");
    await handle.write(Buffer.alloc(4096, 0xa5), 0, 4096, 4096 * (leaf.pageno - 1));
    await handle.close();
    const lines: string[] = [];
    const counted: string[] = [];
    const state = new StoreState({ error: (_, m) => lines.push(m), warn: (_, m) => lines.push(m) }, (kind) => counted.push(kind));
    const kv = new KeyValueStore(new GuardedEngine(new SqliteEngine({ file }), state, null));
    const check = storeCheck(kv, state, 0);
    // One at a time: reads of one turn are read together, and fail together.
    const outcomes: string[] = [];
    for (let i = 0; i < 2000; i++)
      outcomes.push(
        await kv.get(`reflections:${i}`).then(
          () => "read",
          (error: unknown) => (error as StoreUnavailable).outage,
        ),
      );
    // What SQLite can read is read; a call that meets the damage (and, SQLite having met it, those after) is a 503 of its own kind.
    expect(new Set(outcomes)).toEqual(new Set(["read", "damaged"]));
    expect(lines.filter((l) => l.startsWith("store damaged"))).toHaveLength(1);
    expect(counted.every((k) => k === "damaged")).toBe(true);
    expect(await check()).toEqual({ ok: false, reason: "damaged" });
    await kv.close();
  });

  it.skipIf(!existsSync("/proc/self"))("refuses a data folder under /proc in words, where Node's recursive mkdir spun for ever", () => {
    expect(() => markLive("/proc/sanctuary-data")).toThrow("DATA_DIR /proc/sanctuary-data cannot be written (ENOENT): no folder can be made there");
  });

  it("passes a local store's own errors through as they are, thrown at once or later, and refuses an outage with 503", async () => {
    const lines: string[] = [];
    const state = new StoreState({ error: (_, m) => lines.push(m), warn: (_, m) => lines.push(m) }, () => {}, 60_000);
    const inner = new MemoryEngine();
    let calls = 0;
    const thrown = new TypeError("storage values must be JSON values");
    const full = Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
    const failures: Array<() => Promise<unknown>> = [
      () => {
        throw thrown; // at once, not as a rejected promise
      },
      () => Promise.reject(thrown),
      () => Promise.reject(full),
    ];
    inner.get = (key: string) => (calls++, key === "ok" ? Promise.resolve(1) : failures.shift()!());
    const guarded = new GuardedEngine(inner, state, null);
    expect(await guarded.get("ok")).toBe(1);
    await expect(guarded.get("a")).rejects.toBe(thrown);
    await expect(guarded.get("b")).rejects.toBe(thrown);
    expect(state.ok).toBe(true);
    const refused: unknown = await guarded.get("c").catch((error: unknown) => error);
    expect([isStoreUnavailable(refused), (refused as { status: number }).status, state.reason]).toEqual([true, 503, "disk full"]);
    // Down: a write fails at once without calling the store until the retry interval has passed; a read still goes through.
    const before = calls;
    expect(isStoreUnavailable(await guarded.set("d", 1).catch((error: unknown) => error))).toBe(true);
    expect(await guarded.get("ok")).toBe(1);
    expect(calls).toBe(before + 1);
    expect(lines).toHaveLength(1);
  });

  it("tells outages from other errors", () => {
    expect(outageOf(Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }))).toBe("disk full");
    expect(outageOf(Object.assign(new Error("attempt to write a readonly database"), { code: "SQLITE_READONLY" }))).toBe("read-only");
    expect(outageOf(new Error("Connection is closed."))).toBe("unreachable");
    expect(outageOf(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:6379"), { code: "ECONNREFUSED" }))).toBe("unreachable");
    // The guard's own timer: a store that keeps the connection and never answers (found with redis-server stopped by SIGSTOP).
    expect(outageOf(Object.assign(new Error("no answer within 1000 ms"), { name: "StoreTimeout" }))).toBe("timed out");
    expect(outageOf(new Error("Command timed out"))).toBe("timed out");
    expect(outageOf(new TypeError("storage values must be JSON values"))).toBeNull();
    expect(outageOf(Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }))).toBeNull();
    expect(outageOf(Object.assign(new Error("database disk image is malformed"), { code: "SQLITE_CORRUPT" }))).toBe("damaged");
    expect(outageOf(new Error("file is not a database"))).toBe("damaged");
    // Redis's refusals (ioredis's ReplyError, as it arrives): a full store, writes refused, a store still loading.
    expect(outageOf(new ReplyError("OOM command not allowed when used memory > 'maxmemory'."))).toBe("memory full");
    expect(outageOf(new ReplyError("READONLY You can't write against a read only replica."))).toBe("read-only");
    expect(outageOf(new ReplyError("MISCONF Redis is configured to save RDB snapshots, but it's currently unable to persist to disk."))).toBe("read-only");
    expect(outageOf(new ReplyError("LOADING Redis is loading the dataset in memory"))).toBe("unreachable");
    expect(outageOf(new ReplyError("WRONGTYPE Operation against a key holding the wrong kind of value"))).toBeNull();
  });

  it("logs a store's error without the command it failed (ioredis's command.args hold a visitor's words)", () => {
    const lines: string[] = [];
    const log = pino({ serializers: LOG_SERIALIZERS }, { write: (line: string) => void lines.push(line) });
    const error = Object.assign(new ReplyError("WRONGTYPE Operation against a key holding the wrong kind of value"), {
      command: { name: "set", args: ["reflections:1", '{"name":"Wren","text":"What stayed with me was the quiet."}'] },
    });
    log.error({ err: error }, "operation failed");
    const logged = JSON.parse(lines[0]!);
    expect(logged.err.message).toContain("WRONGTYPE");
    expect(logged.err.type).toBe("ReplyError");
    expect(lines[0]).not.toContain("Wren");
    expect(lines[0]).not.toContain("quiet");
  });

  it("keeps a background job's failure out of the log while the store is down (the outage has its own line), not any other", () => {
    const logged: string[] = [];
    const failed = logFailureUnlessStoreDown({ error: (_, message) => logged.push(message) }, "planner tick failed");
    failed(storeUnavailable("unreachable"));
    expect(logged).toEqual([]);
    failed(new Error("a planner bug"));
    expect(logged).toEqual(["planner tick failed"]);
    // Known by its class, with the wait in its body for clients that see no header (MCP).
    expect(isStoreUnavailable(storeUnavailable("disk full"))).toBe(true);
    expect(storeUnavailable("timed out").body([]).retry_after).toBe(30);
  });

  it("asks the store once for checks asked while one is under way (a /metrics scrape's three), and again after", async () => {
    const asked: string[] = [];
    let answer: () => void = () => {};
    const slow = {
      get: async () => void asked.push("get"),
      set: (key: string) => new Promise<void>((resolve) => ((answer = resolve), asked.push(`set ${key}`))),
    };
    const check = storeCheck(slow, new StoreState({ error: () => {}, warn: () => {} }, () => {}, 0), 60_000);
    const together = [check(), check(), check()];
    answer();
    expect(await Promise.all(together)).toEqual(Array(3).fill({ ok: true, reason: null }));
    expect(asked).toEqual(["set health:probe"]);
    // Once answered, the next check asks again (a read, since the write is recent).
    expect(await check()).toEqual({ ok: true, reason: null });
    expect(asked).toEqual(["set health:probe", "get"]);
  });

  it("waits for a slow remote store while starting, and refuses a call that slow once serving", async () => {
    const engine = new MemoryEngine();
    await engine.set("calendar", 1);
    // The store answers in 60 ms; the guard's usual patience here is 20 ms (a second in the server).
    const slow = new Proxy(engine, {
      get: (engine, name) =>
        name === "get" ? (key: string) => new Promise((resolve) => setTimeout(() => resolve(engine.get(key)), 60)) : Reflect.get(engine, name),
    });
    const state = new StoreState({ error: () => {}, warn: () => {} }, () => {}, 0);
    const guarded = new KeyValueStore(new GuardedEngine(slow, state, 20));
    const started = guarded.patientUntilStarted(10_000);
    expect(await guarded.get("calendar")).toBe(1);
    expect(state.reason).toBeNull();
    started();
    const refused = await guarded.get("calendar").catch((error: unknown) => error);
    expect(isStoreUnavailable(refused)).toBe(true);
    expect(state.reason).toBe("timed out");
  });
});
