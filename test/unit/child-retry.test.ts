// A helper process that dies is not the end (issue 36): a child job killed before answering is started
// again after a wait, a renderer killed mid-piece gives the piece to a new one, and when the tries run
// out health says `degraded`, naming what is missing, instead of `starting` for ever.
import { EventEmitter } from "node:events";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderInBackground, type RenderOutcome } from "../../audio/background.ts";
import { answerOf, ChildDied, runInChild } from "../../core/child-job.ts";
import { degradedOf, preparationOf, statusOf } from "../../tools/health.ts";

const DIES_FIRST = new URL("../fixtures/children/dies-first.ts", import.meta.url);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "child-retry-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("a child job that dies", () => {
  it("is started again after a wait, and the job finishes", async () => {
    const counter = join(dir, "twice");
    const heard: string[] = [];
    const answer = await runInChild(DIES_FIRST, { counter, deaths: 2 }, { backoffMs: 50, log: (m) => heard.push(m) });
    expect(answer).toBe("answered by child 3");
    expect(heard).toHaveLength(2);
    expect(heard[0]).toMatch(/exited \(SIGKILL\) before answering; starting it again in \d+ s \(try 2 of 3\)/);
    expect(heard[1]).toMatch(/\(try 3 of 3\)/);
  }, 60_000);

  it("is given up on after its tries, with the last death as the reason", async () => {
    const counter = join(dir, "always");
    const failed = await runInChild(DIES_FIRST, { counter, deaths: 9 }, { backoffMs: 20, tries: 2 }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ChildDied);
    expect((failed as Error).message).toMatch(/dies-first\.ts exited \(SIGKILL\) before answering/);
    expect(await readFile(counter, "utf8")).toBe("2");
  }, 60_000);
});

/** A child process as far as its answer goes: the events a real one emits, in the order a test chooses. */
class FakeChild extends EventEmitter {
  pid?: number = 4242;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
}

describe("how a child's death is reported", () => {
  it("killed before it read its job: the failed send (EPIPE) waits for the exit, which names the signal", async () => {
    const child = new FakeChild();
    const answer = answerOf<string>(child, "wordnet.ts", () => {});
    child.emit("error", Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
    child.signalCode = "SIGKILL";
    child.emit("exit", null, "SIGKILL");
    await expect(answer).rejects.toThrow(new ChildDied("wordnet.ts exited (SIGKILL) before answering", "SIGKILL"));
  });

  it("never started (no pid): the error itself is the reason", async () => {
    const child = Object.assign(new FakeChild(), { pid: undefined });
    const answer = answerOf<string>(child, "wordnet.ts", () => {});
    child.emit("error", new Error("spawn ENOMEM"));
    await expect(answer).rejects.toThrow(new ChildDied("wordnet.ts could not run: spawn ENOMEM"));
  });

  it("answers once: its log lines are heard, and a death after the answer changes nothing", async () => {
    const child = new FakeChild();
    const heard: string[] = [];
    const answer = answerOf<string>(child, "wordnet.ts", (line) => heard.push(line));
    child.emit("message", { log: "reading WordNet" });
    child.emit("message", { result: "done" });
    child.emit("exit", 0, null);
    await expect(answer).resolves.toBe("done");
    expect(heard).toEqual(["reading WordNet"]);
  });
});

describe("a renderer killed while rendering", () => {
  it("hands its piece to a new renderer after a wait, and the piece is recorded", async () => {
    const file = join(dir, "prayer.mp3");
    const job = { path: "prayers/killed", input: { kind: "prayer", text: "Keep the lamp lit a little longer.", seconds: 5 }, file };
    const outcomes: RenderOutcome[] = [];
    const children: number[] = [];
    const retries: number[] = [];
    await renderInBackground([job], (o) => outcomes.push(o), {
      backoffMs: 50,
      // The first renderer is killed as soon as it starts; the second is left to work.
      onChild: (pid) => children.push(pid) === 1 && process.kill(pid, "SIGKILL"),
      onRetry: (_job, error, attempt) => {
        expect(error).toMatch(/renderer exited \(SIGKILL\)/);
        retries.push(attempt);
      },
    });
    expect(children).toHaveLength(2);
    expect(retries).toEqual([2]);
    expect(outcomes).toHaveLength(1);
    const [outcome] = outcomes;
    if ("error" in outcome) throw new Error(outcome.error);
    expect((await stat(file)).size).toBe(outcome.result.bytes);
  }, 120_000);

  it("is reported as a failure once every try has died", async () => {
    const job = { path: "prayers/doomed", input: { kind: "prayer", text: "Rest now.", seconds: 3 }, file: join(dir, "doomed.mp3") };
    const outcomes: RenderOutcome[] = [];
    await renderInBackground([job], (o) => outcomes.push(o), { backoffMs: 20, tries: 2, onChild: (pid) => void process.kill(pid, "SIGKILL") });
    expect(outcomes).toHaveLength(1);
    expect("error" in outcomes[0] && outcomes[0].error).toMatch(/renderer exited \(SIGKILL\)/);
  }, 60_000);
});

describe("health after the tries run out", () => {
  const ready = { words: "ready", expansions: "ready", vectors: "ready", behind: null } as const;
  const recorded = { done: 3, total: 3, failed: 0, rendering: false };

  it("is healthy when everything was prepared, starting while something still is", () => {
    expect(statusOf(preparationOf(ready, null, recorded), degradedOf(ready, recorded))).toBe("healthy");
    const waiting = { ...ready, expansions: "waiting" } as const;
    expect(statusOf(preparationOf(waiting, null, recorded), degradedOf(waiting, recorded))).toBe("starting");
  });

  it("is degraded, naming each missing part, when WordNet, the index or recordings were given up on", () => {
    const failed = { words: "ready", expansions: "failed", vectors: "failed", behind: null } as const;
    const someLost = { done: 2, total: 3, failed: 1, rendering: false };
    const degraded = degradedOf(failed, someLost);
    expect(degraded.map((d) => d.what)).toEqual(["search-expansions", "search-vectors", "recordings"]);
    expect(degraded[2].reason).toMatch(/^1 pieces could not be recorded/);
    expect(statusOf(preparationOf(failed, null, someLost), degraded)).toBe("degraded");
    // Recordings still under way do not hold a degraded server at starting, nor does a lost recording alone read as starting.
    expect(statusOf(preparationOf(ready, null, someLost), degradedOf(ready, someLost))).toBe("degraded");
  });

  it("is degraded while the index answers from an older library because its rebuild failed", () => {
    const behind = { ...ready, behind: "the WordNet child was killed" } as const;
    const degraded = degradedOf(behind, recorded);
    expect(degraded).toEqual([{ what: "search-vectors", reason: expect.stringContaining("(the WordNet child was killed)") }]);
    expect(statusOf(preparationOf(behind, null, recorded), degraded)).toBe("degraded");
  });
});
