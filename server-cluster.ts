// npm run start:cluster: several server processes on one port (node:cluster), sharing state through the
// storage engine: the SQLite file under DATA_DIR by default (WAL: every worker opens it), or Redis when
// SANCTUARY_REDIS_URL is set (also across machines). Each worker runs the ordinary server; first-writer-wins
// records, counters, rate limits, presence, reflections and planner claims are atomic in the engine, and
// caches follow its change counter, so it does not matter which worker a request reaches.
import cluster from "node:cluster";
import { loadConfig } from "./config.ts";
import { createLogger } from "./core/logger.ts";
import { startServer } from "./server.ts";
import { backendFor, notSharedAcrossProcesses } from "./storage/index.ts";
import { DRAIN_GRACE_MS } from "./core/http-drain.ts";
import { onShutdownSignal } from "./core/shutdown-signals.ts";

const config = loadConfig();
const unshareable = notSharedAcrossProcesses(backendFor(config));
if (unshareable) {
  // Refused before any worker starts: workers that cannot share state would each keep their own truth.
  console.error(`Sanctuary: the cluster cannot run on this storage. ${unshareable}`);
  process.exit(1);
}
if (cluster.isPrimary) {
  const log = createLogger(config.logLevel);
  const workers = config.workers;
  log.info({ workers, port: config.port, shared: config.redisUrl ? "redis" : `${config.dataDir}/state.db` }, "starting workers");
  for (let i = 0; i < workers; i++) cluster.fork();
  let stopping = false;
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (signal === "SIGTERM" || signal === "SIGINT" || code === 0) return;
    log.warn({ pid: worker.process.pid, ended: signal ?? code }, "worker ended; starting another");
    cluster.fork();
  });
  // A signal to the primary alone (a supervisor's stop) reaches every worker, which drains its requests.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, "shutting down workers");
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    });
  }
} else {
  // One renderer for the whole cluster: the first worker's (the others share its DATA_DIR/media).
  const running = await startServer(config, {}, { reusePort: true, recordings: cluster.worker?.id === 1 });
  onShutdownSignal(
    () => running.close(DRAIN_GRACE_MS),
    (message, fields) => running.deps.log.info(fields ?? {}, message),
    { forceOnSecond: false },
  );
}
