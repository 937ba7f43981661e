// Which processes have a data folder open: each writes DATA_DIR/live/<pid>.json at start and removes it at a
// clean stop. `npm run restore` refuses while any listed process is alive (replacing state.db under a running
// server would mix two states); a marker left by a crash names a dead process and is ignored.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

interface Marker {
  pid: number;
  host: string;
  since: string;
}

const folder = (dataDir: string) => join(dataDir, "live");

/** Marks this process as using `dataDir`; the returned function removes the mark. */
export function markLive(dataDir: string): () => void {
  const file = join(folder(dataDir), `${process.pid}.json`);
  mkdirSync(folder(dataDir), { recursive: true });
  const marker: Marker = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  writeFileSync(file, JSON.stringify(marker));
  return () => rmSync(file, { force: true });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Processes on this machine that have `dataDir` open now (markers of ended processes are skipped). */
export function liveProcesses(dataDir: string): Marker[] {
  let names: string[];
  try {
    names = readdirSync(folder(dataDir));
  } catch {
    return [];
  }
  const found: Marker[] = [];
  for (const name of names.filter((n) => n.endsWith(".json"))) {
    try {
      const marker = JSON.parse(readFileSync(join(folder(dataDir), name), "utf8")) as Marker;
      // Another machine's process cannot be checked from here: a shared folder's marker counts as live.
      if (marker.host !== hostname() || (marker.pid !== process.pid && alive(marker.pid))) found.push(marker);
    } catch {
      /* a marker being written or removed right now */
    }
  }
  return found;
}
