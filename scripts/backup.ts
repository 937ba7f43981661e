// npm run backup -- --to <file>: a consistent copy of the state while the server runs (SQLite), or a Redis
// snapshot (BGSAVE) when SANCTUARY_REDIS_URL is set. Reads DATA_DIR like the server. Exit 0 only for a finished backup.
import { resolve } from "node:path";
import { loadConfig } from "../config.ts";
import { stringOptions } from "./cli-options.ts";
import { backupRedis, backupSqlite } from "../storage/backup.ts";

const USAGE = "usage: npm run backup -- --to <file>";
const values = stringOptions("backup", USAGE, ["to"]);
try {
  const config = loadConfig();
  // State kept through unstorage is not in state.db: a backup of state.db would copy nothing of it.
  if (config.storage === "unstorage:fs")
    throw new Error(`state is kept as files under ${config.dataDir}/kv (SANCTUARY_STORAGE=unstorage:fs): copy that folder while the server is stopped`);
  if (config.storage === "unstorage:memory")
    throw new Error("state is kept in memory only (SANCTUARY_STORAGE=unstorage:memory): there is nothing on disk to back up");
  if (config.redisUrl) {
    // Redis writes its snapshot on its own machine; a file named here would never be written, and a nightly job
    // checking the exit code would believe it was.
    if (values.to) throw new Error("--to names a SQLite backup file; with SANCTUARY_REDIS_URL set, Redis writes its own snapshot: leave --to out");
    const where = await backupRedis(config.redisUrl, (step) => console.log(step));
    console.log(`Redis saved its snapshot to ${where} (on the Redis machine): copy that file somewhere safe.`);
  } else {
    if (!values.to) throw new Error("name the backup file: npm run backup -- --to <file>");
    const report = backupSqlite(config.dataDir, resolve(values.to), (step) => console.log(step));
    console.log(`backup written: ${report.file} (${report.bytes} bytes, ${report.ms} ms)`);
  }
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exit(1);
}
