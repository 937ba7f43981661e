// How much of the servers' cores the host gave to other machines during a run: the "steal" column of /proc/stat
// (time a virtual CPU was ready to run and the hypervisor ran something else). On a shared host the same build's
// CPU per request swings with its neighbours (docs/performance.md), so a run says how quiet it was, in a figure
// anyone can compare, instead of leaving "a quiet machine" to be guessed from the bare server's figures.
import { readFileSync } from "node:fs";

/** Clock ticks per core, from /proc/stat: all time counted, and the part stolen. */
export interface CoreTicks {
  total: number;
  steal: number;
}

/** The `cpuN` lines of /proc/stat's text, by core number (fields: user nice system idle iowait irq softirq steal …). */
export function coreTicksOf(stat: string): Map<number, CoreTicks> {
  const out = new Map<number, CoreTicks>();
  for (const line of stat.split("\n")) {
    const m = /^cpu(\d+)\s+(.*)$/.exec(line);
    if (!m) continue;
    // guest and guest_nice (fields 9 and 10) are already inside user and nice: counted once.
    const fields = m[2].trim().split(/\s+/).slice(0, 8).map(Number);
    out.set(Number(m[1]), { total: fields.reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 });
  }
  return out;
}

/** A snapshot of the given cores' ticks; null where /proc/stat cannot be read (not Linux). */
export function hostTicks(cores: number[]): CoreTicks | null {
  let stat: string;
  try {
    stat = readFileSync("/proc/stat", "utf8");
  } catch {
    return null;
  }
  const byCore = coreTicksOf(stat);
  const picked = cores.map((c) => byCore.get(c)).filter((t): t is CoreTicks => t !== undefined);
  if (!picked.length) return null;
  return { total: picked.reduce((n, t) => n + t.total, 0), steal: picked.reduce((n, t) => n + t.steal, 0) };
}

/** The share (0–1) of the cores' time stolen between two snapshots; null without both or without time between. */
export function stolenShare(before: CoreTicks | null, after: CoreTicks | null): number | null {
  if (!before || !after) return null;
  const total = after.total - before.total;
  return total > 0 ? (after.steal - before.steal) / total : null;
}
