// npm run start:cluster: several server processes on one port (node:cluster), sharing state through the
// storage engine: the SQLite file under DATA_DIR by default (WAL: every worker opens it), or Redis when
// SANCTUARY_REDIS_URL is set (also across machines). Each worker runs the ordinary server; first-writer-wins
// records, counters, rate limits, presence, reflections and planner claims are atomic in the engine, and
// caches follow its change counter, so it does not matter which worker a request reaches.
import cluster from "node:cluster";
import { loadConfig, type Config } from "./config.ts";
import { createLogger } from "./core/logger.ts";
import { couldNotStart } from "./core/could-not-start.ts";
import { liftGrowthBoundAfterStart, startServer } from "./server.ts";
import { memoryLimitBytes, workerExecArgv, workerShare } from "./core/memory-limit.mjs";
import { backendFor, notSharedAcrossProcesses } from "./storage/index.ts";
import { DRAIN_GRACE_MS } from "./core/http-drain.ts";
import { onShutdownSignal } from "./core/shutdown-signals.ts";
import { gatherFromPrimary, serveClusterMetrics } from "./core/cluster-metrics.ts";

/** A worker's exit when it could not start at all: the primary stops rather than forking it again and again. */
const COULD_NOT_START = 78;
/** The environment by which the primary names the worker that renders recordings (not a setting: the primary's own). */
const RENDERS = "SANCTUARY_CLUSTER_RENDERS";

let config: Config | undefined;
try {
  config = loadConfig();
} catch (error) {
  couldNotStart(error);
}
const unshareable = config && notSharedAcrossProcesses(backendFor(config));
if (unshareable) {
  // Refused before any worker starts: workers that cannot share state would each keep their own truth.
  couldNotStart(new Error(`the cluster cannot run on this storage. ${unshareable}`));
} else if (config && cluster.isPrimary) {
  const log = createLogger(config.logLevel);
  const workers = config.workers;
  log.info({ workers, port: config.port, shared: config.redisUrl ? "redis" : `${config.dataDir}/state.db` }, "starting workers");
  // Each worker's heap follows its share of the box, as a server given that much memory would start.
  const box = memoryLimitBytes();
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, box, workerShare(box, workers)) });
  // A scrape reaches whichever worker holds the connection: each asks here for every worker's figures, summed.
  if (config.metrics) serveClusterMetrics();
  // One worker renders recordings for all (they share DATA_DIR/media): the first, then whichever replaces it. Told by
  // its environment, since a replacement's cluster id is a new one (worker 1's replacement is 3: none rendered again).
  let renderer: number | undefined;
  const fork = (renders: boolean) => {
    const worker = cluster.fork(renders ? { [RENDERS]: "1" } : {});
    if (renders) renderer = worker.id;
  };
  for (let i = 0; i < workers; i++) fork(i === 0);
  let stopping = false;
  /** Set when a worker could not start: the primary then ends with 1, as the single server does. */
  let failed = false;
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed || code === COULD_NOT_START ? 1 : 0);
      return;
    }
    // Stopped on purpose (a signal to it alone, or its own clean exit): not replaced, but said, with what is left.
    if (signal === "SIGTERM" || signal === "SIGINT" || code === 0) {
      const left = Object.keys(cluster.workers ?? {}).length;
      const rendered = worker.id === renderer;
      log.warn(
        { pid: worker.process.pid, ended: signal ?? code, workersLeft: left },
        `a worker was stopped and is not replaced${rendered && left ? "; the others go on, and recordings are rendered by none until the cluster restarts" : ""}`,
      );
      return;
    }
    if (code === COULD_NOT_START) {
      // Its reason is its own fatal line; another worker would meet the same (a store that does not answer, a port taken).
      log.error({ pid: worker.process.pid }, "a worker could not start; stopping the others");
      failed = true;
      stopAll("SIGTERM");
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    log.warn({ pid: worker.process.pid, ended: signal ?? code }, "worker ended; starting another");
    fork(worker.id === renderer);
  });
  // A signal to the primary alone (a supervisor's stop) reaches every worker, which drains its requests.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      log.info({ signal }, "shutting down workers");
      stopAll(signal);
    });
  }
} else if (config) {
  try {
    // One renderer for the whole cluster, the worker the primary named (the others share its DATA_DIR/media).
    const running = await startServer(config, {}, { reusePort: true, recordings: process.env[RENDERS] === "1" });
    liftGrowthBoundAfterStart(running, workerShare(memoryLimitBytes(), config.workers));
    if (config.metrics) gatherFromPrimary(running.deps.metrics);
    // As the single server's: whatever SANCTUARY_LOG_LEVEL says (only "silent" hides them), one of each per worker.
    const banner = createLogger(config.logLevel === "silent" ? "silent" : "info");
    onShutdownSignal(
      () => running.close(DRAIN_GRACE_MS).then(() => banner.info({ pid: process.pid }, "sanctuary closed cleanly")),
      (message, fields) => running.deps.log.info(fields ?? {}, message),
      { forceOnSecond: false },
    );
    banner.info({ url: running.url, mcp: `${running.url}/mcp`, pid: process.pid }, "ready");
  } catch (error) {
    couldNotStart(error, COULD_NOT_START);
  }
}
