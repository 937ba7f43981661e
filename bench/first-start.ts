// npm run bench:first-start: `npm start` on an empty data folder, as a new user meets it, with a keep-alive
// client polling /api/now every 250 ms from a thread of its own (bench/now-poller.mjs). Prints when each milestone came (listening, search answering,
// ask/health 200, start-up finished, the current services of UTC and Europe/Lisbon fully recorded), the
// peak resident memory of the server process and of the whole process tree (npm, tsx, children), the
// longest gap between answers, errors, and the event loop's longest stall as the server logged it.
// Usage: npm run bench:first-start [-- --minutes 6] [--timeline] (--timeline: the tree's memory by role, each second)
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { freePort } from "../test/helpers/free-port.ts";

const { values } = parseArgs({ options: { minutes: { type: "string", default: "6" }, timeline: { type: "boolean", default: false } } });

/** What a process in the tree is, from its command line. */
function roleOf(cmdline: string): string {
  for (const role of ["glove-convert-child", "expansions-child", "render-child"]) if (cmdline.includes(role)) return role;
  if (cmdline.includes("server.") && !cmdline.includes("npm")) return "server";
  if (cmdline.includes("esbuild")) return "esbuild";
  return "npm";
}

const rolesSeen = new Map<string, string>();

/** Resident memory in MB of the tree under `root` (from /proc/<pid>/status), in all and by role. */
async function treeRss(root: number): Promise<{ tree: number; roles: Record<string, number> }> {
  const pids = (await readdir("/proc")).filter((n) => /^\d+$/.test(n));
  const info = await Promise.all(
    pids.map(async (pid) => {
      const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
      const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
      const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? -1);
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      // A busy process's cmdline sometimes reads empty: keep the role it was seen with.
      const role = cmdline ? roleOf(cmdline) : (rolesSeen.get(pid) ?? "unknown");
      if (cmdline) rolesSeen.set(pid, role);
      return { pid: Number(pid), ppid, rss, role };
    }),
  );
  let tree = 0;
  const roles: Record<string, number> = {};
  for (const queue = [root]; queue.length;) {
    const pid = queue.pop()!;
    for (const p of info) {
      if (p.pid === pid) {
        tree += p.rss;
        roles[p.role] = (roles[p.role] ?? 0) + p.rss;
      }
      if (p.ppid === pid) queue.push(p.pid);
    }
  }
  return { tree, roles };
}

const dataDir = await mkdtemp(join(tmpdir(), "sanctuary-first-start-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const started = performance.now();
const startedAt = Date.now();
const loadAtStart = loadavg();
const at = () => Number(((performance.now() - started) / 1000).toFixed(1));
const child = spawn("npm", ["start", "--silent"], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", SANCTUARY_LOG_LEVEL: "info" },
  stdio: ["ignore", "ignore", "pipe"],
  detached: true,
});
const milestones: Record<string, number> = {};
const loops: Record<string, number> = {};
let log = "";
/** The server's own time for each /api/now (its request log: from routing to the answer handed to node). */
const serverMs: number[] = [];
child.stderr!.on("data", (d) => {
  log += d;
  for (const line of String(d).split("\n")) {
    if (!line.startsWith("{")) continue;
    let entry: { msg: string; loop?: { maxMs: number }; path?: string; ms?: number };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // a line split across two reads of the pipe
    }
    if (entry.msg === "request" && entry.path === "/api/now" && typeof entry.ms === "number") serverMs.push(entry.ms);
    if (entry.loop) loops[entry.msg] = entry.loop.maxMs;
    if (entry.msg === "sanctuary is open") milestones["open (search answering)"] ??= at();
    if (entry.msg.startsWith("start-up finished")) milestones["start-up finished"] ??= at();
  }
});

