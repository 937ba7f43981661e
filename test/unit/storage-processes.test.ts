// Storage shared by several processes (SQLite on one data folder, Redis), SQLite's files and settings,
// and the one-time import of a data folder in the old one-file-per-key layout.
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createStorage } from "unstorage";
import { afterAll, describe, expect, it } from "vitest";
import atomicFsDriver from "../../storage/atomic-fs-driver.ts";
import { backendFor, openKeyValueStore, type StorageBackend } from "../../storage/index.ts";
import type { SqliteEngine } from "../../storage/sqlite-engine.ts";
import { PresenceStore, PRESENCE_WINDOW_MS, presenceName } from "../../services/presence.ts";
import { heapFlagsFor, memoryLimitBytes, ROOMY_BYTES, workerExecArgv, workerShare } from "../../core/memory-limit.mjs";

const ROOT = new URL("../..", import.meta.url).pathname;
const CHILD = join(ROOT, "test/helpers/kv-child.ts");
const dir = await mkdtemp(join(tmpdir(), "sanctuary-kv-procs-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

const shared: Array<[string, StorageBackend]> = [["sqlite", { kind: "sqlite", file: join(dir, "shared.db") }]];
if (process.env.SANCTUARY_TEST_REDIS_URL) shared.push(["redis", { kind: "redis", url: process.env.SANCTUARY_TEST_REDIS_URL }]);

describe.each(shared)("two processes on one %s", (_name, backend) => {
  it("count to 1000 together with 500 increments each: every number once, and no update lost", async () => {
    const key = `procs-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const run = () => promisify(execFile)(process.execPath, ["--import", "tsx", CHILD, JSON.stringify(backend), key, "500"], { cwd: ROOT });
    const outputs = await Promise.all([run(), run()]);
    const numbers = outputs.flatMap(({ stdout }) => JSON.parse(stdout) as number[]);
    expect(numbers).toHaveLength(1000);
    expect(new Set(numbers).size).toBe(1000);
    expect(Math.max(...numbers)).toBe(1000);
    const kv = openKeyValueStore(backend);
    expect(await kv.get(`${key}:counter`)).toBe(1000);
    expect(await kv.get(`${key}:document`)).toEqual({ n: 1000 });
    await kv.close();
  }, 120_000);
});

describe("the cluster", () => {
  it("refuses an unstorage engine before starting any worker, and says what to use instead", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(dir, "cluster"), SANCTUARY_STORAGE: "unstorage:fs", SANCTUARY_WORKERS: "2", PORT: "0" };
    delete env.BASE_URL; // vitest's own, not a URL
    const failed = await promisify(execFile)(process.execPath, [join(ROOT, "bin/run.mjs"), "server-cluster.ts"], { cwd: ROOT, env }).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("the cluster cannot run on this storage. unstorage:fs storage is atomic only within one process");
    expect(failed?.stderr).toContain("SQLite");
    expect(failed?.stderr).not.toContain("starting 2 workers");
  }, 60_000);

  it("ends with 1 and one line per failure when its settings are bad or a worker cannot start, never forking again", async () => {
    const run = (extra: NodeJS.ProcessEnv) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(dir, "cluster-bad"), SANCTUARY_WORKERS: "2", PORT: "0", ...extra };
      delete env.BASE_URL;
      return promisify(execFile)(process.execPath, [join(ROOT, "bin/run.mjs"), "server-cluster.ts"], { cwd: ROOT, env }).then(
        () => null,
        (err: { code: number; stdout: string; stderr: string }) => err,
      );
    };
    const badSetting = await run({ PORT: "not-a-port" });
    expect(badSetting?.code).toBe(1);
    const lines = `${badSetting?.stdout}${badSetting?.stderr}`.trim().split("\n");
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(["could not start"]);
    expect(lines[0]).toContain("PORT");
    const noLibrary = await run({ SANCTUARY_LIBRARY_DIR: join(dir, "no-such-library") });
    expect(noLibrary?.code).toBe(1);
    const said = `${noLibrary?.stdout}${noLibrary?.stderr}`;
    expect(said).toContain("a worker could not start; stopping the others");
    expect(said).not.toContain("worker ended; starting another");
  }, 60_000);

  it("starts each worker with the heap flags of its share of the box", async () => {
    const box = memoryLimitBytes();
    // Enough workers that each one's share is under 2 GiB (up to 16: on a larger box the flags stay the box's).
    const count = Math.min(16, Math.floor(box / ROOMY_BYTES) + 1);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: join(dir, "cluster-flags"),
      SANCTUARY_WORKERS: String(count),
      PORT: "0",
      SANCTUARY_RECORDINGS: "off",
    };
    delete env.BASE_URL;
    const primaryFlags = heapFlagsFor(box);
    const primary = spawn(process.execPath, [...primaryFlags, join(ROOT, "bin/run.mjs"), "server-cluster.ts"], { cwd: ROOT, env, stdio: "ignore" });
    // The workers, as the primary forks them (their start need not be waited for: their flags are set at the fork).
    const children = `/proc/${primary.pid}/task/${primary.pid}/children`;
    let workers: string[] = [];
    try {
      for (let waited = 0; workers.length < count; waited += 50) {
        if (waited > 60_000 || primary.exitCode !== null) throw new Error(`the primary forked ${workers.length} workers`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        workers = (await readFile(children, "utf8")).split(" ").filter(Boolean);
      }
      const expected = workerExecArgv(primaryFlags, box, workerShare(box, count));
      if (count < 16) expect(expected).toEqual(["--max-semi-space-size=4", "--heap-growing-percent=20"]);
      for (const pid of workers) {
        const argv = (await readFile(`/proc/${pid}/cmdline`, "utf8")).split("\0").filter(Boolean);
        expect(argv.at(-1)).toBe("server-cluster.ts");
        expect(argv.slice(1, -2)).toEqual(expected);
      }
    } finally {
      if (primary.exitCode === null) {
        const ended = new Promise((resolve) => primary.once("exit", resolve));
        primary.kill("SIGTERM");
        await ended;
      }
    }
  }, 90_000);
});

describe("SQLite under DATA_DIR", () => {
  it("keeps everything in a handful of files, in WAL mode with synchronous=NORMAL and a busy timeout", async () => {
    const dataDir = join(dir, "data");
    const kv = openKeyValueStore(backendFor({ dataDir }));
    for (let i = 0; i < 500; i++) await kv.set(`presence:${i}`, { name: `visitor ${i}`, at: i });
    const db = (kv.engine as SqliteEngine).db;
    expect(db.pragma("journal_mode", { simple: true })).toMatchObject({ journal_mode: "wal" });
    expect(db.pragma("synchronous", { simple: true })).toMatchObject({ synchronous: 1 });
    expect(db.pragma("busy_timeout", { simple: true })).toMatchObject({ timeout: 5000 });
    expect((await readdir(dataDir)).sort()).toEqual(["state.db", "state.db-shm", "state.db-wal"]);
    await kv.close();
  });
});

/** kv-child writing `mode` (keys, or visits) until `enough` writes are acknowledged, then killed with SIGKILL: what it acknowledged. */
async function acknowledgedBeforeKill(backend: StorageBackend, mode: "forever" | "visits", enough = 2000): Promise<string[]> {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, JSON.stringify(backend), "acked", mode], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const acknowledged: string[] = [];
  let buffered = "";
  await new Promise<void>((resolve) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const lines = (buffered + chunk).split("\n");
      buffered = lines.pop()!;
      acknowledged.push(...lines);
      if (acknowledged.length >= enough && child.signalCode === null) child.kill("SIGKILL");
    });
    child.once("exit", () => resolve());
  });
  expect(child.signalCode).toBe("SIGKILL");
  return acknowledged;
}

describe("kill -9 on SQLite", () => {
  it("loses no acknowledged write", async () => {
    const backend: StorageBackend = { kind: "sqlite", file: join(dir, "killed.db") };
    const acknowledged = await acknowledgedBeforeKill(backend, "forever");
    const kv = openKeyValueStore(backend);
    const missing = [];
    for (const key of acknowledged) if ((await kv.get(key)) === null) missing.push(key);
    expect(missing).toEqual([]);
    await kv.close();
  }, 60_000);

  it("loses no acknowledged visit: every visitor counted before the kill is counted after it", async () => {
    // A visit is two sorted puts of one member, written once in the group commit (storage/sqlite-sorted-puts.ts).
    const backend: StorageBackend = { kind: "sqlite", file: join(dir, "visits.db") };
    const acknowledged = await acknowledgedBeforeKill(backend, "visits");
    const kv = openKeyValueStore(backend);
    const present = new Set((await kv.sorted("presence").range({ from: Date.now() - PRESENCE_WINDOW_MS })).map((v) => v.member));
    expect(acknowledged.filter((name) => !present.has(presenceName(name)))).toEqual([]);
    expect(await new PresenceStore(kv).count(new Date())).toBeGreaterThanOrEqual(acknowledged.length);
    await kv.close();
  }, 60_000);
});

describe("importing the old one-file-per-key layout", () => {
  it("imports every key once, leaves damaged and temporary files out, and renames the folder aside", async () => {
    const dataDir = join(dir, "legacy");
    const state = join(dataDir, "state");
    // The old layout, written by the old driver itself.
    const old = createStorage({ driver: atomicFsDriver({ base: state }) });
    await old.setItem("reflections:hour:2026-11-20T10", [{ id: "r1", text: "Light." }]);
    await old.setItem("reflections:tally", { hymn: { count: 1 } });
    await old.setItem("presence:abc", { name: "wren", at: 1 });
    await old.setItem("conversations:session:0f0e", "a-question");
    await old.setItem("review:counter", 7);
    await mkdir(join(state, "presence"), { recursive: true });
    await writeFile(join(state, "presence", "torn"), '{"name": "ash", "a');
    await writeFile(join(state, "presence", ".tmp-0123456789ab"), '{"name"');

    const kv = openKeyValueStore(backendFor({ dataDir }));
    expect(kv.imported).toMatchObject({
      imported: { reflections: 2, presence: 1, conversations: 1, review: 1 },
      damaged: ["presence:torn"],
      alreadyPresent: 0,
      resumed: false,
    });
    expect(existsSync(state)).toBe(false);
    expect(existsSync(join(kv.imported!.movedTo, "presence", "abc"))).toBe(true);
    expect(await kv.get("reflections:hour:2026-11-20T10")).toEqual([{ id: "r1", text: "Light." }]);
    expect(await kv.get("conversations:session:0f0e")).toBe("a-question");
    expect(await kv.increment("review:counter")).toBe(8);
    expect(await kv.keys("presence")).toEqual(["presence:abc"]);
    await kv.close();

    const again = openKeyValueStore(backendFor({ dataDir }));
    expect(again.imported).toBeNull();
    expect(await again.get("review:counter")).toBe(8);
    await again.close();
  });
});
