// The SQLite tables and the statements the engine runs, prepared once per connection. Statements that
// return rows are in raw mode (rows as arrays): libsql adds a metadata object to every row object otherwise.
// Call statements with RETURNING through get() only: libsql 0.5's run() leaves them unreset, and the next
// call then silently writes nothing.
import { makeFolderSync } from "../core/make-folder.ts";
import { closeSync, openSync } from "node:fs";
import { dirname } from "node:path";
import Database from "libsql";

export interface SqliteOptions {
  /** A file path, or ":memory:". */
  file: string;
  /**
   * NORMAL (default): in WAL mode a commit is in the OS's hands when the call returns, so it survives
   * kill -9; power loss may take back the last commits since a checkpoint (never corrupts). FULL also
   * survives power loss, at one fsync per commit.
   */
  synchronous?: "NORMAL" | "FULL";
  /** How long a writer waits for another process's write transaction before failing. */
  busyTimeoutMs?: number;
  /** Parsed values kept in memory; dropped whenever another process commits (PRAGMA data_version). */
  cacheEntries?: number;
}

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS kv (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  -- Checked by compare-and-update. A new row starts at a random version, so a key removed and written
  -- again cannot come back to a version a slow writer still holds.
  version INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sorted (
  name TEXT NOT NULL,
  member TEXT NOT NULL,
  score REAL NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (name, member)
) WITHOUT ROWID;
-- Range reads walk this index in order (it ends with the primary key, so ties come out by member).
CREATE INDEX IF NOT EXISTS sorted_by_score ON sorted (name, score);
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
`;

/** Opens (creating if needed) the database with the settings every connection must share. */
/**
 * A new database file is made readable by its owner only, whatever the umask: it holds every visitor's names and words,
 * as a backup does (storage/backup.ts), and SQLite gives its -wal and -shm the file's own mode. An existing file keeps
 * the mode its operator gave it.
 */
function createPrivately(file: string): void {
  try {
    closeSync(openSync(file, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/** What an operator can do about a database file SQLite cannot read, or null where the file is not the trouble. */
export function unusableFileRemedy(code: string | undefined, message: string): string | null {
  if (code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB")
    return "restore the state from a backup (npm run restore, docs/operating.md), or move the file aside to start with no state";
  // libsql names a path it cannot open as a file (a folder, say) by SQLite's code 14, SQLITE_CANTOPEN, in its message.
  if (code === "SQLITE_CANTOPEN" || /Unable to open connection to local database .*: 14\b/.test(message))
    return "it cannot be opened as a database file: check that it is a file this user may read and write, not a folder";
  return null;
}

export function openDatabase(options: SqliteOptions): Database.Database {
  if (options.file !== ":memory:") makeFolderSync(dirname(options.file));
  let db: Database.Database;
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  try {
    if (options.file !== ":memory:") createPrivately(options.file);
    db = new Database(options.file);
    // First (it reads nothing), so that every later statement waits for a process that is already writing.
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    // Reads the header: a file that is not a database fails here, not later. Asked again while another process
    // starting on the same file holds it (SQLITE_BUSY at once: a CI run saw a child fail here, "database is locked").
    execWhileBusy(db, "PRAGMA schema_version", busyTimeoutMs);
  } catch (error) {
    // Named with its file ("file is not a database" alone does not say which), keeping SQLite's code, and with what
    // to do about it where the file itself is the trouble (a start's fatal line says it: an operator's report).
    const code = (error as { code?: string }).code;
    const remedy = unusableFileRemedy(code, (error as Error).message);
    throw Object.assign(new Error(`${options.file}: ${(error as Error).message}${remedy ? `: ${remedy}` : ""}`), { code, cause: error });
  }
  // Switching to WAL can answer SQLITE_BUSY at once, without the busy handler, while another process opens or
  // checkpoints the same file: two processes starting together failed here. Ask again within the same bound.
  execWhileBusy(db, "PRAGMA journal_mode = WAL", busyTimeoutMs);
  db.exec(`PRAGMA synchronous = ${options.synchronous ?? "NORMAL"}`);
  // A burst can grow the WAL; once checkpointed, shrink it back rather than keep the high-water mark.
  db.exec("PRAGMA journal_size_limit = 67108864");
  // Reads through a memory map and a 32 MB page cache instead of one pread per page: a presence count walks
  // a few thousand index pages (200,000 visitors) and, with SQLite's 2 MB default, read them all again each time.
  db.exec("PRAGMA mmap_size = 268435456");
  db.exec("PRAGMA cache_size = -32768");
  execWhileBusy(db, SCHEMA, busyTimeoutMs);
  return db;
}

/** `db.exec(sql)`, asked again every 20 ms while SQLite answers SQLITE_BUSY, for up to `timeoutMs` (opening only). */
function execWhileBusy(db: Database.Database, sql: string, timeoutMs: number): void {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      db.exec(sql);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() >= until) throw error;
      // A synchronous pause: opening is synchronous, and this happens only while another process holds the file.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

const NEW_VERSION = "abs(random() % 1000000000000)";

export const SQL = {
  dataVersion: "PRAGMA data_version",
  // Values read as bytes (engine.ts decodeStoredBytes): text that is not UTF-8 ends the process inside the binding.
  get: "SELECT CAST(value AS BLOB), version FROM kv WHERE key = ?",
  upsert: `INSERT INTO kv (key, value, version) VALUES (?, ?, ${NEW_VERSION})
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, version = kv.version + 1 RETURNING version`,
  insertNew: `INSERT INTO kv (key, value, version) VALUES (?, ?, ${NEW_VERSION}) ON CONFLICT (key) DO NOTHING RETURNING version`,
  compareAndUpdate: "UPDATE kv SET value = ?, version = version + 1 WHERE key = ? AND version = ? RETURNING version",
  // One statement, so the read and the write of a counter cannot be split by another process.
  increment: `INSERT INTO kv (key, value, version) VALUES (?1, ?2, ${NEW_VERSION})
    ON CONFLICT (key) DO UPDATE SET value = CAST(kv.value AS INTEGER) + CAST(excluded.value AS INTEGER), version = kv.version + 1
    WHERE json_type(kv.value) = 'integer' RETURNING value, version`,
  remove: "DELETE FROM kv WHERE key = ?",
  allKeys: "SELECT key FROM kv ORDER BY key",
  // `prefix:` up to `prefix;` (the next character) is exactly the keys below the prefix: an index range.
  keysUnder: "SELECT key FROM kv WHERE key >= ? AND key < ? ORDER BY key",
  sortedPut: `INSERT INTO sorted (name, member, score, value) VALUES (?, ?, ?, ?)
    ON CONFLICT (name, member) DO UPDATE SET score = excluded.score, value = excluded.value`,
  // The many-row forms take a JSON list (sqlite-sorted-puts.ts): one call for a batch's rows of one name.
  sortedPutMany: `INSERT INTO sorted (name, member, score, value) SELECT ?1, j.value ->> 0, j.value ->> 1, j.value ->> 2 FROM json_each(?2) AS j
    WHERE true ON CONFLICT (name, member) DO UPDATE SET score = excluded.score, value = excluded.value`,
  // What a sorted put compares with (sqlite-sorted-puts.ts: a batch's puts of one member are written once).
  sortedScore: "SELECT score FROM sorted WHERE name = ? AND member = ?",
  // By the member's place in the list: the binding cuts text read back at a NUL character. CROSS JOIN keeps the list
  // the outer loop: as a plain JOIN it was planned as a walk of the whole collection (test/unit/sqlite-plans.test.ts).
  sortedScores: "SELECT j.key, s.score FROM json_each(?2) AS j CROSS JOIN sorted AS s ON s.name = ?1 AND s.member = j.value",
  // Members read as bytes: the binding cuts text at a NUL character, and a member may hold any; values as `get` reads them.
  sortedRangeAsc: "SELECT CAST(member AS BLOB), score, CAST(value AS BLOB) FROM sorted WHERE name = ? AND score BETWEEN ? AND ? ORDER BY score, member LIMIT ?",
  sortedRangeDesc:
    "SELECT CAST(member AS BLOB), score, CAST(value AS BLOB) FROM sorted WHERE name = ? AND score BETWEEN ? AND ? ORDER BY score DESC, member DESC LIMIT ?",
  sortedCount: "SELECT count(*) FROM sorted WHERE name = ? AND score BETWEEN ? AND ?",
  sortedRemove: "DELETE FROM sorted WHERE name = ? AND member = ?",
  sortedRemoveRange: "DELETE FROM sorted WHERE name = ? AND score BETWEEN ? AND ?",
} as const;

export type Statements = Record<keyof typeof SQL, Database.Statement>;

export function statements(db: Database.Database): Statements {
  const out = {} as Statements;
  for (const [name, sql] of Object.entries(SQL)) {
    const statement = db.prepare(sql);
    out[name as keyof typeof SQL] = statement.reader ? statement.raw() : statement;
  }
  return out;
}
