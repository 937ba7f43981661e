// Runs the real server as a separate process (as production does), for multi-process and crash tests.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, symlink } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { SHARED_DATA_DIR, sharedGlove } from "./embedder.ts";

export interface ChildServer {
  url: string;
  process: ChildProcess;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const port = (probe.address() as { port: number }).port;
  await new Promise((r) => probe.close(r));
  return port;
}

/** Point a data folder's embeddings at the shared converted vectors, so a child does not convert them again. */
export async function shareEmbeddings(dataDir: string): Promise<void> {
  await sharedGlove();
  await mkdir(dataDir, { recursive: true });
  await symlink(join(SHARED_DATA_DIR, "embeddings"), join(dataDir, "embeddings")).catch(() => {});
}

export async function startChildServer(env: Record<string, string>, script = "server.ts"): Promise<ChildServer> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ["--import", "tsx", script], {
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
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    process: child,
    stop: (signal = "SIGTERM") =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      }),
  };
}
