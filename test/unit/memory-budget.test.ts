// What scales with memory follows the memory the server is given (issue 36): a container's cgroup limit,
// else the machine's; at 512 MB one renderer.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryLimitBytes, renderersFor } from "../../core/memory.ts";

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
