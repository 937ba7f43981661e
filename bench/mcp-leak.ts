// npm run bench:mcp-leak: 100,000 MCP calls over keep-alive connections to a real server in this process (both
// eras, tools/call now and tools/list in turn), with RSS and heap read after a full GC before and after. A
// stateless dispatch keeps nothing per call: what grows here is a leak.
// Usage: npm run bench:mcp-leak [-- --calls 100000 --connections 10 --data-dir .bench/data]
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { startServer } from "../server.ts";
import { mcpRequests, mcpRouteOf } from "./mcp-routes.ts";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "100000" },
    connections: { type: "string", default: "10" },
    "data-dir": { type: "string", default: ".bench/data" },
  },
});
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc (npm run bench:mcp-leak does)");

const config = loadConfig({
  ...process.env,
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: values["data-dir"],
  SANCTUARY_RATE_LIMITS: "off",
  SANCTUARY_RECORDINGS: "off",
  SANCTUARY_LOG_LEVEL: "warn",
});
const running = await startServer(config);
// The start's own growth (the search index built or loaded, the word vectors) is not a leak: measure after it.
await running.deps.search.complete;
const requests = [
  "mcp 2025 tools/call now?timezone=Europe/Berlin",
  "mcp 2026 tools/call now?timezone=Asia/Tokyo",
  "mcp 2025 tools/list",
  "mcp 2026 tools/list",
].flatMap((r) => mcpRequests(mcpRouteOf(r, [])));
let sent = 0;
let failed = 0;
const lane = async (count: number) => {
  for (let i = 0; i < count; i++) {
    const r = requests[sent++ % requests.length];
    const res = await fetch(running.url + r.path, { method: "POST", headers: r.headers, body: r.body });
    if (res.status !== 200) failed++;
    await res.arrayBuffer();
  }
};
const memory = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss / 2 ** 20, heap: m.heapUsed / 2 ** 20, external: m.external / 2 ** 20 };
};
const connections = Number(values.connections);
await Promise.all(Array.from({ length: connections }, () => lane(1000))); // warm: JIT, caches, connection pool
const before = memory();
const calls = Number(values.calls);
const started = performance.now();
await Promise.all(Array.from({ length: connections }, () => lane(Math.ceil(calls / connections))));
const seconds = (performance.now() - started) / 1000;
const after = memory();
const mb = (x: number) => `${x.toFixed(1)} MB`;
console.log(`${calls} MCP calls over ${connections} keep-alive connections in ${seconds.toFixed(1)} s (${failed} not 200)`);
console.log(
  `after a full GC: RSS ${mb(before.rss)} → ${mb(after.rss)} (${after.rss - before.rss >= 0 ? "+" : ""}${mb(after.rss - before.rss)}), heap ${mb(before.heap)} → ${mb(after.heap)}`,
);
await running.close();
process.exit(0);
