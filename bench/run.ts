// npm run bench: drives the real server and a bare node:http server (serving a JSON body of the same
// size for each route) with keep-alive connections (bench/load.ts) in one run, alternating them, and prints medians
// and ratios. The route `/api/search*` rotates through 6,000 distinct queries (bench/queries.ts), on both servers.
// `{n}` in a route becomes a new value on every request: `--routes "/api/attend?name=visitor-{n}"` is a new name each time.
// Each round reads both servers' CPU time from /proc around it and divides by the requests answered: CPU
// microseconds per request, the primary figure, beside req/s. Rounds are timed, not counted.
// `--floor` adds a third server, a minimal h3 app answering the same bodies (attend's after writing its visit as ours
// does): the framework's own cost over bare.
// Usage: npm run bench [-- --floor --large --trials 1 --seconds 4 --rounds 3 --connections 32 --routes /api/music,/api/now,/api/search*]
// Before and after: npm run bench -- --before ../wt/base --trials 4 [--record] (docs/performance.md).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadLibrary } from "../corpus/library.ts";
import { benchQueries, searchPath } from "./queries.ts";
import { resetPresence, seedReflections } from "./seed.ts";
import { ROTATING, median, run, spelledRequest, unique, type Round } from "./round.ts";
import type { LoadRequest } from "./load.ts";
import { bareMcpPath, isMcpRoute, mcpRequests, mcpRouteOf } from "./mcp-routes.ts";
import { oneConnection } from "./one-connection.ts";
import { printBeforeWords, printMcpRatios, printRows, readRecordedRun, recordRun, versusBefore, type BenchRow } from "./report.ts";
import { pinLoadGenerator, placement, serverCores, startBare, startCheckout, startFloor, startSettings, stop, type Spawned } from "./servers.ts";
import { hostTicks, stolenShare } from "./host-steal.ts";
import { LOUD, bareSlowdown, loudnessLine } from "./loud-host.ts";
import { sameCodeGuard } from "./same-code.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "4" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "32" },
    routes: { type: "string" },
    /** The issue's scale: 1,000,000 reflections and 200,000 visitors of the last 24 hours (own folder, seeded once). */
    large: { type: "boolean", default: false },
    /**
     * Another checkout of this project (a worktree of an earlier commit, its dependencies installed) to measure in
     * the same run, round for round beside this one: "before and after" a change on the same machine state.
     */
    before: { type: "string" },
    /**
     * How many times to start the servers afresh and measure every route again (4 with --before, else 1): one start
     * of the same code can measure dearer than the next for a whole run, its rounds agreeing throughout.
     */
    trials: { type: "string" },
    /** With --before: both servers' young generation (semi-space) in MB, fixed. */
    young: { type: "string", default: "16" },
    /** Also measure h3's own floor: a minimal h3 app serving the same bodies (what the framework costs over bare). */
    floor: { type: "boolean", default: false },
    /** Write the figures to bench/last-run.json and docs/performance.md's table (bench/report.ts). */
    record: { type: "boolean", default: false },
    /** With --record: record even though the bare server ran dearer than in the recorded run (the machine changed). */
    "loud-ok": { type: "boolean", default: false },
  },
});

const DEFAULT_ROUTES = [
  "/api/music",
  "/api/music/:slug",
  "/api/now",
  "/api/now?timezone=Europe/Berlin",
  "mcp 2025 tools/call now?timezone=Europe/Berlin",
  "mcp 2026 tools/call now?timezone=Europe/Berlin",
  "mcp 2025 tools/list",
  "mcp 2026 tools/list",
  "mcp 2026 resources/read sanctuary://songs/:slug",
  "/api/attend?name=bench-{n}&timezone=Asia/Tokyo",
  "mcp 2026 tools/call attend?name=bench-{n}&timezone=Asia/Tokyo",
  "/api/reflections",
  "/api/search*",
  "mcp 2026 tools/call search*",
];

/** A running server and the route spelled for it (`:slug` is its own library's first song). */
interface Target {
  server: Spawned;
  path: (route: string) => string;
  /** An MCP row's requests (POST /mcp), for a server that speaks MCP; the bare server answers its stand-in path. */
  requests?: (route: string) => LoadRequest[] | undefined;
}

