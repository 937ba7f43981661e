// Runs the real server as a separate process (as production does), for multi-process, crash and smoke tests.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { SHARED_DATA_DIR, sharedGlove } from "./embedder.ts";
import { freePort } from "./free-port.ts";
import { seedIndex } from "./search-index.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** What the child has written to stderr so far (its warnings and errors). */
  stderr: () => string;
  /** The child's exit code once it has exited (null when a signal ended it). */
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/** Point a data folder's embeddings at the shared converted vectors, so a child does not convert them again. */
export async function shareEmbeddings(dataDir: string): Promise<void> {
  await sharedGlove();
  await mkdir(dataDir, { recursive: true });
  await symlink(join(SHARED_DATA_DIR, "embeddings"), join(dataDir, "embeddings")).catch(() => {});
}

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * `node bin/run.mjs server.ts` (as npm start runs it: the bundled server) with `env` over quiet defaults; resolves once /api/health answers 200, and
 * throws if the child exits first or is not healthy within `waitMs` (two starts at once on a busy machine
 * may take a minute). Pass PORT to start again on the same port after a stop.
 */
export async function startChildServer(env: Record<string, string>, script = "server.ts", waitMs = 90_000): Promise<ChildServer> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ["bin/run.mjs", script], {
    cwd: ROOT,
    env: {
      ...process.env,
      BASE_URL: "",
      HOST: "127.0.0.1",
      PORT: port,
      SANCTUARY_LOG_LEVEL: "warn",
      SANCTUARY_EMBEDDER: "glove",
      SANCTUARY_RECORDINGS: "off",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + waitMs; ; await new Promise((r) => setTimeout(r, 100))) {
    if (ended(child)) {
      // The port was taken between freePort's probe and this child's listen: another port, once.
      if (env.PORT === undefined && stderr.includes("EADDRINUSE")) return startChildServer({ ...env, PORT: String(await freePort()) }, script, waitMs);
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${stderr}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    // Healthy, and the answer is this child's: its "ready" line says it holds the port. A port asked of the kernel
    // (freePort) can be handed to another test's server before this child binds it; that server would answer the
    // health check (a restore test once read every reflection from the wrong server).
    if (ok && (env.SANCTUARY_LOG_LEVEL === "silent" || stderr.includes('"msg":"ready"'))) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server not healthy within ${waitMs / 1000} s:\n${stderr}`);
    }
  }
  return {
    url,
    process: child,
    stderr: () => stderr,
    exited,
    stop: async (signal = "SIGTERM") => {
      if (ended(child)) return;
      child.kill(signal);
      await exited;
    },
  };
}

export interface Machines {
  servers: ChildServer[];
  /** Stops every server and removes its data folder. */
  stop: () => Promise<void>;
}

/**
 * `count` servers ("machines") on one Redis database, emptied first, each with a data folder of its own
 * (`env` may add to it, e.g. a library folder per machine). `stop` ends them and removes their folders.
 */
export async function startOnOneRedis(
  redisUrl: string,
  count: number,
  env: () => Promise<Record<string, string>> | Record<string, string> = () => ({}),
): Promise<Machines> {
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();
  const dirs: string[] = [];
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const dir = await mkdtemp(join(tmpdir(), "sanctuary-machine-"));
      dirs.push(dir);
      await shareEmbeddings(dir);
      const extra = await env();
      await seedIndex(dir, extra.SANCTUARY_LIBRARY_DIR);
      return startChildServer({ DATA_DIR: dir, SANCTUARY_REDIS_URL: redisUrl, ...extra });
    }),
  );
  return {
    servers,
    stop: async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    },
  };
}
