// npm run start:cluster: several server processes on one port (node:cluster), sharing state through the
// storage engine: the SQLite file under DATA_DIR by default (WAL: every worker opens it), or Redis when
// SANCTUARY_REDIS_URL is set (also across machines). Each worker runs the ordinary server; first-writer-wins
// records, counters, rate limits, presence, reflections and planner claims are atomic in the engine, and
// caches follow its change counter, so it does not matter which worker a request reaches.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { loadConfig } from "./config.ts";
import { startServer } from "./server.ts";
import { backendFor, notSharedAcrossProcesses } from "./storage/index.ts";

const config = loadConfig();
const unshareable = notSharedAcrossProcesses(backendFor(config));
if (unshareable) {
  // Refused before any worker starts: workers that cannot share state would each keep their own truth.
  console.error(`Sanctuary: the cluster cannot run on this storage. ${unshareable}`);
  process.exit(1);
}
if (cluster.isPrimary) {
  const workers = Number(process.env.SANCTUARY_WORKERS ?? availableParallelism());
  console.error(`Sanctuary: starting ${workers} workers on port ${config.port}, sharing ${config.redisUrl ? "Redis" : `${config.dataDir}/state.db`}`);
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (signal === "SIGTERM" || signal === "SIGINT" || code === 0) return;
    console.error(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    cluster.fork();
  });
} else {
  // One renderer for the whole cluster: the first worker's (the others share its DATA_DIR/media).
  const running = await startServer(config, {}, { reusePort: true, recordings: cluster.worker?.id === 1 });
  const stop = () => running.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
