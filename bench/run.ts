// npm run bench: drives the real server and a bare node:http server (serving a JSON body of the same
// size for each route) with autocannon in one run, alternating them, and prints medians and ratios.
// The route `/api/search*` rotates through ≥ 200 distinct queries (bench/queries.ts), on both servers.
// `{n}` in a route becomes a new value on every request: `--routes "/api/attend?name=visitor-{n}"` is a new name each time.
// Usage: npm run bench [-- --large --seconds 5 --rounds 3 --connections 32 --routes /api/music,/api/now,/api/search*]
import { spawn, type ChildProcess } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { loadLibrary } from "../corpus/library.ts";
import { benchQueries, searchPath } from "./queries.ts";
import { seedReflections } from "./seed.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
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

function run(url: string, seconds: number, connections: number): Promise<{ rps: number; p99: number; p50: number; errors: number }> {
  const origin = url.slice(0, url.indexOf("/", "http://".length));
  const path = url.slice(origin.length);
  const paths = ROTATING[path];
  const requests = paths
    ? paths.map((p) => ({ method: "GET" as const, path: p }))
    : path.includes("{n}")
      ? [{ setupRequest: (req: object) => ({ ...req, path: unique(path, requestNumber++) }) }]
      : undefined;
  return new Promise((resolve, reject) => {
    autocannon({ url: paths ? origin : unique(url, 0), duration: seconds, connections, pipelining: 1, requests }, (err, result) => {
      if (err) return reject(err);
      resolve({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx });
    });
  });
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
    // Search answers 503 until its index is built; wait for it so the search route measures searching.
    // A poll may be reset while the build holds the event loop; that is "not yet", not a failure.
    const indexStatus = () =>
      fetch(`${base}/api/ask/health`).then(
        (r) => r.status,
        () => 0,
      );
    for (let i = 0; i < 600 && (await indexStatus()) !== 200; i++) await new Promise((r) => setTimeout(r, 200));
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

    console.log(`bench: ${rounds} rounds × ${seconds}s, ${connections} connections, node ${process.version}, ${new Date().toISOString()}`);
    const rows: string[][] = [["route", "bytes", "sanctuary req/s", "p50 ms", "p99 ms", "bare req/s", "bare p99 ms", "ratio"]];
    for (const route of routes) {
      const ours: Awaited<ReturnType<typeof run>>[] = [];
      const theirs: Awaited<ReturnType<typeof run>>[] = [];
      // Warm both up first (JIT, caches), so the first measured round is not a cold start.
      await run(base + route, 2, connections);
      await run(`http://127.0.0.1:${barePort}${route}`, 2, connections);
      for (let i = 0; i < rounds; i++) {
        ours.push(await run(base + route, seconds, connections));
        theirs.push(await run(`http://127.0.0.1:${barePort}${route}`, seconds, connections));
      }
      const errors = ours.reduce((n, r) => n + r.errors, 0);
      if (errors) console.warn(`  ${route}: ${errors} errors or non-2xx responses`);
      const rps = median(ours.map((r) => r.rps));
      const bareRps = median(theirs.map((r) => r.rps));
      rows.push([
        route.replace(firstSong, ":slug"),
        String(
          ROTATING[route]
            ? Math.round(ROTATING[route].reduce((n, p) => n + Buffer.byteLength(bodies[p]), 0) / ROTATING[route].length)
            : Buffer.byteLength(bodies[route]),
        ),
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
