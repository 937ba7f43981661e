// What scales with memory follows the memory the server is given (issue 36): a container's cgroup limit,
// else the machine's; at 512 MB one renderer.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryLimitBytes, renderersFor, wordProductBytes } from "../../core/memory.ts";
import { heapFlagsFor, liftsGrowthBound, workerExecArgv, workerShare } from "../../core/memory-limit.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

const MB = 1024 * 1024;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "memory-budget-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the memory available", () => {
  it("is a cgroup's limit when one is set (v2 or v1), the machine's otherwise", async () => {
    const [v2, v1, none, unlimitedV1] = ["v2", "v1", "none", "huge"].map((n) => join(dir, n));
    await writeFile(v2, "536870912\n");
    await writeFile(v1, "1073741824\n");
    await writeFile(none, "max\n");
    await writeFile(unlimitedV1, "9223372036854771712\n");
    expect(memoryLimitBytes([v2])).toBe(Math.min(512 * MB, totalmem()));
    expect(memoryLimitBytes([join(dir, "missing"), v1])).toBe(Math.min(1024 * MB, totalmem()));
    expect(memoryLimitBytes([none, unlimitedV1, join(dir, "missing")])).toBe(totalmem());
    expect(memoryLimitBytes([v1, v2])).toBe(Math.min(512 * MB, totalmem()));
  });

  it("gives one renderer at 512 and 768 MB, two from 1 GB on two cores, one on one core", () => {
    expect(renderersFor(256 * MB, 2)).toBe(1);
    expect(renderersFor(512 * MB, 2)).toBe(1);
    expect(renderersFor(768 * MB, 2)).toBe(1);
    expect(renderersFor(1024 * MB, 2)).toBe(2);
    expect(renderersFor(1280 * MB, 2)).toBe(2);
    expect(renderersFor(2048 * MB, 2)).toBe(2);
    expect(renderersFor(16 * 1024 * MB, 8)).toBe(2);
    expect(renderersFor(16 * 1024 * MB, 1)).toBe(1);
  });
});

describe("the server's heap flags", () => {
  it("hold the young generation and the old one's growth below 2 GiB, only the growth through start-up from there", () => {
    expect(heapFlagsFor(512 * MB)).toEqual(["--max-semi-space-size=4", "--heap-growing-percent=20"]);
    expect(heapFlagsFor(2048 * MB - 1)).toEqual(["--max-semi-space-size=4", "--heap-growing-percent=20"]);
    expect(heapFlagsFor(2048 * MB)).toEqual(["--heap-growing-percent=20"]);
    const started = (mb: number) => ["--enable-source-maps", ...heapFlagsFor(mb * MB)];
    expect([512, 1024, 2047, 2048, 24_000].map((mb) => liftsGrowthBound(mb * MB, started(mb)))).toEqual([false, false, false, true, true]);
  });

  it("leave an operator's own growth bound, or none, as given", () => {
    expect(liftsGrowthBound(24_000 * MB, ["--heap-growing-percent=35"])).toBe(false);
    expect(liftsGrowthBound(24_000 * MB, [])).toBe(false);
  });

  it("give each cluster worker its share of the box", () => {
    expect(workerShare(4096 * MB, 4)).toBe(1024 * MB);
    expect(workerShare(4096 * MB, 0)).toBe(4096 * MB);
    const box = 4096 * MB;
    const primary = ["--enable-source-maps", ...heapFlagsFor(box)];
    // Four workers on 4 GiB start as 1 GiB servers (the young generation held too), and keep the growth bound.
    const four = workerExecArgv(primary, box, workerShare(box, 4));
    expect(four).toEqual(["--enable-source-maps", "--max-semi-space-size=4", "--heap-growing-percent=20"]);
    expect(liftsGrowthBound(workerShare(box, 4), four)).toBe(false);
    // Two on 8 GiB are roomy each: V8's young generation, and the bound lifted after start-up.
    const two = workerExecArgv(["--heap-growing-percent=20"], 2 * box, workerShare(2 * box, 2));
    expect(two).toEqual(["--heap-growing-percent=20"]);
    expect(liftsGrowthBound(workerShare(2 * box, 2), two)).toBe(true);
    // Flags an operator chose are not the rule's for the box: kept as they were given.
    const own = ["--max-semi-space-size=32", "--heap-growing-percent=20"];
    expect(workerExecArgv(own, box, workerShare(box, 4))).toEqual(own);
    expect(workerExecArgv([], box, workerShare(box, 4))).toEqual([]);
  });

  it("are what npm start, the cluster and the image give node, and node accepts them", () => {
    const scripts = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts;
    for (const name of ["start", "start:cluster"]) expect(scripts[name]).toContain("exec node $(node bin/node-flags.mjs) bin/run.mjs");
    expect(readFileSync(join(ROOT, "Dockerfile"), "utf8")).toContain('CMD ["sh", "-c", "exec node $(node bin/node-flags.mjs) bin/run.mjs server.ts"]');
    const flags = execFileSync(process.execPath, ["bin/node-flags.mjs"], { cwd: ROOT, encoding: "utf8" }).trim().split(" ");
    expect(flags).toEqual(heapFlagsFor(memoryLimitBytes()));
    // node refuses an unknown flag ("bad option"), so an accepted run proves the line is usable as printed.
    expect(execFileSync(process.execPath, [...flags, "-e", "process.stdout.write('ran')"], { encoding: "utf8" })).toBe("ran");
  });
});

describe("search's words' products", () => {
  // Filled as words are met: 16 MiB below 2 GiB, where a first start must fit 512 MB; 32 MiB from 2 GiB.
  it("take half as much below 2 GiB", () => {
    const MIB = 1024 * 1024;
    expect([512, 1024, 2047, 2048, 24 * 1024].map((m) => wordProductBytes(m * MIB) / MIB)).toEqual([16, 16, 16, 32, 32]);
  });
});
