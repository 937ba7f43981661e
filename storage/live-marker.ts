// Which processes have a data folder open: each writes DATA_DIR/live/<pid>.json at start, touches it every
// minute, and removes it at a clean stop. `npm run restore` refuses while any listed process is alive (replacing
// state.db under a running server would mix two states). A marker left by a crash is ignored and cleared at the
// next start: it names a dead process, or (another machine's, or a container's whose pid is reused) it has not been
// touched for STALE_MS.
import { readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { makeFolderSync } from "../core/make-folder.ts";
import { hostname } from "node:os";
import { join } from "node:path";

interface Marker {
  pid: number;
  host: string;
  since: string;
}

const folder = (dataDir: string) => join(dataDir, "live");

/** How often a running process touches its marker. */
const TOUCH_MS = 60_000;
/** A marker untouched this long belongs to no running process (three missed touches). */
export const STALE_MS = 3 * TOUCH_MS;

/** Marks this process as using `dataDir`; the returned function removes the mark. */
export function markLive(dataDir: string): () => void {
  const file = join(folder(dataDir), `${process.pid}.json`);
  const marker: Marker = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  try {
    makeFolderSync(folder(dataDir));
    writeFileSync(file, JSON.stringify(marker));
  } catch (error) {
    // The first write of a start: a folder that cannot be written says so here, in words.
    const code = (error as NodeJS.ErrnoException).code ?? "";
    throw new Error(`DATA_DIR ${dataDir} cannot be written (${code || (error as Error).message}): ${unwritableBecause(code)}`);
  }
  // What crashed processes left behind goes now (a marker read as live would refuse a restore for ever).
  for (const stale of markers(dataDir).filter((m) => !m.live)) rmSync(stale.file, { force: true });
  const touch = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      /* removed by hand, or the folder is read-only now: restore then sees no marker, as after a crash */
    }
  }, TOUCH_MS).unref();
  return () => {
    clearInterval(touch);
    rmSync(file, { force: true });
  };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Processes that have `dataDir` open now (markers of ended processes are skipped). */
export function liveProcesses(dataDir: string): Marker[] {
  return markers(dataDir)
    .filter((m) => m.live)
    .map(({ pid, host, since }) => ({ pid, host, since }));
}

/** Every marker in the folder but this process's own, and whether its process still runs. */
function markers(dataDir: string, now = Date.now()): Array<Marker & { file: string; live: boolean }> {
  let names: string[];
  try {
    names = readdirSync(folder(dataDir));
  } catch {
    return [];
  }
  const found: Array<Marker & { file: string; live: boolean }> = [];
  for (const name of names.filter((n) => n.endsWith(".json"))) {
    const file = join(folder(dataDir), name);
    try {
      const marker = JSON.parse(readFileSync(file, "utf8")) as Marker;
      if (marker.host === hostname() && marker.pid === process.pid) continue;
      // Another machine's process cannot be asked from here: its marker's last touch tells.
      const touched = now - statSync(file).mtimeMs < STALE_MS;
      found.push({ ...marker, file, live: touched && (marker.host !== hostname() || alive(marker.pid)) });
    } catch {
      /* a marker being written or removed right now */
    }
  }
  return found;
}

/** What to do about a data folder that refused the start's first write, by the system's code. */
export function unwritableBecause(code: string): string {
  const remedy = UNWRITABLE[code];
  return remedy ?? "the sanctuary keeps its state there, so it must be a folder this process may write";
}

const NOT_YOURS = `this process (user ${process.getuid?.() ?? "?"}) may not write there; give it the folder (chown), or set DATA_DIR to one it owns`;
const FILE_IN_THE_WAY = "a file stands where a folder should be; move the file, or set DATA_DIR to a folder";

const UNWRITABLE: Record<string, string> = {
  ENOSPC:
    "its disk is full; free some space there (a first start writes about 20 MB: the word vectors and the search index; the recordings take about 650 MB more)",
  EDQUOT: "this user's disk quota there is used up; free some space or raise the quota",
  EROFS: "it is on a read-only file system; mount it writable, or set DATA_DIR to a writable folder",
  EACCES: NOT_YOURS,
  EPERM: NOT_YOURS,
  ENOENT: "no folder can be made there (a system folder such as /proc); set DATA_DIR to a folder on a disk",
  ENOTDIR: FILE_IN_THE_WAY,
  EEXIST: FILE_IN_THE_WAY,
};
