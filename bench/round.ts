// One timed round of load against one server: bench/load.ts for `seconds`, the server's CPU time from /proc
// around it (bench/cpu.ts), divided by the requests answered.
import { treeCpuMs } from "./cpu.ts";
import { load, type LoadRequest } from "./load.ts";

/** Rotating routes: requests take this list's paths in turn (one count across connections). */
export const ROTATING: Record<string, string[]> = {};

const RUN = Date.now();

/**
 * A route's `{n}` spelled once (for its sample body) or per request. Per request it begins with this run's start
 * time: the bench folder keeps a day of visits, so a count restarting at 0 in the next run would attend with names
 * the folder already holds, and "a new name" would be a known one. Digits only (the bare server reads `u[0-9]+`).
 */
export const unique = (route: string, n: number | string) => route.replaceAll("{n}", typeof n === "number" ? `u${RUN}${String(n).padStart(9, "0")}` : `u${n}`);
let requestNumber = 0;

export interface Round {
  rps: number;
  p99: number;
  p50: number;
  errors: number;
  /** CPU microseconds of the server's processes per request answered (null without /proc). */
  cpuPerRequest: number | null;
}

/**
 * `seconds` of requests to `url`, with the CPU time of process `pid` (and its children) read around them. `given`
 * are whole requests to send in turn instead (an MCP row's POSTs).
 */
export async function run(url: string, seconds: number, connections: number, pid: number, given?: LoadRequest[]): Promise<Round> {
  const origin = url.slice(0, url.indexOf("/", "http://".length));
  const path = url.slice(origin.length);
  // A list of requests is handed out with one count across connections: each connection walking the list from
  // its start would send every query once per connection, within a few requests of each other (so caches keyed
  // by the query would answer all but the first).
  const list = given ?? ROTATING[path]?.map((p): LoadRequest => ({ path: p }));
  const one: LoadRequest = { path: unique(path, 0) };
  const next = list
    ? () => spelledRequest(list[requestNumber % list.length], requestNumber++)
    : path.includes("{n}")
      ? (): LoadRequest => ({ path: unique(path, requestNumber++) })
      : () => one;
  const before = await treeCpuMs(pid);
  const started = performance.now();
  const result = await load(origin, { seconds, connections, next });
  const elapsed = (performance.now() - started) / 1000;
  const after = await treeCpuMs(pid);
  const answered = result.total;
  return {
    rps: answered / Math.max(0.001, elapsed),
    p50: result.p50,
    p99: result.p99,
    errors: result.errors + result.non2xx,
    cpuPerRequest: before !== null && after !== null && answered ? ((after - before) * 1000) / answered : null,
  };
}

/** A request with `{n}` in its body (an MCP attend's name) spelled anew, as a REST route's path is; others as given. */
export const spelledRequest = (request: LoadRequest, n: number | string): LoadRequest =>
  request.body?.includes("{n}") ? { ...request, body: unique(request.body, n) } : request;

/** The middle value, or the mean of the two middle values of an even count. */
export const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
