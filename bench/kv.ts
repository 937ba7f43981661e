// npm run bench:kv: operations per second of the key-value layer on each engine, through KeyValueStore
// (what the domain stores call). SQLite is measured on a file in a temporary folder, with synchronous=NORMAL
// (the default) and FULL; Redis too when SANCTUARY_TEST_REDIS_URL is set.
// Usage: npm run bench:kv [-- --ops 20000]
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { openKeyValueStore, type KeyValueStore, type StorageBackend } from "../storage/index.ts";
import { keyFamily } from "../storage/key-family.ts";

const { values } = parseArgs({ options: { ops: { type: "string", default: "20000" } } });
const OPS = Number(values.ops);

/** Runs `op` n times, `concurrency` at a time (1: each awaited before the next), and returns ops/s. */
async function measure(n: number, concurrency: number, op: (i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await op(next++);
    }),
  );
  return n / ((performance.now() - started) / 1000);
}

/** A small checked value, the shape of a rate-limit window: what `read` costs over `get`. */
const WINDOW = keyFamily("bench window", z.object({ points: z.number(), expire: z.number().nullable() }));
const window = (i: number) => ({ points: i % 5, expire: 1_764_000_000_000 + i });

const visitor = (i: number) => ({ name: `visitor ${i}`, at: 1_764_000_000_000 + i });
const reflection = (i: number) => ({
  id: `r${i}`,
  name: `Visitor ${i % 500}`,
  text: `A reflection of ordinary length, number ${i}, about the light in the afternoon.`,
  song: "morning-hymn",
});

async function suite(kv: KeyValueStore, n: number): Promise<Record<string, number>> {
  const run = `${Date.now()}`;
  const out: Record<string, number> = {};
  out["set, new key each (awaited one by one)"] = await measure(n, 1, (i) => kv.set(`bench:${run}:presence:${i}`, visitor(i)));
  out["set, new key each (32 in flight)"] = await measure(n, 32, (i) => kv.set(`bench:${run}:presence-c:${i}`, visitor(i)));
  out["get, existing key (first read)"] = await measure(n, 1, (i) => kv.get(`bench:${run}:presence:${i}`));
  out["get, missing key"] = await measure(n, 1, (i) => kv.get(`bench:${run}:absent:${i}`));
  out["get, 100 keys read again and again"] = await measure(n, 1, (i) => kv.get(`bench:${run}:presence:${i % 100}`));
  await measure(100, 32, (i) => kv.set(`bench:${run}:window:${i}`, window(i)));
  out["get, a small object, 100 keys again and again"] = await measure(n, 1, (i) => kv.get(`bench:${run}:window:${i % 100}`));
  out["read (checked), the same 100 keys"] = await measure(n, 1, (i) => kv.read(WINDOW, `bench:${run}:window:${i % 100}`));
  out["update (read-modify-write), 100 keys"] = await measure(n, 32, (i) => kv.update<number>(`bench:${run}:tally:${i % 100}`, (c) => (c ?? 0) + 1));
  out["increment, one counter"] = await measure(n, 32, () => kv.increment(`bench:${run}:counter`));
  out["setIfAbsent, new key each"] = await measure(n, 32, (i) => kv.setIfAbsent(`bench:${run}:claim:${i}`, { at: i }));
  const feed = kv.sorted<ReturnType<typeof reflection>>(`bench:${run}:feed`);
  out["sorted put (a reflection by time)"] = await measure(n, 32, (i) => feed.put(`r${i}`, 1_764_000_000_000 + i * 1000, reflection(i)));
  out["sorted range: newest 20 in a window"] = await measure(Math.min(n, 5000), 1, (i) =>
    feed.range({ from: 1_764_000_000_000 + (i % 1000) * 1000, to: 1_764_000_000_000 + (n - 1) * 1000, order: "desc", limit: 20 }),
  );
  out["sorted count in a 1000-member window"] = await measure(Math.min(n, 5000), 1, (i) =>
    feed.count({ from: 1_764_000_000_000 + (i % 100) * 1000, to: 1_764_000_000_000 + ((i % 100) + 1000) * 1000 }),
  );
  return out;
}

const dir = await mkdtemp(join(tmpdir(), "sanctuary-bench-kv-"));
const engines: Array<[string, StorageBackend]> = [
  ["memory", { kind: "memory" }],
  ["sqlite NORMAL", { kind: "sqlite", file: join(dir, "normal.db"), cacheEntries: 20_000 }],
  ["sqlite FULL", { kind: "sqlite", file: join(dir, "full.db"), cacheEntries: 20_000, synchronous: "FULL" }],
];
if (process.env.SANCTUARY_TEST_REDIS_URL) engines.push(["redis", { kind: "redis", url: process.env.SANCTUARY_TEST_REDIS_URL }]);
console.log(`bench:kv: ${OPS} operations each, node ${process.version}, ${new Date().toISOString()}`);
const table: Record<string, Record<string, string>> = {};
try {
  for (const [name, backend] of engines) {
    const kv = openKeyValueStore(backend);
    for (const [op, rate] of Object.entries(await suite(kv, name === "sqlite FULL" ? Math.min(OPS, 2000) : OPS)))
      (table[op] ??= {})[name] = Math.round(rate).toLocaleString("en-US");
    await kv.close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
console.log("operations per second:");
console.table(table);
