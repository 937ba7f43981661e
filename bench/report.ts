// docs/performance.md's table of bench figures, written from the last recorded run (`npm run bench -- --record`
// writes bench/last-run.json and this block), so the page states one run's figures and a test can check them.
import { isMcpRoute, mcpRouteOf } from "./mcp-routes.ts";
import { readFile, writeFile } from "node:fs/promises";

export interface BenchRow {
  route: string;
  bytes: number;
  cpu: number;
  bareCpu: number;
  rps: number;
  bareRps: number;
  p50: number;
  p99: number;
  /**
   * Bare's CPU over ours in each round, the two servers having taken turns within it: how far the run's rounds agree
   * (a host whose load changes from one turn to the next spreads them). Absent from runs recorded before it was kept.
   */
  roundRatios?: number[];
  /** With --floor: a minimal h3 app's CPU per request for the same bytes (the framework's own floor). */
  floorCpu?: number;
  /** With --before: the earlier checkout's CPU per request, and its ratio to ours (median over trials). */
  beforeCpu?: number;
  cpuVsBefore?: number;
  /** With --before: each trial's ratio (the median of its rounds' ratios), in trial order. */
  trialRatios?: number[];
}

export interface BenchRun {
  at: string;
  node: string;
  cores: string;
  rounds: number;
  seconds: number;
  connections: number;
  trials: number;
  /** The earlier commit measured beside this one, when there was one. */
  before?: string;
  /** The share (0–1) of the servers' cores the host ran other machines on during the run (bench/host-steal.ts). */
  stolen?: number;
  rows: BenchRow[];
}

export const LAST_RUN = new URL("./last-run.json", import.meta.url).pathname;
export const PERFORMANCE_DOC = new URL("../docs/performance.md", import.meta.url).pathname;
const BLOCK = /<!-- bench:start -->[\s\S]*<!-- bench:end -->/;

const us = (n: number) => n.toFixed(0);
const ratio = (a: number, b: number) => (a / b).toFixed(2);
const count = (n: number) => Math.round(n).toLocaleString("en-US");
/** The lowest and highest of several ratios (trials', or rounds'), "" for fewer than two. */
const range = (ratios: number[] = []) => (ratios.length > 1 ? `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}` : "");
/** The same range in brackets after a figure. */
const spread = (ratios?: number[]) => (range(ratios) ? ` (${range(ratios)})` : "");

/** One column of the tables: its heading and its cell; `readme` false keeps it to the console (off the page). */
interface Column {
  head: string;
  cell: (r: BenchRow) => string;
  /** The page's cell where it says more than the console's (the trials' or rounds' spread). */
  readmeCell?: (r: BenchRow) => string;
  readme?: false;
}

/** The one list of columns both tables are drawn from. Bare's CPU over ours: 1 is as cheap as a bare server. */
function columns(before: boolean, floor = false): Column[] {
  const floorColumns: Column[] = [
    { head: "h3 floor cpu µs/req", cell: (r) => (r.floorCpu === undefined ? "" : us(r.floorCpu)) },
    { head: "floor ratio", cell: (r) => (r.floorCpu === undefined ? "" : ratio(r.bareCpu, r.floorCpu)) },
  ];
  const beforeColumns: Column[] = [
    { head: "before cpu µs/req", cell: (r) => (r.beforeCpu === undefined ? "" : us(r.beforeCpu)) },
    {
      head: "cpu vs before",
      cell: (r) => r.cpuVsBefore?.toFixed(2) ?? "",
      readmeCell: (r) => (r.cpuVsBefore === undefined ? "" : `${r.cpuVsBefore.toFixed(2)}${spread(r.trialRatios)}`),
    },
  ];
  return [
    { head: "route", cell: (r) => r.route, readmeCell: (r) => `\`${r.route}\`` },
    { head: "bytes", cell: (r) => String(r.bytes) },
    { head: "cpu µs/req", cell: (r) => us(r.cpu) },
    ...(before ? beforeColumns : []),
    { head: "bare cpu µs/req", cell: (r) => us(r.bareCpu) },
    {
      head: "cpu ratio",
      cell: (r) => ratio(r.bareCpu, r.cpu),
      readmeCell: (r) => `${ratio(r.bareCpu, r.cpu)}${spread(r.roundRatios)}`,
    },
    { head: "rounds' ratios", cell: (r) => range(r.roundRatios), readme: false },
    ...(floor ? floorColumns : []),
    { head: "req/s", cell: (r) => count(r.rps) },
    { head: "p50 ms", cell: (r) => r.p50.toFixed(1), readme: false },
    { head: "p99 ms", cell: (r) => r.p99.toFixed(1), readme: false },
    { head: "bare req/s", cell: (r) => count(r.bareRps) },
    { head: "req/s ratio", cell: (r) => ratio(r.rps, r.bareRps) },
  ];
}

