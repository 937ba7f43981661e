// npm run bench:mcp-leak: 100,000 MCP calls over keep-alive connections (both eras, tools/call now and tools/list
// in turn) to a real server in a process of its own, started as `npm start` starts one (bench/leak-server.ts),
// with its RSS read after a full collection: after a warm-up, after the calls, and after as many again. A
// stateless dispatch keeps nothing per call, so what grows over the calls is a leak; the second round tells a
// leak (it grows again, as much) from the C allocator settling where a load puts it (it does not).
// Usage: npm run bench:mcp-leak [-- --calls 100000 --connections 10 --data-dir .bench/data]
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { parseArgs } from "node:util";
import type { LeakReading } from "./leak-server.ts";
import { mcpRequests, mcpRouteOf } from "./mcp-routes.ts";
import { startSettings } from "./servers.ts";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "100000" },
    connections: { type: "string", default: "10" },
    "data-dir": { type: "string", default: ".bench/data" },
  },
});

/** The server, started with npm start's flags and environment (startSettings), plus --expose-gc to read after a collection. */
function startLeakServer(): ChildProcess {
  const { flags, env } = startSettings(process.cwd());
  return spawn(process.execPath, [...flags, "--expose-gc", "bin/run.mjs", "bench/leak-server.ts"], {
    env: { ...process.env, ...env, DATA_DIR: values["data-dir"] },
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
}

const server = startLeakServer();
// Its log (an access line a call, at the default level) is kept only to show why, should it not start.
let lastLog = "";
server.stderr?.on("data", (chunk: Buffer) => void (lastLog = (lastLog + chunk.toString()).slice(-4000)));
server.once("exit", (code) => {
  if (!code) return;
  console.error(`the server stopped (exit ${code}):\n${lastLog}`);
  process.exit(1);
});
const [{ url }] = (await once(server, "message")) as [{ url: string }];
const reading = async (): Promise<LeakReading> => {
  server.send("memory");
  return ((await once(server, "message")) as [LeakReading])[0];
};

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
    const res = await fetch(url + r.path, { method: "POST", headers: r.headers, body: r.body });
    if (res.status !== 200) failed++;
    await res.arrayBuffer();
  }
};
const connections = Number(values.connections);
const calls = Number(values.calls);
const round = async (count: number) => {
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, () => lane(Math.ceil(count / connections))));
  return (performance.now() - started) / 1000;
};

await round(10_000); // warm: JIT, caches, the connection pool
const warm = await reading();
const seconds = await round(calls);
const first = await reading();
await round(calls);
const second = await reading();
server.send("close");
await once(server, "exit");

const mb = (x: number) => `${x.toFixed(1)} MB`;
const growth = (from: LeakReading, to: LeakReading) =>
  `RSS ${mb(from.rss)} → ${mb(to.rss)} (${to.rss >= from.rss ? "+" : ""}${mb(to.rss - from.rss)}; anonymous ${to.rssAnon >= from.rssAnon ? "+" : ""}${mb(to.rssAnon - from.rssAnon)}), heap ${mb(from.heap)} → ${mb(to.heap)}`;
console.log(`${calls} MCP calls over ${connections} keep-alive connections in ${seconds.toFixed(1)} s, twice (${failed} not 200)`);
console.log(`the first ${calls}, after a full GC: ${growth(warm, first)}`);
console.log(`the next ${calls}: ${growth(first, second)}`);
