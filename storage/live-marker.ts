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
  const marker: Marker = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  try {
    mkdirSync(folder(dataDir), { recursive: true });
    writeFileSync(file, JSON.stringify(marker));
  } catch (error) {
    // The first write of a start: a folder that cannot be written says so here, in words (on a read-only folder
    // Node's recursive mkdir answers ENOENT, "no such file", of a folder that is there).
    const code = (error as NodeJS.ErrnoException).code ?? "";
    throw new Error(
      `DATA_DIR ${dataDir} cannot be written (${code || (error as Error).message}): the sanctuary keeps its state there, so it must be a folder this process may write`,
    );
  }
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
