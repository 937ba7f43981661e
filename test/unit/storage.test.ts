// One contract suite over every storage backend (memory, crash-safe files, and Redis when one is running).
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openKeyValueStore, type StorageBackend } from "../../storage/index.ts";
import { safeKey } from "../../storage/kv.ts";

const dirs: string[] = [];
const fsDir = await mkdtemp(join(tmpdir(), "sanctuary-kv-"));
dirs.push(fsDir);
const backends: Array<[string, StorageBackend]> = [
  ["memory", { kind: "memory" }],
  ["fs", { kind: "fs", dir: fsDir }],
];
if (process.env.SANCTUARY_TEST_REDIS_URL) backends.push(["redis", { kind: "redis", url: process.env.SANCTUARY_TEST_REDIS_URL }]);

afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe.each(backends)("KeyValueStore on %s", (name, backend) => {
  const kv = openKeyValueStore(backend);
  const prefix = `contract-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

  it("stores and reads JSON values, and absent keys read as null", async () => {
    await kv.set(`${prefix}:a`, { n: 1, list: ["x"], nested: { ok: true } });
    expect(await kv.get(`${prefix}:a`)).toEqual({ n: 1, list: ["x"], nested: { ok: true } });
    expect(await kv.get(`${prefix}:missing`)).toBeNull();
  });

  it("serializes concurrent updates of one key: no increment is lost", async () => {
    await Promise.all(Array.from({ length: 50 }, () => kv.update<number>(`${prefix}:counter`, (n) => (n ?? 0) + 1)));
    expect(await kv.get(`${prefix}:counter`)).toBe(50);
  });

  it("setIfAbsent lets exactly one of many concurrent writers win", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => kv.setIfAbsent(`${prefix}:first`, { writer: i })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const winner = results.find((r) => r.created)!.value;
    for (const r of results) expect(r.value).toEqual(winner);
    expect(await kv.get(`${prefix}:first`)).toEqual(winner);
  });

  it("lists keys under a prefix and removes them", async () => {
    await kv.set(`${prefix}:list:one`, 1);
    await kv.set(`${prefix}:list:two`, 2);
    const keys = await kv.keys(`${prefix}:list`);
    expect(keys.map((k) => k.split(":").pop()).sort()).toEqual(["one", "two"]);
    await kv.remove(`${prefix}:list:one`);
    expect(await kv.get(`${prefix}:list:one`)).toBeNull();
  });

  if (name === "redis") {
    it("stays atomic across two stores on one Redis, as two processes would be", async () => {
      const other = openKeyValueStore(backend);
      const stores = [kv, other];
      await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2].update<number>(`${prefix}:shared-counter`, (n) => (n ?? 0) + 1)));
      expect(await other.get(`${prefix}:shared-counter`)).toBe(40);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => stores[i % 2].setIfAbsent(`${prefix}:shared-first`, { writer: i })));
      expect(results.filter((r) => r.created)).toHaveLength(1);
    });
  }

  if (name === "fs") {
    it("writes atomically: no temporary files are left behind", async () => {
      await Promise.all(Array.from({ length: 20 }, (_, i) => kv.set(`${prefix}:atomic`, { i, pad: "x".repeat(10_000) })));
      const files = await readdir(join(fsDir, prefix));
      expect(files.filter((f) => f.startsWith(".tmp-"))).toEqual([]);
      const value = await kv.get<{ i: number; pad: string }>(`${prefix}:atomic`);
      expect(value!.pad).toHaveLength(10_000);
    });

    it("keeps keys that would climb out of the data folder inside it", async () => {
      await kv.set("..:escape", 1);
      await kv.set(`${prefix}:a/../b`, 2);
      expect(await kv.get("..:escape")).toBe(1);
      expect(await kv.get(`${prefix}:a/../b`)).toBe(2);
      await expect(readdir(join(fsDir, ".."))).resolves.not.toContain("escape");
      expect(await readdir(fsDir)).toContain(safeKey("..:escape").split(":")[0]);
    });

    it("reads a damaged value as missing instead of failing", async () => {
      const { writeFile, mkdir } = await import("node:fs/promises");
      await mkdir(join(fsDir, prefix), { recursive: true });
      await writeFile(join(fsDir, prefix, "damaged"), '{"half": [1, 2');
      expect(await openKeyValueStore(backend).get(`${prefix}:damaged`)).toBeNull();
    });
  }
});