let searchQueries: string[] = [];
const mcpRequestsOf = (route: string) => (isMcpRoute(route) ? mcpRequests(mcpRouteOf(route, searchQueries)) : undefined);

async function targetOf(server: Spawned): Promise<Target> {
  const firstSong = ((await (await fetch(`${server.base}/api/music`)).json()) as { songs: Array<{ slug: string }> }).songs[0].slug;
  const spelled = (route: string) => route.replace(":slug", firstSong);
  return { server, path: (route) => (isMcpRoute(route) ? "/mcp" : spelled(route)), requests: (route) => mcpRequestsOf(spelled(route)) };
}

/** Every round of one route, per server, over every trial; and the before/after ratio of each trial. */
interface RouteFigures {
  ours: Round[];
  before: Round[];
  bare: Round[];
  floor: Round[];
  trialRatios: number[];
}

const cpuOf = (rounds: Round[]) => median(rounds.map((r) => r.cpuPerRequest ?? NaN));

/** Warm-up, then `rounds` turns of each target on `route`, the order rotated by one every round (and trial). */
async function measureRoute(targets: Target[], route: string, rounds: number, seconds: number, connections: number, trial: number): Promise<Round[][]> {
  const out = targets.map((): Round[] => []);
  const once = (t: Target, s: number) => run(t.server.base + t.path(route), s, connections, t.server.child.pid!, t.requests?.(route));
  // Warm every server up first (JIT, caches), so the first measured round is not a cold start; then take turns
  // round by round, so a change in the machine's state falls on all of them alike. The order rotates: each
  // server takes each place in the turn equally often (with as many rounds as servers), because the place
  // itself costs: reversing every other round left one server always in the middle, and an A/A run (this
  // checkout against itself) then read it as cheaper.
  for (const t of targets) await once(t, 2);
  for (let i = 0; i < rounds; i++) {
    for (let k = 0; k < targets.length; k++) {
      const t = (k + i + trial) % targets.length;
      out[t].push(await once(targets[t], seconds));
    }
  }
  return out;
}

