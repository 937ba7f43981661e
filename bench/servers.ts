// The processes a bench run measures: the server of a checkout (this one, or an earlier one to compare with)
// and the bare node:http server that serves the same bodies. Each is a child whose CPU time is read from /proc.
import { execFileSync, spawn, spawnSync, type ChildProcess, type SpawnOptions } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { SQL, openDatabase } from "../storage/sqlite-schema.ts";
import { freePort } from "../test/helpers/free-port.ts";

export interface Spawned {
  base: string;
  child: ChildProcess;
}

// The load generator (this process) on the first core and the servers on the others, when `taskset` can say so:
// left to the scheduler, a server's event loop sometimes shares a core with the load generator and sometimes not,
// and the same code then measured apart from one start to the next.
const cores = availableParallelism();
let pinned = false;

/**
 * Puts this process on core 0, where it stays (the servers started after it run on the other cores). Asked for by the
 * bench when it begins, never on import: a test importing these helpers pinned its worker, and with it every process
 * the worker started for the files after it.
 */
export function pinLoadGenerator(): void {
  pinned ||= cores >= 2 && spawnSync("taskset", ["-pc", "0", String(process.pid)], { stdio: "ignore" }).status === 0;
}

/** The cores the servers run on: all but the load generator's once it is pinned, else every core. */
export const serverCores = (): number[] => Array.from({ length: cores }, (_, i) => i).filter((i) => !pinned || i > 0);
/** The servers' cores as taskset reads them ("1", "1-3"). */
const serverRange = (): string => {
  const servers = serverCores();
  return servers.length === 1 ? `${servers[0]}` : `${servers[0]}-${servers.at(-1)}`;
};

export function placement(): string {
  if (!pinned) return "not pinned to cores (no taskset, or one core): expect more spread between starts";
  const range = serverRange();
  return `load generator on core 0, servers on ${range.includes("-") ? "cores" : "core"} ${range}`;
}

