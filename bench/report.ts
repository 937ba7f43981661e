// The README's table of bench figures, written from the last recorded run (`npm run bench -- --record` writes
// bench/last-run.json and this block), so the README states one run's figures and a test can check them.
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
  rows: BenchRow[];
}

export const LAST_RUN = new URL("./last-run.json", import.meta.url).pathname;
export const README = new URL("../README.md", import.meta.url).pathname;
const BLOCK = /<!-- bench:start -->[\s\S]*<!-- bench:end -->/;

const us = (n: number) => n.toFixed(0);
const ratio = (a: number, b: number) => (a / b).toFixed(2);
const count = (n: number) => Math.round(n).toLocaleString("en-US");
/** The lowest and highest trial ratio, where there were several trials. */
const spread = (ratios: number[] = []) => (ratios.length > 1 ? ` (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})` : "");

/** The README block for a run: how it was taken, then one row per route. */
export function benchBlock(run: BenchRun): string {
  const before = run.before !== undefined;
  const head = [
    "route",
    "bytes",
    "cpu µs/req",
    ...(before ? ["before cpu µs/req", "cpu vs before"] : []),
    "bare cpu µs/req",
    "cpu ratio",
    "req/s",
    "bare req/s",
    "req/s ratio",
  ];
  const lines = [
    `Run of ${run.at.slice(0, 16).replace("T", " ")} UTC, Node ${run.node}, ${run.cores}; ${run.trials > 1 ? `${run.trials} trials (fresh processes each) × ` : ""}${run.rounds} rounds of ${run.seconds} s per server and route, ${run.connections} connections${before ? `, beside commit ${run.before}` : ""}:`,
    "",
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...run.rows.map((r) => {
      const cells = [`\`${r.route}\``, String(r.bytes), us(r.cpu)];
      if (before)
        cells.push(r.beforeCpu === undefined ? "" : us(r.beforeCpu), r.cpuVsBefore === undefined ? "" : `${r.cpuVsBefore.toFixed(2)}${spread(r.trialRatios)}`);
      cells.push(us(r.bareCpu), ratio(r.bareCpu, r.cpu), count(r.rps), count(r.bareRps), ratio(r.rps, r.bareRps));
      return `| ${cells.join(" | ")} |`;
    }),
  ];
  return `<!-- bench:start -->\n${lines.join("\n")}\n<!-- bench:end -->`;
}

/** The README's block as it stands, or null when it has none. */
export function readmeBlock(readme: string): string | null {
  return readme.match(BLOCK)?.[0] ?? null;
}

/** Writes the run to bench/last-run.json and its block into the README. */
export async function recordRun(run: BenchRun): Promise<void> {
  await writeFile(LAST_RUN, `${JSON.stringify(run, null, 2)}\n`);
  const readme = await readFile(README, "utf8");
  if (!BLOCK.test(readme)) throw new Error("README.md has no <!-- bench:start --> … <!-- bench:end --> block to replace");
  await writeFile(README, readme.replace(BLOCK, benchBlock(run)));
}

/** The run as a console table, every figure the bench has (the README keeps the CPU and throughput columns). */
export function printRows(rows: BenchRow[]) {
  const before = rows.some((r) => r.beforeCpu !== undefined);
  const head = ["route", "bytes", "cpu µs/req", ...(before ? ["before cpu µs/req", "cpu vs before"] : []), "bare cpu µs/req", "cpu ratio"];
  head.push("req/s", "p50 ms", "p99 ms", "bare req/s", "req/s ratio");
  const table = [head];
  for (const r of rows) {
    const cells = [r.route, String(r.bytes), r.cpu.toFixed(0)];
    if (before) cells.push(r.beforeCpu?.toFixed(0) ?? "", r.cpuVsBefore?.toFixed(2) ?? "");
    // Bare's CPU over ours: 1 is as cheap as a bare server, 0.5 costs twice as much (the same sense as req/s).
    cells.push(r.bareCpu.toFixed(0), (r.bareCpu / r.cpu).toFixed(2), r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1));
    cells.push(r.bareRps.toFixed(0), (r.rps / r.bareRps).toFixed(2));
    table.push(cells);
  }
  const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
  for (const row of table) console.log(row.map((c, i) => c.padStart(widths[i])).join("  "));
}
