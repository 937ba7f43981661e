// npm run start:cluster: several server processes on one port (node:cluster), sharing state through
// Redis. Each worker runs the ordinary server; first-writer-wins records, rate limits, presence and
// planner claims are atomic in Redis, so it does not matter which worker a request reaches.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { loadConfig } from "./config.ts";
import { startServer } from "./server.ts";

const config = loadConfig();
if (cluster.isPrimary) {
  if (!config.redisUrl) {
    console.error("start:cluster needs shared state: set SANCTUARY_REDIS_URL (e.g. redis://127.0.0.1:6379). File storage belongs to one process.");
    process.exit(1);
  }
  const workers = Number(process.env.SANCTUARY_WORKERS ?? availableParallelism());
  console.error(`Sanctuary: starting ${workers} workers on port ${config.port}`);
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
