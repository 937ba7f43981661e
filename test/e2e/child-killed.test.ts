// A first start whose WordNet child is killed (as a small machine's OOM killer did, issue 36): the server
// starts it again after a wait, start-up finishes, and health ends healthy, never `starting` for ever.
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { shareEmbeddings } from "../helpers/child-server.ts";
import { freePort } from "../helpers/free-port.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

/** The pid of a child of `parent` whose command line names `module`, or null. */
async function childRunning(parent: number, module: string): Promise<number | null> {
  for (const pid of (await readdir("/proc")).filter((n) => /^\d+$/.test(n))) {
    const [status, cmdline] = await Promise.all([readFile(`/proc/${pid}/status`, "utf8"), readFile(`/proc/${pid}/cmdline`, "utf8")]).catch(() => ["", ""]);
    if (Number(/PPid:\s+(\d+)/.exec(status)?.[1]) === parent && cmdline.includes(module)) return Number(pid);
  }
  return null;
}

describe("a first start whose WordNet child is killed", () => {
  it("starts the child again after a wait and finishes start-up healthy", { timeout: 240_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "sanctuary-child-killed-"));
    folders.push(dataDir);
    await shareEmbeddings(dataDir);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = spawn(process.execPath, ["bin/run.mjs", "server.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        BASE_URL: "",
        SANCTUARY_LOG_LEVEL: "info",
        SANCTUARY_EMBEDDER: "glove",
        SANCTUARY_RECORDINGS: "off",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let log = "";
    server.stderr!.on("data", (d) => (log += d));
    try {
      // The WordNet child appears a moment after the start; it is killed the moment it is seen.
      let killed = false;
      for (const deadline = Date.now() + 90_000; !killed && Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
        expect(server.exitCode, log).toBeNull();
        const pid = await childRunning(server.pid!, "expansions-child"); // its bundle (expansions-child-<hash>.mjs), or the .ts
        if (pid) killed = process.kill(pid, "SIGKILL");
      }
      expect(killed, log).toBe(true);
      let status = "";
      for (const deadline = Date.now() + 150_000; status !== "healthy" && Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
        const body = (await fetch(`${url}/api/health`).then(
          (r) => r.json(),
          () => ({}),
        )) as { status?: string; degraded?: unknown[] };
        status = body.status ?? "";
        expect(status, log).not.toBe("degraded");
      }
      expect(status, log).toBe("healthy");
      expect(log).toMatch(/expansions-child\.ts exited \(SIGKILL\) before answering; starting it again in 2 s \(try 2 of 3\)/);
      const search = (await (await fetch(`${url}/api/search?q=stillness`)).json()) as { method: string };
      expect(search.method).toBe("hybrid");
    } finally {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
  });
});
