// How loud the host is against the recorded run: the bare server answers the same bytes in every run, so its CPU per
// request moves only with the machine. The steal figure (bench/host-steal.ts) misses neighbours that share the
// caches and memory: runs with nothing stolen read a bare server at 27–31 µs where the recorded run read 16–18
// (docs/performance.md, thirty-sixth and thirty-seventh sessions). A record from such a run would put the host's
// noise in the README as the server's cost, so `--record` refuses it unless told the machine itself changed.
import type { BenchRow } from "./report.ts";

/** Bare's CPU this much dearer than in the recorded run, at the median over the routes both measured, is a loud host. */
export const LOUD = 1.25;

/** This run's bare CPU per request over the recorded run's, the median over the routes both measured; null with none in common. */
export function bareSlowdown(rows: readonly BenchRow[], recorded: readonly BenchRow[]): number | null {
  const before = new Map(recorded.map((r) => [r.route, r.bareCpu]));
  const ratios = rows.flatMap((r) => {
    const then = before.get(r.route);
    return then && then > 0 && r.bareCpu > 0 ? [r.bareCpu / then] : [];
  });
  if (!ratios.length) return null;
  ratios.sort((a, b) => a - b);
  const mid = ratios.length >> 1;
  return ratios.length % 2 ? ratios[mid] : (ratios[mid - 1] + ratios[mid]) / 2;
}

/** The line the bench prints about it (null: nothing recorded to compare with). */
export function loudnessLine(slowdown: number | null, recordedAt: string): string | null {
  if (slowdown === null) return null;
  const said = `host: the bare server took ${slowdown.toFixed(2)}× the CPU a request of the run recorded at ${recordedAt}`;
  return slowdown > LOUD ? `${said}: a loud host, so these figures are the host's as much as the server's` : said;
}
