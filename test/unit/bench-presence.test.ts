// The bench: its folders start each trial from the presence they were seeded with (bench/seed.ts resetPresence):
// every run's attend rounds add new names, and a count over millions of them held the measured server's loop. And a
// checkout measured beside another keeps its start flags.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resetPresence } from "../../bench/seed.ts";
import { withYoungFlags } from "../../bench/servers.ts";
import { PRESENCE_WINDOW_MS } from "../../services/presence.ts";
import { backendFor, openKeyValueStore } from "../../storage/index.ts";

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** A bench folder as a run leaves it: seeded with `seeded` visitors (or never marked), then `attended` names of attend rounds. */
async function usedBenchFolder(seeded: number | null, attended: number, now: number): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-presence-"));
  folders.push(dataDir);
  const kv = openKeyValueStore(backendFor({ dataDir }));
  if (seeded !== null) await kv.set("bench:seeded", { reflections: 0, presence: seeded, at: new Date(now).toISOString() });
  const visits = kv.sorted<null>("presence");
  for (let i = 0; i < attended; i++) await visits.put(`bench-u${i}`, now - i * 1000, null);
  await kv.close();
  return dataDir;
}

async function presenceOf(dataDir: string, now: number): Promise<{ inWindow: number; all: Array<{ member: string; score: number }> }> {
  const kv = openKeyValueStore(backendFor({ dataDir }));
  const visits = kv.sorted<null>("presence");
  const inWindow = await visits.count({ from: now - PRESENCE_WINDOW_MS + 1, to: now });
  const all = (await visits.range({})).map(({ member, score }) => ({ member, score }));
  await kv.close();
  return { inWindow, all };
}

describe("bench folders' presence between trials", () => {
  it("a large folder gets its seeded visitors back, every one inside the window ending now, and the attend rounds' names go", async () => {
    const now = Date.parse("2026-12-05T10:00:00Z");
    const dataDir = await usedBenchFolder(300, 120, now - 2 * PRESENCE_WINDOW_MS);
    expect(await resetPresence(dataDir, now)).toEqual({ removed: 120, visitors: 300 });
    const { inWindow, all } = await presenceOf(dataDir, now);
    expect(inWindow).toBe(300);
    expect(all.every(({ member }) => /^bench visitor \d+$/.test(member))).toBe(true);
    expect(Math.max(...all.map((v) => v.score))).toBe(now);
  });

  it("the default folder (no visitors seeded, or a mark it cannot read) is emptied", async () => {
    const now = Date.now();
    for (const seeded of [0, null]) {
      const dataDir = await usedBenchFolder(seeded, 40, now);
      expect(await resetPresence(dataDir, now)).toEqual({ removed: 40, visitors: 0 });
      expect((await presenceOf(dataDir, now)).all).toEqual([]);
    }
  });
});

describe("a checkout's flags beside another", () => {
  it("keeps the start script's flags and puts the fixed young generation in place of its own", () => {
    const young = ["--min-semi-space-size=16", "--max-semi-space-size=16"];
    expect(withYoungFlags(["--max-semi-space-size=4", "--heap-growing-percent=20"], young)).toEqual(["--heap-growing-percent=20", ...young]);
    expect(withYoungFlags(["--use-largepages=silent"], young)).toEqual(["--use-largepages=silent", ...young]);
  });
});
