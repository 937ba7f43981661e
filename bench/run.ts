// npm run bench: drives the real server and a bare node:http server (serving a JSON body of the same
// size for each route) with autocannon in one run, alternating them, and prints medians and ratios.
// The route `/api/search*` rotates through ≥ 200 distinct queries (bench/queries.ts), on both servers.
// `{n}` in a route becomes a new value on every request: `--routes "/api/attend?name=visitor-{n}"` is a new name each time.
// Each round reads both servers' CPU time from /proc around it and divides by the requests answered: CPU
// microseconds per request, the primary figure (it holds when the load generator is the bottleneck), beside req/s.
// (autocannon's fixed-count mode paced requests at about 10,000/s here, so rounds are timed instead.)
// Usage: npm run bench [-- --large --seconds 4 --rounds 3 --connections 32 --routes /api/music,/api/now,/api/search*]
import { spawn, type ChildProcess } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { loadLibrary } from "../corpus/library.ts";
import { treeCpuMs } from "./cpu.ts";
import { benchQueries, searchPath } from "./queries.ts";
import { seedReflections } from "./seed.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "4" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "32" },
    routes: { type: "string" },
    /** The scale: 1,000,000 reflections and 200,000 visitors of the last 24 hours (own folder, seeded once). */
    large: { type: "boolean", default: false },
  },
});

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  // Up to two minutes: a first start over a fresh folder builds the search index (longer on a busy machine).
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

