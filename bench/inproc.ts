// Per-request cost inside the process (no sockets): builds the app on a data folder and calls
// `app.request` in a loop, so a change to a route's own code can be measured on a busy machine, where
// HTTP figures swing with the load. Usage: npm run bench:inproc -- --data-dir .bench/data --routes /api/now,/api/reflections
import { parseArgs } from "node:util";
import { createApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createDeps } from "../deps.ts";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string", default: ".bench/data" },
    routes: { type: "string", default: "/api/now,/api/now?timezone=Europe/Berlin,/api/reflections" },
    calls: { type: "string", default: "20000" },
    /** Requests in flight at once, as connections would have them (caches see interleaved clocks). */
    concurrency: { type: "string", default: "1" },
  },
});
// Warn, as `npm run bench` runs the server: at info every request writes an access line, which would be measured too.
const config = {
  ...loadConfig({ ...process.env, SANCTUARY_LOG_LEVEL: process.env.SANCTUARY_LOG_LEVEL ?? "warn" }),
  dataDir: values["data-dir"]!,
  recordings: false,
};
const deps = await createDeps(config);
const app = createApp(deps);
const calls = Number(values.calls);
for (const route of values.routes!.split(",")) {
  let n = 0;
  const url = () => `http://127.0.0.1${route.replace("{n}", String(n++))}`;
  for (let i = 0; i < Math.min(2000, calls); i++) await (await app.request(url())).arrayBuffer();
  const started = process.hrtime.bigint();
  const cpuStarted = process.cpuUsage();
  let bytes = 0;
  let left = calls;
  const lane = async () => {
    while (left-- > 0) bytes = (await (await app.request(url())).arrayBuffer()).byteLength;
  };
  await Promise.all(Array.from({ length: Number(values.concurrency) }, lane));
  const us = Number(process.hrtime.bigint() - started) / 1000 / calls;
  // CPU time is steadier than wall time on a shared machine (other processes' turns are not counted).
  const cpu = process.cpuUsage(cpuStarted);
  const cpuUs = (cpu.user + cpu.system) / calls;
  console.log(`${route.padEnd(44)} ${us.toFixed(1).padStart(7)} µs/request  ${cpuUs.toFixed(1).padStart(7)} µs CPU/request  ${bytes} bytes`);
}
await deps.stop();