let peakTree = 0;
/** Each second's largest sample: the tree and each role, for --timeline. */
const timeline = new Map<number, { tree: number; roles: Record<string, number> }>();
const peakRoles: Record<string, number> = {};
let lastServer = 0;
const deadline = Date.now() + Number(values.minutes) * 60_000;
const recorded = async (zone: string) => {
  const body = (await (await fetch(`${base}/api/now?timezone=${zone}`)).json()) as { service: { order: Array<{ recording: string | null }> } };
  return body.service.order.every((p) => p.recording);
};
// One sample at a time (the next 200 ms after this one ends): on a loaded machine, overlapping scans of /proc
// held this process's loop for seconds.
let sampling = true;
const sample = async (): Promise<void> => {
  const r = await treeRss(child.pid!);
  peakTree = Math.max(peakTree, r.tree);
  if (r.roles.server) lastServer = r.roles.server; // 0 when read as a zombie after the stop
  for (const [role, mb] of Object.entries(r.roles)) peakRoles[role] = Math.max(peakRoles[role] ?? 0, mb);
  const second = Math.floor(at());
  if ((timeline.get(second)?.tree ?? 0) < r.tree) timeline.set(second, r);
  if (sampling) setTimeout(() => void sample(), 200);
};
void sample();
// The /api/now client runs in a thread of its own (bench/now-poller.mjs): measured from this loop, its
// p99 was this loop's stalls (5.6 s in one run), not the server's answers.
const poller = new Worker(new URL("./now-poller.mjs", import.meta.url), { workerData: { url: `${base}/api/now?timezone=UTC`, intervalMs: 250 } });
interface PollFigures {
  latencies: number[];
  errors: number;
  longestGap: number;
  loopMaxMs: number;
  loopP99Ms: number;
}
const figures = new Promise<PollFigures>((resolve) =>
  poller.on("message", (m: { first: number } | PollFigures) => {
    if ("first" in m) milestones["first answer"] ??= Number(((m.first - startedAt) / 1000).toFixed(1));
    else resolve(m);
  }),
);
let poll: PollFigures;
try {
  while (Date.now() < deadline) {
    const sent = Date.now();
    try {
      if (!milestones["ask/health 200"]) {
        const res = await fetch(`${base}/api/ask/health`);
        await res.arrayBuffer();
        if (res.status === 200) milestones["ask/health 200"] = at();
      }
      if (!milestones["UTC service recorded"] && (await recorded("UTC"))) milestones["UTC service recorded"] = at();
      if (!milestones["Europe/Lisbon service recorded"] && (await recorded("Europe/Lisbon"))) milestones["Europe/Lisbon service recorded"] = at();
    } catch {
      // Not listening yet: the poller counts errors once the server has answered.
    }
    if (milestones["Europe/Lisbon service recorded"] && milestones["UTC service recorded"] && milestones["start-up finished"]) break;
    await new Promise((r) => setTimeout(r, Math.max(0, 1_000 - (Date.now() - sent))));
  }
} finally {
  sampling = false;
  poller.postMessage("stop");
  poll = await figures;
  await poller.terminate();
  process.kill(-child.pid!, "SIGTERM");
  await new Promise((r) => child.once("exit", r));
  await rm(dataDir, { recursive: true, force: true });
}
const { latencies, errors, longestGap } = poll;
const answers = latencies.length;
console.log(`first start on an empty data folder, node ${process.version}, ${new Date().toISOString()}`);
for (const [name, seconds] of Object.entries(milestones)) console.log(`  ${name.padEnd(34)} ${seconds} s`);
const sorted = [...latencies].sort((a, b) => a - b);
const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
const ms = (n: number) => Math.round(n * 10) / 10;
console.log(`  answers ${answers}, errors ${errors}, longest gap between answers ${Math.round(longestGap)} ms`);
console.log(
  `  /api/now over keep-alive: p99 ${ms(p99)} ms, max ${ms(sorted.at(-1) ?? 0)} ms, ${sorted.filter((v) => v > 20).length} of ${sorted.length} over 20 ms`,
);
const server = [...serverMs].sort((a, b) => a - b);
console.log(
  `  (the server's own time: p99 ${server[Math.max(0, Math.ceil(server.length * 0.99) - 1)] ?? 0} ms of ${server.length}; the poller's loop: longest delay ${ms(poll.loopMaxMs)} ms, p99 ${ms(poll.loopP99Ms)} ms)`,
);
console.log(
  `  load average at the start ${loadAtStart.map((l) => l.toFixed(2)).join(", ")}; at the end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}`,
);
console.log(`  peak RSS of the server alone ${Math.round(peakRoles.server ?? 0)} MB; at the end (${at()} s) ${Math.round(lastServer)} MB`);
console.log(
  `  peak RSS of the whole tree ${Math.round(peakTree)} MB; by role: ${Object.entries(peakRoles)
    .map(([r, mb]) => `${r} ${Math.round(mb)} MB`)
    .join(", ")}`,
);
if (values.timeline) {
  for (const [second, r] of timeline) {
    const roles = Object.entries(r.roles).map(([role, mb]) => `${role} ${Math.round(mb)}`);
    console.log(`  ${String(second).padStart(4)} s  tree ${String(Math.round(r.tree)).padStart(4)} MB  ${roles.join(", ")}`);
  }
}
for (const [name, ms] of Object.entries(loops)) console.log(`  event loop's longest stall at "${name}": ${ms} ms`);
if (!milestones["start-up finished"]) console.log(log.split("\n").slice(-20).join("\n"));