const BARE_SERVER = `
const http = require("node:http");
const bodies = JSON.parse(require("node:fs").readFileSync(process.env.BODIES_FILE, "utf8"));
http.createServer((req, res) => {
  const body = bodies[req.url] ?? bodies[req.url.replace(/u[0-9]+/g, "{n}")] ?? "{}";
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

/** Rotating routes: each connection walks this list of paths in turn. */
const ROTATING: Record<string, string[]> = {};

/** A route's `{n}` spelled once (for its sample body) or per request. */
const unique = (route: string, n: number | string) => route.replaceAll("{n}", `u${n}`);
let requestNumber = 0;

interface Round {
  rps: number;
  p99: number;
  p50: number;
  errors: number;
  /** CPU microseconds of the server's processes per request answered (null without /proc). */
  cpuPerRequest: number | null;
}

/** `seconds` of requests to `url`, with the CPU time of process `pid` (and its children) read around them. */
async function run(url: string, seconds: number, connections: number, pid: number): Promise<Round> {
  const origin = url.slice(0, url.indexOf("/", "http://".length));
  const path = url.slice(origin.length);
  const paths = ROTATING[path];
  const requests = paths
    ? paths.map((p) => ({ method: "GET" as const, path: p }))
    : path.includes("{n}")
      ? [{ setupRequest: (req: object) => ({ ...req, path: unique(path, requestNumber++) }) }]
      : undefined;
  const before = await treeCpuMs(pid);
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url: paths ? origin : unique(url, 0), duration: seconds, connections, pipelining: 1, requests }, (err, r) => (err ? reject(err) : resolve(r)));
  });
  const elapsed = (performance.now() - started) / 1000;
  const after = await treeCpuMs(pid);
  const answered = result.requests.total;
  return {
    rps: answered / Math.max(0.001, elapsed),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuPerRequest: before !== null && after !== null && answered ? ((after - before) * 1000) / answered : null,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const seconds = Number(values.seconds);
  const rounds = Number(values.rounds);
  const connections = Number(values.connections);
  // A fixed folder, so the converted word vectors and the search index are reused between runs.
  const size = values.large ? { reflections: 1_000_000, presence: 200_000 } : { reflections: 100_000, presence: 0 };
  const dataDir = join(process.cwd(), ".bench", values.large ? "large" : "data");
  if (await seedReflections(dataDir, size)) console.log(`seeded ${size.reflections} reflections and ${size.presence} visitors into ${dataDir}`);
  const appPort = 39_100 + Math.floor(Math.random() * 500);
  const barePort = appPort + 1;
  // Recordings off: the background renderer would take a core from the server being measured (it rendered the
  // whole library during every run on a fresh bench folder, halving the figures).
  const app = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SANCTUARY_LOG_LEVEL: "warn",
      SANCTUARY_RATE_LIMITS: "off",
      SANCTUARY_RECORDINGS: "off",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const children: ChildProcess[] = [app];
  try {
    const base = `http://127.0.0.1:${appPort}`;
    await waitFor(`${base}/api/health`, app);
    // Search answers from words until the vectors are ready (a first start converts them): wait for both halves,
    // so the search route measures the search people get after the first minute.
    const complete = async () => ((await (await fetch(`${base}/api/health`)).json()) as { status: string }).status === "healthy";
    for (let i = 0; i < 1200 && !(await complete()); i++) await new Promise((r) => setTimeout(r, 250));
    const firstSong = ((await (await fetch(`${base}/api/music`)).json()) as { songs: Array<{ slug: string }> }).songs[0].slug;
    const routes = (
      values.routes?.split(",") ?? [
        "/api/music",
        "/api/music/:slug",
        "/api/now",
        "/api/now?timezone=Europe/Berlin",
        "/api/attend?name=bench&timezone=Asia/Tokyo",
        "/api/reflections",
        "/api/search*",
      ]
    ).map((r) => r.replace(":slug", firstSong));
    const queries = await benchQueries(await loadLibrary(new URL("../corpus/library", import.meta.url).pathname));
    ROTATING["/api/search*"] = queries.map(searchPath);
    const bodies: Record<string, string> = {};
    for (const r of routes) {
      for (const path of ROTATING[r] ?? [r]) bodies[path] = await (await fetch(base + unique(path, "sample"))).text();
      if (ROTATING[r]) bodies[r] = bodies[ROTATING[r][0]];
    }
    // A file, not an environment variable: hundreds of bodies exceed the kernel's limit for one variable.
    const bodiesFile = join(dataDir, "..", "bare-bodies.json");
    await writeFile(bodiesFile, JSON.stringify(bodies));
    if (routes.some((r) => ROTATING[r])) console.log(`/api/search* rotates ${queries.length} distinct queries`);
    const bare = spawn(process.execPath, ["-e", BARE_SERVER], { env: { ...process.env, PORT: String(barePort), BODIES_FILE: bodiesFile }, stdio: "inherit" });
    children.push(bare);
    await waitFor(`http://127.0.0.1:${barePort}/`, bare);

    console.log(`bench: ${rounds} rounds × ${seconds} s, ${connections} connections, node ${process.version}, ${new Date().toISOString()}`);
    const rows: string[][] = [
      ["route", "bytes", "cpu µs/req", "bare cpu µs/req", "cpu ratio", "req/s", "p50 ms", "p99 ms", "bare req/s", "bare p99 ms", "req/s ratio"],
    ];
    for (const route of routes) {
      const ours: Round[] = [];
      const theirs: Round[] = [];
      // Warm both up first (JIT, caches), so the first measured round is not a cold start.
      await run(base + route, 2, connections, app.pid!);
      await run(`http://127.0.0.1:${barePort}${route}`, 2, connections, bare.pid!);
      for (let i = 0; i < rounds; i++) {
        ours.push(await run(base + route, seconds, connections, app.pid!));
        theirs.push(await run(`http://127.0.0.1:${barePort}${route}`, seconds, connections, bare.pid!));
      }
      const errors = ours.reduce((n, r) => n + r.errors, 0);
      if (errors) console.warn(`  ${route}: ${errors} errors or non-2xx responses`);
      const rps = median(ours.map((r) => r.rps));
      const bareRps = median(theirs.map((r) => r.rps));
      const cpu = median(ours.map((r) => r.cpuPerRequest ?? NaN));
      const bareCpu = median(theirs.map((r) => r.cpuPerRequest ?? NaN));
      rows.push([
        route.replace(firstSong, ":slug"),
        String(
          ROTATING[route]
            ? Math.round(ROTATING[route].reduce((n, p) => n + Buffer.byteLength(bodies[p]), 0) / ROTATING[route].length)
            : Buffer.byteLength(bodies[route]),
        ),
        cpu.toFixed(0),
        bareCpu.toFixed(0),
        // Bare's CPU over ours: 1 is as cheap as a bare server, 0.5 costs twice as much (the same sense as req/s).
        (bareCpu / cpu).toFixed(2),
        rps.toFixed(0),
        median(ours.map((r) => r.p50)).toFixed(1),
        median(ours.map((r) => r.p99)).toFixed(1),
        bareRps.toFixed(0),
        median(theirs.map((r) => r.p99)).toFixed(1),
        (rps / bareRps).toFixed(2),
      ]);
    }
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    for (const row of rows) console.log(row.map((c, i) => c.padStart(widths[i])).join("  "));
  } finally {
    for (const c of children) c.kill("SIGTERM");
  }
}

await main();