/** The docs/performance.md block for a run: how it was taken, then one row per route. */
export function benchBlock(run: BenchRun): string {
  const before = run.before !== undefined;
  const shown = columns(
    before,
    run.rows.some((r) => r.floorCpu !== undefined),
  ).filter((c) => c.readme !== false);
  const lines = [
    `Run of ${run.at.slice(0, 16).replace("T", " ")} UTC, Node ${run.node}, ${run.cores}; ${run.trials > 1 ? `${run.trials} trials (fresh processes each) × ` : ""}${run.rounds} rounds of ${run.seconds} s per server and route, ${run.connections} connections${before ? `, beside commit ${run.before}` : ""}${run.stolen === undefined ? "" : `; the host stole ${(run.stolen * 100).toFixed(1)}% of the servers' cores`}:`,
    "",
    `| ${shown.map((c) => c.head).join(" | ")} |`,
    `|${shown.map(() => "---").join("|")}|`,
    ...run.rows.map((r) => `| ${shown.map((c) => (c.readmeCell ?? c.cell)(r)).join(" | ")} |`),
  ];
  return `<!-- bench:start -->\n${lines.join("\n")}\n<!-- bench:end -->`;
}

/** The recorded block as a page holds it, or null when it has none. */
export function recordedBlock(page: string): string | null {
  return page.match(BLOCK)?.[0] ?? null;
}

/** The run bench/last-run.json holds (null when there is none yet): its own file, parsed as it was written. */
export async function readRecordedRun(): Promise<BenchRun | null> {
  const text = await readFile(LAST_RUN, "utf8").catch(() => null);
  return text === null ? null : (JSON.parse(text) as BenchRun);
}

/** Writes the run to bench/last-run.json and its block into docs/performance.md. */
export async function recordRun(run: BenchRun): Promise<void> {
  await writeFile(LAST_RUN, `${JSON.stringify(run, null, 2)}\n`);
  const page = await readFile(PERFORMANCE_DOC, "utf8");
  if (!BLOCK.test(page)) throw new Error("docs/performance.md has no <!-- bench:start --> … <!-- bench:end --> block to replace");
  await writeFile(PERFORMANCE_DOC, page.replace(BLOCK, benchBlock(run)));
}

/** The run as a console table, every figure the bench has (docs/performance.md keeps the CPU and throughput columns). */
export function printRows(rows: BenchRow[]) {
  const shown = columns(
    rows.some((r) => r.beforeCpu !== undefined),
    rows.some((r) => r.floorCpu !== undefined),
  );
  const table = [shown.map((c) => c.head), ...rows.map((r) => shown.map((c) => c.cell(r)))];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  for (const row of table) console.log(row.map((c, i) => c.padStart(widths[i])).join("  "));
}

/**
 * A "cpu vs before" figure in words: it is the earlier checkout's CPU over this one's, so above 1 this one costs less.
 * A session once read 0.80 as a saving (docs/performance.md, sixty-sixth session); the words say which way it goes.
 */
export function versusBefore(ratio: number): string {
  // No figure where either server's CPU could not be read (a process gone from /proc).
  if (!Number.isFinite(ratio) || ratio <= 0) return "not measured";
  const change = Math.round(Math.abs(1 / ratio - 1) * 100);
  return change === 0 ? "this checkout costs the same" : `this checkout costs ${change}% ${ratio > 1 ? "less" : "more"}`;
}

/** Each row measured beside an earlier checkout, its median "cpu vs before" in words. */
export function printBeforeWords(rows: BenchRow[]) {
  const lines = rows.flatMap((r) => (r.cpuVsBefore === undefined ? [] : [`  ${r.route}: ${r.cpuVsBefore.toFixed(2)}, ${versusBefore(r.cpuVsBefore)}`]));
  if (lines.length) console.log(["cpu vs before (the earlier checkout's CPU over this one's):", ...lines].join("\n"));
}

/**
 * Each MCP row beside its REST twin (the same operation), or for a list the REST read nearest its size: CPU ratio. A
 * route with `{n}` writes a new value per request (attend), no read to weigh a list against.
 */
export function printMcpRatios(rows: BenchRow[]) {
  const rest = rows.filter((r) => !isMcpRoute(r.route));
  const reads = rest.filter((r) => !r.route.includes("{n}"));
  const lines: string[] = [];
  for (const row of rows.filter((r) => isMcpRoute(r.route))) {
    const twinRoute = mcpRouteOf(row.route, []).twin;
    const twin = twinRoute
      ? rest.find((r) => r.route === twinRoute || r.route === twinRoute.replace(/\*$/, ""))
      : [...reads].sort((a, b) => Math.abs(a.bytes - row.bytes) - Math.abs(b.bytes - row.bytes))[0];
    if (twin)
      lines.push(`  ${row.route}: ${(row.cpu / twin.cpu).toFixed(2)}× the CPU of ${twin.route}${twinRoute ? "" : ` (nearest size, ${twin.bytes} bytes)`}`);
  }
  if (lines.length) console.log(["MCP per request beside REST:", ...lines].join("\n"));
}
