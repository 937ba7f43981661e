// npm run restore -- --from <file>: puts a backup made by npm run backup in place of DATA_DIR/state.db. Refuses
// while a server (or npm run mcp:stdio) has the folder open, and refuses anything that is not a finished,
// intact backup. The state it replaces is kept beside it (state.db.before-restore-<time>).
import { resolve } from "node:path";
import { loadConfig } from "../config.ts";
import { stringOptions } from "./cli-options.ts";
import { restoreSqlite } from "../storage/backup.ts";

const USAGE = "usage: npm run restore -- --from <file>";
const values = stringOptions("restore", USAGE, ["from"]);
// No file named is a usage mistake like the others (exit 2), told before any setting is read.
if (!values.from) {
  console.error(`restore: name the backup file; ${USAGE}`);
  process.exit(2);
}
try {
  const config = loadConfig();
  // A server on unstorage never reads state.db: a restore into it would report success and change nothing.
  if (config.storage)
    throw new Error(
      `state is kept through unstorage (SANCTUARY_STORAGE=${config.storage}), not in state.db: a backup made by npm run backup restores only into SQLite`,
    );
  if (config.redisUrl) {
    throw new Error("state is in Redis (SANCTUARY_REDIS_URL): stop Redis, put the saved RDB file at its dir/dbfilename, start Redis, then the servers");
  }
  const { keptAs } = restoreSqlite(config.dataDir, resolve(values.from));
  console.log(`restored ${resolve(values.from)} into ${config.dataDir}/state.db${keptAs ? `; the earlier state is kept at ${keptAs}` : ""}`);
} catch (error) {
  console.error(`restore refused: ${(error as Error).message}`);
  process.exit(1);
}
