// How long a start takes to answer: spawns the real server on a data folder (by default the large bench
// folder, seeded by `npm run bench -- --large`), polls /api/health every 20 ms and prints the time from
// spawn to the first 200, several times. Usage: npm run bench:restart -- --data-dir .bench/large --times 3
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { freePort } from "../test/helpers/free-port.ts";

const { values } = parseArgs({
  options: { "data-dir": { type: "string", default: ".bench/large" }, times: { type: "string", default: "3" } },
});

async function once(port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ["bin/run.mjs", "server.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: values["data-dir"], SANCTUARY_LOG_LEVEL: "warn", SANCTUARY_RECORDINGS: "off" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const status = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.arrayBuffer().then(() => r.status),
        () => 0,
      );
      if (status === 200) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const port = await freePort();
for (let i = 1; i <= Number(values.times); i++) console.log(`start ${i}: /api/health answered 200 after ${((await once(port)) / 1000).toFixed(2)} s`);
