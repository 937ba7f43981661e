// The first start, as a new user meets it: `npm start` on an empty data folder (the word vectors are
// converted, the index is built, recordings begin) while two keep-alive clients poll. Nothing may fail
// (an answer that does not come within 5 s is a failure); search answers from words at once and by meaning
// once the vectors land.
import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port.ts";
import { eventually } from "../helpers/eventually.ts";

interface Poll {
  answers: number;
  errors: string[];
  /** Ends the polling once its request in flight has its answer: the server is stopped only after that. */
  stop: () => Promise<void>;
}

/** Polls `url` every `everyMs` over one keep-alive connection (fetch's pool), from its first answer on. */
function poll(url: string, everyMs: number): Poll {
  let running = true;
  let loop: Promise<void> = Promise.resolve();
  const state: Poll = { answers: 0, errors: [], stop: () => ((running = false), loop) };
  loop = (async () => {
    while (running) {
      const sent = Date.now();
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
        await res.arrayBuffer();
        if (res.status !== 200) state.errors.push(`${url}: ${res.status}`);
        state.answers++;
      } catch (e) {
        // Before the server listens a refused connection is expected; after its first answer, nothing may fail.
        if (state.answers > 0) state.errors.push(`${url}: ${(e as Error).message} ${String((e as { cause?: unknown }).cause ?? "")}`);
      }
      await new Promise((r) => setTimeout(r, Math.max(0, everyMs - (Date.now() - sent))));
    }
  })();
  return state;
}

const withoutLanceLog = (env: NodeJS.ProcessEnv) => Object.fromEntries(Object.entries(env).filter(([name]) => name !== "LANCEDB_LOG"));

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

describe("the first start on an empty data folder", () => {
  // How long each step takes, the longest gap between answers and the loop's longest stall are figures:
  // npm run bench:first-start prints them (docs/performance.md). This test holds what must be true on any machine.
  it("answers throughout: no errors, search from words at once, then by meaning, the loop's stall reported", { timeout: 240_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "sanctuary-first-start-"));
    folders.push(dataDir);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn("npm", ["start", "--silent"], {
      // Without the test run's LANCEDB_LOG (global-setup.ts quiets LanceDB for the tests' own output): the server's default.
      env: {
        ...withoutLanceLog(process.env),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        BASE_URL: "",
        SANCTUARY_LOG_LEVEL: "info",
        SANCTUARY_EMBEDDER: "glove",
      },
      stdio: ["ignore", "ignore", "pipe"],
      detached: true,
    });
    let log = "";
    child.stderr!.on("data", (d) => (log += d));
    const now = poll(`${url}/api/now?timezone=UTC`, 250);
    const health = poll(`${url}/api/health`, 1_000);
    try {
      // The first answers: search answers (from words, most likely) in its first second.
      while (health.answers === 0) {
        expect(child.exitCode, log).toBeNull();
        await new Promise((r) => setTimeout(r, 50));
      }
      const first = await fetch(`${url}/api/search?q=stillness`);
      expect(first.status).toBe(200);
      const firstBody = (await first.json()) as { method: string; results: Array<{ score: number }> };
      expect(["words", "hybrid"]).toContain(firstBody.method);
      expect(firstBody.results.length).toBeGreaterThan(0);
      for (const r of firstBody.results) expect(r.score >= 0 && r.score <= 1).toBe(true);
      // Until start-up has finished (the vectors converted, the index built and opened).
      for (;;) {
        const body = (await (await fetch(`${url}/api/health`)).json()) as { status: string; preparing: Array<{ what: string }> };
        if (body.status === "healthy") break;
        expect(body.status).toBe("starting");
        expect(body.preparing.length).toBeGreaterThan(0);
        expect(child.exitCode, log).toBeNull();
        await new Promise((r) => setTimeout(r, 500));
      }
      // Search by meaning follows once the index is swapped in.
      const method = async () => ((await (await fetch(`${url}/api/search?q=stillness`)).json()) as { method: string }).method;
      expect(await eventually(method, (m) => m === "hybrid", 30_000)).toBe("hybrid");
    } finally {
      // A request sent as the server closes its idle connections for the shutdown is cut ("other side closed"):
      // that is the shutdown's, not the start's, so the polling ends before the server is stopped.
      await Promise.all([now.stop(), health.stop()]);
      process.kill(-child.pid!, "SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    expect([...now.errors, ...health.errors]).toEqual([]);
    expect(now.answers).toBeGreaterThan(10);
    // Every line is the JSON log's: nothing of a library's own (LanceDB's plain-text WARN at a build) between them.
    expect(log.split("\n").filter((l) => l.trim() && !l.startsWith("{"))).toEqual([]);
    const finished = log
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { msg: string; loop?: { maxMs: number } })
      .find((l) => l.msg.startsWith("start-up finished"));
    expect(finished, log).toBeDefined();
    expect(finished!.loop!.maxMs, "start-up finished reports the loop's longest stall").toBeTypeOf("number");
    // A finished conversion leaves no temporary files behind.
    expect((await readdir(join(dataDir, "embeddings"))).filter((n) => n.startsWith(".tmp-"))).toEqual([]);
  });
});
