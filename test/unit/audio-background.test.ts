// The background renderer: one low-priority child process, pieces in order, a failure costs one piece.
import { mkdtemp, rm, stat } from "node:fs/promises";
import { getPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderInBackground, type RenderJob, type RenderOutcome } from "../../audio/background.ts";
import { processBudget } from "../../core/memory-budget.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "audio-bg-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("renderInBackground", () => {
  it("renders each job to its file in order, reports failures and carries on", async () => {
    const jobs: RenderJob[] = [
      { path: "blessings/short", input: { kind: "blessing", text: "Go in peace.", seconds: 5 }, file: join(dir, "blessings/short.mp3") },
      // A file path under a regular file cannot be created: this job must fail alone.
      { path: "broken", input: { kind: "prayer", text: "Thank you.", seconds: 3 }, file: join(dir, "blessings/short.mp3", "x.mp3") },
      { path: "chants/tiny", input: { kind: "chant", text: "A minute more.", seconds: 10 }, file: join(dir, "chants/tiny.mp3") },
    ];
    const outcomes: RenderOutcome[] = [];
    const priorities: number[] = [];
    await renderInBackground(jobs, (o) => outcomes.push(o), { niceness: 19, onChild: (pid) => priorities.push(getPriority(pid)) });
    expect(priorities).toEqual([19]); // one child for all three, at the lowest priority
    expect(getPriority()).toBeLessThan(19); // the caller (the server) keeps its own
    expect(outcomes.map((o) => o.job.path)).toEqual(["blessings/short", "broken", "chants/tiny"]);
    expect("error" in outcomes[1]).toBe(true);
    for (const i of [0, 2]) {
      const o = outcomes[i];
      if ("error" in o) throw new Error(o.error);
      expect((await stat(o.job.file)).size).toBe(o.result.bytes);
      expect(o.result.seconds).toBeGreaterThan(1);
    }
  }, 120_000);

  it("stops when aborted, leaving later jobs undone", async () => {
    const stop = new AbortController();
    const jobs: RenderJob[] = ["one", "two", "three"].map((n) => ({
      path: n,
      input: { kind: "prayer", text: `Line ${n}.`, seconds: 3 },
      file: join(dir, `${n}.mp3`),
    }));
    const done: string[] = [];
    await renderInBackground(
      jobs,
      (o) => {
        done.push(o.job.path);
        stop.abort();
      },
      { signal: stop.signal },
    );
    expect(done).toEqual(["one"]);
  }, 120_000);

  it("starts a second renderer beside a live one only while the tree's ceiling allows it", async () => {
    const jobs = (prefix: string): RenderJob[] =>
      ["one", "two", "three"].map((n) => ({ path: n, input: { kind: "prayer", text: `Line ${n}.`, seconds: 3 }, file: join(dir, `${prefix}-${n}.mp3`) }));
    const run = async (prefix: string) => {
      const children: number[] = [];
      const done: string[] = [];
      await renderInBackground(jobs(prefix), (o) => done.push(`${o.job.path}${"error" in o ? ` (${o.error})` : ""}`), {
        renderers: 2,
        onChild: (pid) => children.push(pid),
      });
      return { children, done: done.sort() };
    };
    const ceiling = processBudget.ceiling;
    try {
      // This process alone is past a ceiling of 1 MiB: the second renderer never starts, the first does every piece.
      processBudget.ceiling = 1024 * 1024;
      expect(await run("held")).toEqual({ children: [expect.any(Number)], done: ["one", "three", "two"] });
      // Without a ceiling both start.
      processBudget.ceiling = Number.POSITIVE_INFINITY;
      expect((await run("free")).children).toHaveLength(2);
    } finally {
      processBudget.ceiling = ceiling;
    }
  }, 120_000);
});
