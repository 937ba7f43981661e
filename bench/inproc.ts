// Per-request cost inside the process (no sockets): builds the app on a data folder and calls
// `app.request` in a loop, so a change to a route's own code can be measured on a busy machine, where
// HTTP figures swing with the load. Usage: npm run bench:inproc -- --data-dir .bench/data --routes /api/now,/api/reflections
import { PerformanceObserver, constants } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { createApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createDeps } from "../deps.ts";
import { isMcpRoute, mcpRequests, mcpRouteOf } from "./mcp-routes.ts";
import { benchQueries, searchPath } from "./queries.ts";
import { spelledRequest } from "./round.ts";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string", default: ".bench/data" },
    routes: { type: "string", default: "/api/now,/api/now?timezone=Europe/Berlin,/api/reflections" },
    calls: { type: "string", default: "20000" },
    /** Requests in flight at once, as connections would have them (caches see interleaved clocks). */
    concurrency: { type: "string", default: "1" },
  },
});
// Warn by default, so a route's own code is what is measured; `npm run bench` runs the server at its default, info,
// access lines included (SANCTUARY_LOG_LEVEL=info here measures them in process too).
// Rate limits off, as there (bench/servers.ts): one address making thousands of searches is otherwise refused, and a
// refusal is what would be measured.
const config = {
  ...loadConfig({ ...process.env, SANCTUARY_LOG_LEVEL: process.env.SANCTUARY_LOG_LEVEL ?? "warn", SANCTUARY_RATE_LIMITS: "off" }),
  dataDir: values["data-dir"]!,
  recordings: false,
};
const deps = await createDeps(config);
const app = createApp(deps);
const calls = Number(values.calls);
// Garbage collection during the timed calls: on a busy machine CPU figures swing, while the young generation's
// collections per request follow what a request allocates (fix its size with --min/--max-semi-space-size to compare).
const gc = { minor: 0, major: 0, ms: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.ms += entry.duration;
    // A gc entry's `detail` ({ kind }) is not in this @types/node's PerformanceEntry.
    const detail: unknown = Reflect.get(entry, "detail");
    const kind = detail !== null && typeof detail === "object" ? Reflect.get(detail, "kind") : undefined;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gc.minor++;
    else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major++;
  }
}).observe({ entryTypes: ["gc"] });
const queries = await benchQueries(deps.library);
// Search answers from words alone until the vector index opens: measure what a settled server does (hybrid).
if (values.routes!.includes("search")) {
  const given = Date.now();
  while (!deps.search.ready && Date.now() - given < 120_000) await new Promise((resolve) => setTimeout(resolve, 100));
  if (!deps.search.ready) throw new Error("the search index was not ready within 2 minutes");
}
for (const route of values.routes!.split(",")) {
  let n = 0;
  // An MCP row (bench/mcp-routes.ts) posts its JSON-RPC requests in turn; a REST route is a GET.
  const posts = isMcpRoute(route) ? mcpRequests(mcpRouteOf(route, queries)) : null;
  // `/api/search*` rotates the bench's distinct queries, as `npm run bench` does.
  const paths = route === "/api/search*" ? queries.map(searchPath) : null;
  const request = () => {
    if (paths) return app.request(`http://127.0.0.1${paths[n++ % paths.length]}`);
    if (!posts) return app.request(`http://127.0.0.1${route.replace("{n}", String(n++))}`);
    const post = spelledRequest(posts[n % posts.length], n++);
    return app.request(`http://127.0.0.1${post.path}`, { method: "POST", headers: post.headers, body: post.body });
  };
  for (let i = 0; i < Math.min(2000, calls); i++) await (await request()).arrayBuffer();
  // The observer is told of collections on a later turn of the loop, which in-process calls never yield to.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  await settle();
  gc.minor = gc.major = gc.ms = 0;
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
  await settle();
  const gcText = `${((gc.minor * 1000) / calls).toFixed(2).padStart(6)} scavenges/1k ${((gc.major * 1000) / calls).toFixed(2).padStart(5)} full/1k ${((gc.ms * 1000) / calls).toFixed(1).padStart(5)} µs GC/request`;
  console.log(`${route.padEnd(44)} ${us.toFixed(1).padStart(7)} µs/request  ${cpuUs.toFixed(1).padStart(7)} µs CPU/request  ${gcText}  ${bytes} bytes`);
}
await deps.stop();
