// CPU time of a process and everything it started, read from /proc (Linux): user + system time of each
// process, in milliseconds. CPU per request holds when the load generator, not the server, is the
// bottleneck (both share this machine's cores), which requests per second does not.
import { readdir, readFile } from "node:fs/promises";

/** Clock ticks per second for /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface Stat {
  pid: number;
  ppid: number;
  ticks: number;
}

async function statOf(pid: string): Promise<Stat | null> {
  const text = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (!text) return null;
  // The command name (field 2) may hold spaces and parentheses: the fields after it start past the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // Fields 3 onwards: [0] state, [1] ppid, … [11] utime, [12] stime (fields 14 and 15 of proc(5)).
  return { pid: Number(pid), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** CPU milliseconds used so far by `root` and its live descendants; null where /proc is not there. */
export async function treeCpuMs(root: number): Promise<number | null> {
  const names = await readdir("/proc").catch(() => null);
  if (!names) return null;
  const stats = (await Promise.all(names.filter((n) => /^\d+$/.test(n)).map(statOf))).filter((s): s is Stat => s !== null);
  const children = new Map<number, Stat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const self = stats.find((s) => s.pid === root);
  if (!self) return null;
  let ticks = 0;
  for (const queue = [self]; queue.length;) {
    const s = queue.pop()!;
    ticks += s.ticks;
    queue.push(...(children.get(s.pid) ?? []));
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
