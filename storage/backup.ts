// Backups while the server runs. SQLite: `VACUUM INTO` copies one consistent snapshot (a read transaction, so
// writers go on) into `<file>.partial-<pid>`, which is stamped, integrity-checked, synced and only then renamed
// to `<file>`: a copy cut short (kill -9) keeps its .partial name and has no stamp, so restore refuses it.
// Redis: BGSAVE, the server's own snapshot (its RDB file on the Redis machine).
import { chmodSync, closeSync, copyFileSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from "node:fs";
import { isUtf8 } from "node:buffer";
import { basename, dirname, join } from "node:path";
import Database from "libsql";
import { makeFolderSync } from "../core/make-folder.ts";
import { liveProcesses } from "./live-marker.ts";
import { AUTH_REFUSED } from "./redis-engine.ts";

const STAMP_TABLE = "sanctuary_backup";

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

function syncFile(file: string): void {
  const fd = openSync(file, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Why `file` is not a complete Sanctuary backup, or null when it is one (stamped, and SQLite finds it intact). */
export function backupProblem(file: string): string | null {
  if (!existsSync(file)) return `${file} does not exist`;
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { readonly: true });
    const integrity = db.prepare("PRAGMA integrity_check").pluck().all() as string[];
    if (integrity.join() !== "ok") return `SQLite's integrity check failed: ${integrity.slice(0, 3).join("; ")}`;
    const stamped = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = ${quoted(STAMP_TABLE)}`)
      .pluck()
      .get();
    if (!stamped) return "it carries no backup stamp (a copy cut short, or not made by npm run backup)";
    const kv = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'kv'").pluck().get();
    if (!kv) return "it holds no Sanctuary state (no kv table)";
    return damagedValue(db);
  } catch (error) {
    return `it cannot be read as SQLite: ${(error as Error).message}`;
  } finally {
    db?.close();
  }
}

/**
 * The first stored value whose bytes are not UTF-8 text, named, or null: the integrity check reads a file's
 * structure, not what its rows hold, and such a value (a damaged disk, an edited file) is no intact backup.
 */
function damagedValue(db: Database.Database): string | null {
  const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
  const scans: Array<[string, string]> = [["kv", "SELECT key, CAST(value AS BLOB) FROM kv"]];
  if (tables.has("sorted")) scans.push(["sorted", "SELECT name || '/' || CAST(member AS BLOB), CAST(value AS BLOB) FROM sorted"]);
  for (const [table, sql] of scans)
    for (const [key, bytes] of db.prepare(sql).raw().iterate() as Iterable<[string | Buffer, Buffer | null]>)
      if (bytes !== null && !isUtf8(bytes)) return `a value in its ${table} table is damaged (not UTF-8 text), at ${JSON.stringify(String(key))}`;
  return null;
}

export interface BackupReport {
  file: string;
  bytes: number;
  ms: number;
}

/** Copies `dataDir/state.db` to `to` while other processes go on writing it. Throws with the reason when it cannot. */
export function backupSqlite(dataDir: string, to: string, onStep: (step: string) => void = () => {}): BackupReport {
  const source = join(dataDir, "state.db");
  if (!existsSync(source)) throw new Error(`${source} does not exist: is DATA_DIR right?`);
  if (existsSync(to)) throw new Error(`${to} exists already: choose a new name (a backup never overwrites one)`);
  const started = performance.now();
  const partial = join(dirname(to), `${basename(to)}.partial-${process.pid}`);
  rmSync(partial, { force: true });
  const db = new Database(source, { readonly: true });
  try {
    db.pragma("busy_timeout = 10000");
    onStep(`copying ${source} into ${partial}`);
    db.exec(`VACUUM INTO ${quoted(partial)}`);
  } catch (error) {
    // Nothing half-written is left beside the backups (only a killed backup leaves a .partial file).
    rmSync(partial, { force: true });
    throw new Error(`the copy into ${partial} failed (${(error as Error).message}); nothing was left there`, { cause: error });
  } finally {
    db.close();
  }
  const copy = new Database(partial);
  try {
    copy.exec(`DROP TABLE IF EXISTS ${STAMP_TABLE}`);
    copy.exec(`CREATE TABLE ${STAMP_TABLE} (taken_at TEXT NOT NULL, source TEXT NOT NULL)`);
    copy.prepare(`INSERT INTO ${STAMP_TABLE} VALUES (?, ?)`).run(new Date().toISOString(), source);
  } finally {
    copy.close();
  }
  onStep("checking the copy");
  const problem = backupProblem(partial);
  if (problem) throw new Error(`the copy is not sound (${problem}); it is left at ${partial} for inspection`);
  // Readable by its owner alone: it holds every visitor's words and names, whatever the umask.
  chmodSync(partial, 0o600);
  syncFile(partial);
  renameSync(partial, to);
  syncFile(dirname(to));
  return { file: to, bytes: statSync(to).size, ms: Math.round(performance.now() - started) };
}

/** A Redis address as it may be shown: without its password. */
const redactedAddress = (url: string) => url.replace(/\/\/[^@/]*@/, "//");

/** Asks Redis for a snapshot and waits for it; returns where Redis wrote it (on the Redis machine). */
export async function backupRedis(url: string, onStep: (step: string) => void = () => {}): Promise<string> {
  // Loaded here: a backup of SQLite never needs it.
  const { Redis } = await import("ioredis");
  // No retries and no 'error' event left unheard: an unreachable Redis is one clear failure naming it, not
  // ioredis's own "Unhandled error event" with a stack and then "Connection is closed".
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null, connectTimeout: 5000 });
  let heard = "";
  redis.on("error", (error: Error) => (heard = error.message));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    const reason = heard || (error instanceof Error ? error.message : String(error));
    if (AUTH_REFUSED.test(reason)) throw new Error(`Redis at ${redactedAddress(url)} refused the user or password in the address (${reason})`);
    throw new Error(`Redis at ${redactedAddress(url)} could not be reached (${reason})`);
  }
  try {
    const before = await redis.lastsave();
    onStep("BGSAVE: Redis writes its snapshot in the background");
    await redis.bgsave().catch((error: Error) => {
      // One already running is as good as ours once it ends after we asked.
      if (!/already in progress/i.test(error.message)) throw error;
    });
    for (let i = 0; (await redis.lastsave()) === before; i++) {
      if (i > 6000) throw new Error("Redis did not finish its snapshot within 10 minutes");
      await new Promise((r) => setTimeout(r, 100));
    }
    const [, dir] = (await redis.config("GET", "dir").catch(() => [])) as string[];
    const [, file] = (await redis.config("GET", "dbfilename").catch(() => [])) as string[];
    return dir && file ? join(dir, file) : "the RDB file named by Redis's dir and dbfilename settings";
  } finally {
    redis.disconnect();
  }
}

/** Replaces `dataDir/state.db` with a verified backup; refuses while any process has the folder open. */
export function restoreSqlite(dataDir: string, from: string): { keptAs: string | null } {
  const live = liveProcesses(dataDir);
  if (live.length) {
    throw new Error(
      `${dataDir} is in use by ${live.map((m) => `pid ${m.pid} on ${m.host}`).join(", ")}: stop the server (and any npm run mcp:stdio) first, then restore`,
    );
  }
  const problem = backupProblem(from);
  if (problem) throw new Error(`${from} is not a backup to restore: ${problem}`);
  // A fresh machine has no DATA_DIR yet: restoring is how it gets one (made level by level: core/make-folder.ts).
  makeFolderSync(dataDir);
  const target = join(dataDir, "state.db");
  let keptAs: string | null = null;
  if (existsSync(target)) {
    keptAs = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(target, keptAs);
  }
  // A WAL beside the old file belongs to it, not to the restored one.
  for (const suffix of ["-wal", "-shm"]) if (existsSync(target + suffix)) renameSync(target + suffix, `${keptAs ?? target}${suffix}`);
  const partial = `${target}.restoring-${process.pid}`;
  copyFileSync(from, partial);
  // The stamp marks a finished backup file; the live state does not carry it.
  const restored = new Database(partial);
  try {
    restored.exec(`DROP TABLE IF EXISTS ${STAMP_TABLE}`);
  } finally {
    restored.close();
  }
  syncFile(partial);
  renameSync(partial, target);
  syncFile(dataDir);
  return { keptAs };
}