async function main() {
  const seconds = Number(values.seconds);
  const rounds = Number(values.rounds);
  const connections = Number(values.connections);
  const trials = Number(values.trials ?? (values.before ? 4 : 1));
  // Comparing two checkouts, both get one fixed young generation: V8 sizes it per process as it goes, and two
  // processes of the same code can spend very different shares of a request on garbage collection, more than
  // any code change to compare. A plain run keeps V8's own sizing, as production does.
  const youngFlags = values.before ? [`--min-semi-space-size=${values.young}`, `--max-semi-space-size=${values.young}`] : undefined;
  pinLoadGenerator(); // this process on core 0, the servers it starts on the others
  // A fixed folder, so the converted word vectors and the search index are reused between runs.
  const size = values.large ? { reflections: 1_000_000, presence: 200_000 } : { reflections: 100_000, presence: 0 };
  const folder = join(".bench", values.large ? "large" : "data");
  const dataDir = join(process.cwd(), folder);
  if (await seedReflections(dataDir, size)) console.log(`seeded ${size.reflections} reflections and ${size.presence} visitors into ${dataDir}`);
  const routes = values.routes?.split(",") ?? DEFAULT_ROUTES;
  const queries = await benchQueries(await loadLibrary(new URL("../corpus/library", import.meta.url).pathname));
  ROTATING["/api/search*"] = queries.map(searchPath);
  searchQueries = queries;
  const figures = new Map(routes.map((r): [string, RouteFigures] => [r, { ours: [], before: [], bare: [], floor: [], trialRatios: [] }]));
  const bodies: Record<string, string> = {};
  let bare: Target | null = null;
  let floor: Target | null = null;
  const started: Spawned[] = [];
  const keep = (s: Promise<Spawned>) => s.then((x) => (started.push(x), x));
  const start = (s: Promise<Spawned>) => keep(s).then(targetOf);
  let searchAlone = "";
  let sameCode: (() => Promise<void>) | undefined;
  // The host's own noise over every measured round (bench/host-steal.ts), printed and recorded with the figures.
  const hostBefore = hostTicks(serverCores());
  try {
    for (let trial = 0; trial < trials; trial++) {
      // Fresh processes each trial, the earlier checkout started first every other trial: the same code measures
      // apart from one start to the next (docs/performance.md), so one pair of processes proves little.
      // The earlier checkout runs on its own bench folder (seeded by its own bench run): a store written by a
      // newer release need not open in an older one.
      // Each trial from the same presence: the folders' visitors as seeded (bench/seed.ts resetPresence).
      for (const folderOf of [dataDir, ...(values.before ? [join(values.before, folder)] : [])]) {
        if (!existsSync(folderOf)) continue; // the earlier checkout's own first start makes its folder
        const { removed, visitors } = await resetPresence(folderOf);
        if (trial === 0) console.log(`presence: ${folderOf} back to ${visitors} visitors (${removed} removed)`);
      }
      // Each trial on the code the first one ran (bench/same-code.ts): a source saved mid-run would remake the bundle.
      if (trial > 0) await sameCode?.();
      const startOurs = () => start(startCheckout(process.cwd(), dataDir, youngFlags));
      const startBefore = () => start(startCheckout(values.before!, join(values.before!, folder), youngFlags));
      let ours: Target;
      let before: Target | null = null;
      if (values.before && trial % 2) {
        before = await startBefore();
        ours = await startOurs();
      } else {
        ours = await startOurs();
        if (values.before) before = await startBefore();
      }
      sameCode ??= await sameCodeGuard(process.cwd());
      if (!bare) {
        for (const r of routes.filter(isMcpRoute)) {
          const first = spelledRequest(ours.requests!(r)![0], "sample");
          bodies[bareMcpPath(r)] = await (await fetch(ours.server.base + first.path, { method: "POST", headers: first.headers, body: first.body })).text();
        }
        for (const r of routes.filter((x) => !isMcpRoute(x))) {
          const path = ours.path(r);
          for (const p of ROTATING[path] ?? [path]) bodies[p] = await (await fetch(ours.server.base + unique(p, "sample"))).text();
          if (ROTATING[path]) bodies[path] = bodies[ROTATING[path][0]];
        }
        // A file, not an environment variable: hundreds of bodies exceed the kernel's limit for one variable.
        const bodiesFile = join(dataDir, "..", "bare-bodies.json");
        await writeFile(bodiesFile, JSON.stringify(bodies));
        const barePath = (r: string) => (isMcpRoute(r) ? bareMcpPath(r) : ours.path(r));
        bare = { server: await keep(startBare(bodiesFile)), path: barePath };
        if (values.floor) floor = { server: await keep(startFloor(bodiesFile, join(dataDir, "..", "floor-visits.db"))), path: barePath };
        if (routes.some((r) => ROTATING[r])) console.log(`/api/search* rotates ${queries.length} distinct queries`);
        console.log(
          `bench: ${trials > 1 ? `${trials} trials × ` : ""}${rounds} rounds × ${seconds} s, ${connections} connections, node ${process.version}, ${new Date().toISOString()}`,
        );
        console.log(`cores: ${placement()}`);
        if (!values.before) {
          const { flags, env } = startSettings(process.cwd());
          console.log(
            `server: as npm start runs it: node ${flags.join(" ")} ${Object.entries(env)
              .map(([k, v]) => `${k}=${v}`)
              .join(" ")}`,
          );
        }
        if (values.before)
          console.log(`before: the checkout at ${values.before}, measured round for round beside this one; both with ${youngFlags?.join(" ")}`);
      }
      for (const route of routes) {
        const targets = [ours, ...(before ? [before] : []), ...(floor ? [floor] : []), bare];
        const measured = await measureRoute(targets, route, rounds, seconds, connections, trial);
        const f = figures.get(route)!;
        f.ours.push(...measured[0]);
        f.bare.push(...measured[measured.length - 1]);
        if (floor) f.floor.push(...measured[measured.length - 2]);
        if (before) {
          f.before.push(...measured[1]);
          // Round by round (the median of each round's ratio), so a slow spell of the machine cancels out.
          f.trialRatios.push(median(measured[1].map((r, i) => (r.cpuPerRequest ?? NaN) / (measured[0][i].cpuPerRequest ?? NaN))));
          const ratio = f.trialRatios.at(-1)!;
          console.log(`  trial ${trial + 1}: ${route} cpu vs before ${ratio.toFixed(2)} (${versusBefore(ratio)})`);
        }
        const errors = [...measured[0], ...(before ? measured[1] : [])].reduce((n, r) => n + r.errors, 0);
        if (errors) console.warn(`  ${route}: ${errors} errors or non-2xx responses`);
      }
      if (trial === trials - 1 && routes.includes("/api/search*")) {
        // The distinct queries one at a time, as a single agent asks them (after the load above: caches as warm).
        const alone = await oneConnection(ours.server.base, ROTATING["/api/search*"], seconds);
        searchAlone = `/api/search* at one connection, one request at a time (${alone.requests} distinct-query requests): p50 ${alone.p50.toFixed(2)} ms, p99 ${alone.p99.toFixed(2)} ms`;
      }
      for (const t of [ours, before]) if (t) await stop(t.server);
    }
    const rows = rowsOf(routes, figures, bodies, bare!.path);
    const stolen = stolenShare(hostBefore, hostTicks(serverCores()));
    printRows(rows);
    printBeforeWords(rows);
    printMcpRatios(rows);
    if (searchAlone) console.log(searchAlone);
    if (stolen !== null) console.log(`host: ${(stolen * 100).toFixed(1)}% of the servers' cores was stolen by the host for other machines during the run`);
    const recorded = await readRecordedRun();
    const slowdown = recorded && bareSlowdown(rows, recorded.rows);
    const loudness = recorded && loudnessLine(slowdown, recorded.at);
    if (loudness) console.log(loudness);
    if (values.record && slowdown !== null && slowdown > LOUD && !values["loud-ok"]) {
      console.error(`not recorded: bench/last-run.json keeps the quieter run; --loud-ok records anyway (a slower machine, not a louder hour)`);
      process.exitCode = 1;
    } else if (values.record) {
      const commit = values.before ? spawnSync("git", ["-C", values.before, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim() : "";
      const run = {
        at: new Date().toISOString(),
        node: process.version,
        cores: placement(),
        rounds,
        seconds,
        connections,
        trials,
        rows,
        ...(stolen === null ? {} : { stolen }),
      };
      await recordRun(values.before ? { ...run, before: commit || values.before } : run);
      console.log("recorded in bench/last-run.json and docs/performance.md");
    }
  } finally {
    await Promise.all(started.map(stop));
  }
}

/** One row per route from every round measured. */
function rowsOf(routes: string[], figures: Map<string, RouteFigures>, bodies: Record<string, string>, pathOf: (r: string) => string): BenchRow[] {
  return routes.map((route) => {
    const f = figures.get(route)!;
    const path = pathOf(route);
    const sizes = (ROTATING[path] ?? [path]).map((p) => Buffer.byteLength(bodies[p]));
    return {
      route,
      bytes: Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length),
      cpu: cpuOf(f.ours),
      bareCpu: cpuOf(f.bare),
      roundRatios: f.bare.map((b, i) => (b.cpuPerRequest ?? NaN) / (f.ours[i].cpuPerRequest ?? NaN)),
      ...(f.floor.length ? { floorCpu: cpuOf(f.floor) } : {}),
      rps: median(f.ours.map((r) => r.rps)),
      bareRps: median(f.bare.map((r) => r.rps)),
      p50: median(f.ours.map((r) => r.p50)),
      p99: median(f.ours.map((r) => r.p99)),
      // Earlier's CPU over ours (the median over trials): 1 costs the same as before, below 1 costs more.
      ...(f.before.length ? { beforeCpu: cpuOf(f.before), cpuVsBefore: median(f.trialRatios), trialRatios: f.trialRatios } : {}),
    };
  });
}

await main();
