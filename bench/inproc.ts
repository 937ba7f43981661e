// Per-request cost inside the process (no sockets): builds the app on a data folder and calls
// `app.request` in a loop, so a change to a route's own code can be measured on a busy machine, where
// HTTP figures swing with the load. Usage: npm run bench:inproc -- --data-dir .bench/data --routes /api/now,/api/reflections
import { parseArgs } from "node:util";
import { createApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createDeps } from "../deps.ts";
import { isMcpRoute, mcpRequests, mcpRouteOf } from "./mcp-routes.ts";
import { benchQueries } from "./queries.ts";

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
const queries = await benchQueries(deps.library);
for (const route of values.routes!.split(",")) {
  let n = 0;
  // An MCP row (bench/mcp-routes.ts) posts its JSON-RPC requests in turn; a REST route is a GET.
  const posts = isMcpRoute(route) ? mcpRequests(mcpRouteOf(route, queries)) : null;
  const request = () => {
    if (!posts) return app.request(`http://127.0.0.1${route.replace("{n}", String(n++))}`);
    const post = posts[n++ % posts.length];
    return app.request(`http://127.0.0.1${post.path}`, { method: "POST", headers: post.headers, body: post.body });
  };
  for (let i = 0; i < Math.min(2000, calls); i++) await (await request()).arrayBuffer();
  const started = process.hrtime.bigint();
  const cpuStarted = process.cpuUsage();
  let bytes = 0;
  let left = calls;
  const lane = async () => {
    while (left-- > 0) bytes = (await (await request()).arrayBuffer()).byteLength;
  };
  await Promise.all(Array.from({ length: Number(values.concurrency) }, lane));
  const us = Number(process.hrtime.bigint() - started) / 1000 / calls;
  // CPU time is steadier than wall time on a shared machine (other processes' turns are not counted).
  const cpu = process.cpuUsage(cpuStarted);
  const cpuUs = (cpu.user + cpu.system) / calls;
  console.log(`${route.padEnd(44)} ${us.toFixed(1).padStart(7)} µs/request  ${cpuUs.toFixed(1).padStart(7)} µs CPU/request  ${bytes} bytes`);
}
await deps.stop();
