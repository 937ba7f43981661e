// Moves a data folder in the old one-file-per-key layout (atomic-fs-driver: key `a:b:c` in file `a/b/c`)
// into SQLite once, then renames the folder aside (`state.imported-<time>`) so nothing reads it again and
// nothing is deleted. Synchronous, like the binding, and run before the engine serves anything.
import { existsSync, readdirSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import type { SqliteEngine } from "./sqlite-engine.ts";

export interface ImportReport {
  from: string;
  /** Where the old files are now. */
  movedTo: string;
  /** Keys imported, by their first segment (`reflections`, `presence`, `limits`, …). */
  imported: Record<string, number>;
  /** Keys SQLite already held (kept as they were). */
  alreadyPresent: number;
  /** Files whose text looked like JSON but was not (torn or truncated): left out, as reads treated them. */
  damaged: string[];
  /** True when an earlier run had imported the data but stopped before renaming the folder. */
  resumed: boolean;
}

const TEMP_PREFIX = ".tmp-";
const LOCK_PATIENCE_MS = 10 * 60_000;

/** Every file under `dir` as [key, path]; temporary files of interrupted writes are skipped. */
function* files(dir: string, segments: string[] = []): Generator<[string, string]> {
  for (const entry of readdirSync(join(dir, ...segments), { withFileTypes: true })) {
    if (entry.name.startsWith(TEMP_PREFIX)) continue;
    if (entry.isDirectory()) yield* files(dir, [...segments, entry.name]);
    else if (entry.isFile()) yield [[...segments, entry.name].join(":"), join(dir, ...segments, entry.name)];
  }
}

/** The JSON text to store for a file's text, or null when it is damaged. unstorage wrote strings as they were. */
function jsonText(raw: string): string | null {
  try {
    JSON.parse(raw);
    return raw;
  } catch {
    return /^\s*[[{"]/.test(raw) ? null : JSON.stringify(raw);
  }
}

/** Take the write lock, waiting as long as another process's import may take (busy_timeout alone is 5 s). */
function beginImmediate(engine: SqliteEngine): void {
  const deadline = Date.now() + LOCK_PATIENCE_MS;
  for (;;) {
    try {
      engine.db.exec("BEGIN IMMEDIATE");
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw error;
    }
  }
}

/** Import `dir` into the engine's database if it exists; null when there is nothing to import. */
export function importFileState(engine: SqliteEngine, dir: string): ImportReport | null {
  if (!existsSync(dir)) return null;
  const marker = `imported-files:${dir}`;
  const report: ImportReport = {
    from: dir,
    movedTo: `${dir}.imported-${new Date().toISOString().replace(/[:.]/g, "-")}`,
    imported: {},
    alreadyPresent: 0,
    damaged: [],
    resumed: false,
  };
  const insert = engine.db.prepare("INSERT INTO kv (key, value, version) VALUES (?, ?, abs(random() % 1000000000000)) ON CONFLICT (key) DO NOTHING");
  // One process imports; any other one starting now waits here, then finds the folder gone or the marker set.
  beginImmediate(engine);
  try {
    if (!existsSync(dir)) {
      engine.db.exec("ROLLBACK");
      return null;
    }
    report.resumed = engine.db.prepare("SELECT 1 FROM meta WHERE name = ?").raw().get(marker) !== undefined;
    if (!report.resumed) {
      for (const [key, path] of files(dir)) {
        const text = jsonText(readFileSync(path, "utf8"));
        if (text === null) {
          report.damaged.push(key);
          continue;
        }
        if (insert.run(key, text).changes === 0) report.alreadyPresent++;
        else report.imported[key.split(":")[0]] = (report.imported[key.split(":")[0]] ?? 0) + 1;
      }
      engine.db
        .prepare("INSERT INTO meta (name, value) VALUES (?, ?)")
        .run(marker, JSON.stringify({ at: new Date().toISOString(), imported: report.imported }));
    }
    engine.db.exec("COMMIT");
  } finally {
    if (engine.db.inTransaction) engine.db.exec("ROLLBACK");
  }
  // After the commit: a crash before this line leaves the marker, and the next start only renames.
  try {
    renameSync(dir, report.movedTo);
  } catch (error) {
    // Another process that waited on the lock with us renamed it first.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  return report;
}
