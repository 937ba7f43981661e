// Which processes hold a data folder (storage/live-marker.ts): restore refuses while one runs, and a marker a
// crash left must never refuse it for ever: one naming a dead process, or another machine's (or a recreated
// container's) that no one has touched for three minutes, is not live and is cleared at the next start.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { backendFor, folderInUseRefusal } from "../../storage/index.ts";
import { liveProcesses, markLive, STALE_MS } from "../../storage/live-marker.ts";

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "sanctuary-live-"));
  await mkdir(join(dir, "live"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const leave = (pid: number, host: string) => writeFile(join(dir, "live", `${pid}.json`), JSON.stringify({ pid, host, since: new Date().toISOString() }));

it("counts a running process on another machine, not a dead one here nor one untouched for three minutes", async () => {
  const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
  await leave(dead, hostname());
  await leave(4242, "other-machine");
  await leave(4343, "recreated-container");
  const longAgo = new Date(Date.now() - STALE_MS - 60_000);
  await utimes(join(dir, "live", "4343.json"), longAgo, longAgo);
  expect(liveProcesses(dir).map((m) => `${m.pid}@${m.host}`)).toEqual(["4242@other-machine"]);
});

it("clears what crashes left at a start, keeps the running one's, and removes its own at the stop", async () => {
  const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
  await leave(dead, hostname());
  await leave(4343, "recreated-container");
  const longAgo = new Date(Date.now() - STALE_MS - 60_000);
  await utimes(join(dir, "live", "4343.json"), longAgo, longAgo);
  await leave(4242, "other-machine");
  const stop = markLive(dir);
  expect((await readdir(join(dir, "live"))).sort()).toEqual(["4242.json", `${process.pid}.json`].sort());
  stop();
  expect(existsSync(join(dir, "live", `${process.pid}.json`))).toBe(false);
});

it("refuses unstorage's file store beside a running process on the same folder, and no store several processes share", async () => {
  // This test's parent runs: a server on the folder, as far as the markers tell.
  await leave(process.ppid, hostname());
  const others = liveProcesses(dir);
  expect(others.map((m) => m.pid)).toEqual([process.ppid]);
  const refusal = folderInUseRefusal(backendFor({ dataDir: dir, storage: "unstorage:fs" }), () => others);
  expect(refusal).toBe(
    `the data folder is in use by process ${process.ppid} on ${hostname()} (since ${others[0].since}), and unstorage:fs storage is kept by one process only: stop that process first, or use SQLite (the default, unset SANCTUARY_STORAGE), which several processes share`,
  );
  expect(folderInUseRefusal(backendFor({ dataDir: dir }), () => others)).toBeNull();
  expect(folderInUseRefusal(backendFor({ dataDir: dir, storage: "unstorage:memory" }), () => others)).toBeNull();
  expect(folderInUseRefusal(backendFor({ dataDir: dir, storage: "unstorage:fs" }), () => [])).toBeNull();
});