/** `node args…`, on the servers' cores once the load generator is pinned. */
function spawnNode(args: string[], options: SpawnOptions): ChildProcess {
  return pinned ? spawn("taskset", ["-c", serverRange(), process.execPath, ...args], options) : spawn(process.execPath, args, options);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `url` answers; throws if the process exits first or nothing answers within two minutes. */
export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  // Up to two minutes: a first start over a fresh folder builds the search index (longer on a busy machine).
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}`);
    try {
      await (await fetch(url)).arrayBuffer();
      return;
    } catch {
      await pause(100);
    }
  }
  throw new Error(`${url} did not come up`);
}

/**
 * The node flags and environment `npm start` gives the server (package.json's start script), so the bench
 * measures the server as people run it: e.g. `--heap-growing-percent=20` and `MALLOC_ARENA_MAX=2`.
 */
export function startSettings(root: string): { flags: string[]; env: Record<string, string> } {
  const script: string = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts?.start ?? "";
  const beforeImport = script.split(/--import|bin\/run\.mjs/)[0];
  // Flags chosen by the box's memory (`$(node bin/node-flags.mjs)`), else written in the script (older checkouts).
  const chosen = beforeImport.includes("bin/node-flags.mjs") ? execFileSync(process.execPath, ["bin/node-flags.mjs"], { cwd: root, encoding: "utf8" }) : "";
  const flags = (chosen || beforeImport).match(/--[\w-]+=\S+/g) ?? [];
  const env = Object.fromEntries([...script.matchAll(/\b([A-Z_]+)=\$\{\1:-([^}]+)\}/g)].map((m) => [m[1], process.env[m[1]] ?? m[2]]));
  return { flags, env };
}

/**
 * Given flags (a fixed young generation, to compare two checkouts) replace the start script's young generation sizes
 * and keep its other flags, so comparing two checkouts compares their start flags too.
 */
export function withYoungFlags(scriptFlags: readonly string[], youngFlags: readonly string[]): string[] {
  return [...scriptFlags.filter((f) => !/^--(min|max)-semi-space-size=/.test(f)), ...youngFlags];
}

/**
 * The server of the checkout at `root` on its own bench folder, once its search is complete (a first start
 * answers from words until the vectors are ready): routes are measured as people meet them after the first minute.
 */
export async function startCheckout(root: string, dataDir: string, nodeFlags?: string[]): Promise<Spawned> {
  const port = await freePort();
  const settings = startSettings(root);
  // Recordings off: the background renderer would take a core from the server being measured (it rendered the
  // whole library during every run on a fresh bench folder, halving the figures).
  // As npm start runs it (the bundled server), or through tsx in a checkout from before bin/run.mjs.
  const entry = existsSync(join(root, "bin/run.mjs")) ? [join(root, "bin/run.mjs"), "server.ts"] : ["--import", "tsx", join(root, "server.ts")];
  const flags = nodeFlags ? withYoungFlags(settings.flags, nodeFlags) : settings.flags;
  const child = spawnNode([...flags, ...entry], {
    cwd: root,
    env: {
      ...process.env,
      ...settings.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // Default settings, as people run the server (info: an access line per request), but for rate limits,
      // which would refuse a load test's requests by the thousand.
      SANCTUARY_RATE_LIMITS: "off",
      SANCTUARY_RECORDINGS: "off",
    },
    // Its log lines (the ready banner included) are not the bench's: only a failure to start is shown.
    stdio: ["ignore", "ignore", "pipe"],
  });
  const logTail: string[] = [];
  child.stderr?.on("data", (chunk: Buffer) => logTail.push(String(chunk)) > 40 && logTail.shift());
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child).catch((error: unknown) => {
    process.stderr.write(logTail.join(""));
    throw error;
  });
  const complete = async () => ((await (await fetch(`${base}/api/health`)).json()) as { status: string }).status === "healthy";
  for (let i = 0; i < 1200 && !(await complete()); i++) await pause(250);
  return { base, child };
}

// Each body encoded once, as the bytes they are: answered as a string, a body holding one character beyond Latin-1
// (an em dash) was encoded twice a request, and the bare server's cost moved with the hour's text (attend's 18.8 KB:
// 26–28 µs a request as a string, 14.5 as bytes), which flattered every ratio read against it.
const BARE_SERVER = `
const http = require("node:http");
const bodies = JSON.parse(require("node:fs").readFileSync(process.env.BODIES_FILE, "utf8"));
const bytes = new Map(Object.entries(bodies).map(([path, body]) => [path, Buffer.from(body)]));
const none = Buffer.from("{}");
http.createServer((req, res) => {
  const body = bytes.get(req.url) ?? bytes.get(req.url.replace(/u[0-9]+/g, "{n}")) ?? none;
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
  res.end(body);
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

/** A bare node:http server answering each path with the body in `bodiesFile` (a JSON object path → body). */
export async function startBare(bodiesFile: string): Promise<Spawned> {
  const port = await freePort();
  const child = spawnNode(["-e", BARE_SERVER], { env: { ...process.env, PORT: String(port), BODIES_FILE: bodiesFile }, stdio: "inherit" });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`, child);
  return { base, child };
}

// The framework's own floor: h3's `serve` (srvx) with one catch-all route answering the same bodies with the same
// headers as the bare server, as srvx's FastResponse (as ours are: adapters/headers.ts). What it costs over bare is h3's and srvx's per request (web Request and Response
// objects, routing); what ours costs over it is this project's code. Given a database (FLOOR_DB), attend's floor also
// does what attend cannot do without: the visit written durably before the answer, with our own statements for a
// new name (FLOOR_SQL: storage/sqlite-schema.ts), the visits of one turn in one transaction as ours groups them.
const FLOOR_SERVER = `
import { H3, serve } from "h3";
import { FastResponse } from "srvx";
import { readFileSync } from "node:fs";
import Database from "libsql";
const bodies = JSON.parse(readFileSync(process.env.BODIES_FILE, "utf8"));
const bytes = new Map(Object.entries(bodies).map(([path, body]) => [path, Buffer.from(body)]));
const visits = process.env.FLOOR_DB ? visitWriter(process.env.FLOOR_DB, JSON.parse(process.env.FLOOR_SQL)) : null;
function visitWriter(file, sql) {
  const db = new Database(file);
  for (const pragma of ["journal_mode = WAL", "synchronous = NORMAL", "mmap_size = 268435456", "cache_size = -32768"]) db.exec("PRAGMA " + pragma);
  const scores = db.prepare(sql.sortedScores).raw();
  const putMany = db.prepare(sql.sortedPutMany);
  let pending = null;
  const commit = () => {
    const batch = pending;
    pending = null;
    try {
      db.exec("BEGIN IMMEDIATE");
      const known = new Map(scores.all("presence", JSON.stringify(batch.map((v) => v.name))));
      putMany.run("presence", JSON.stringify(batch.map((v) => [v.name, v.at, "null"])));
      db.exec("COMMIT");
      batch.forEach((v, i) => v.done(!known.has(i)));
    } catch (error) {
      // Each answer fails (the bench counts it) rather than the process.
      if (db.inTransaction) db.exec("ROLLBACK");
      batch.forEach((v) => v.fail(error));
    }
  };
  return (name, at) => new Promise((done, fail) => {
    if (!pending) (pending = []), setImmediate(commit);
    pending.push({ name, at, done, fail });
  });
}
const app = new H3().all("/**", async (event) => {
  // The path as sent (the bare server reads it the same way): a parsed URL would re-encode some queries.
  const url = event.runtime?.node?.req?.url ?? event.url.pathname + event.url.search;
  const body = bytes.get(url) ?? bytes.get(url.replace(/u[0-9]+/g, "{n}")) ?? Buffer.from("{}");
  const name = visits && event.url.pathname === "/api/attend" ? event.url.searchParams.get("name") : null;
  if (name) await visits(name.trim().toLowerCase(), Date.now());
  return new FastResponse(body, { headers: { "content-type": "application/json; charset=utf-8", "content-length": String(body.byteLength) } });
});
serve(app, { port: Number(process.env.PORT), hostname: "127.0.0.1", silent: true, gracefulShutdown: false });
`;

/**
 * A minimal h3 app (this checkout's h3) answering each path with the body in `bodiesFile`, as the bare server does;
 * with `visitsDb`, a database of our schema made afresh there, attend's answers each wait for their visit's commit.
 */
export async function startFloor(bodiesFile: string, visitsDb?: string): Promise<Spawned> {
  const port = await freePort();
  if (visitsDb) {
    for (const file of [visitsDb, `${visitsDb}-wal`, `${visitsDb}-shm`]) rmSync(file, { force: true });
    openDatabase({ file: visitsDb }).close();
  }
  const visits = visitsDb ? { FLOOR_DB: visitsDb, FLOOR_SQL: JSON.stringify({ sortedScores: SQL.sortedScores, sortedPutMany: SQL.sortedPutMany }) } : {};
  const child = spawnNode(["--input-type=module", "-e", FLOOR_SERVER], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), BODIES_FILE: bodiesFile, ...visits },
    stdio: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`, child);
  return { base, child };
}

/** Ends a spawned process and waits until it has exited (its port is free again for the next trial). */
export async function stop(spawned: Spawned): Promise<void> {
  if (spawned.child.exitCode !== null || spawned.child.signalCode !== null) return;
  const exited = new Promise((resolve) => spawned.child.once("exit", resolve));
  spawned.child.kill("SIGTERM");
  await exited;
}
