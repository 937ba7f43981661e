// Entry point: read settings, build the app, listen. `startServer` is also what the tests use.
// The loop monitor is imported first, so it watches everything start-up does after it.
import { loopFigures } from "./core/loop-monitor.ts";
import { serve, type H3 } from "h3";
import type { Server as HttpServer } from "node:http";
import { createServer as createNetServer } from "node:net";
import { pathToFileURL } from "node:url";
import { setImmediate as nextTurn } from "node:timers/promises";
import { createApp } from "./app.ts";
import { clusterOnlyNotice, loadConfig, unknownSettings, type Config } from "./config.ts";
import { createDeps, type Deps, type DepsOverrides } from "./deps.ts";
import { DRAIN_GRACE_MS, KEEP_ALIVE_TIMEOUT_MS, drain, watchConnections } from "./core/http-drain.ts";
import { onShutdownSignal } from "./core/shutdown-signals.ts";
import { couldNotStart } from "./core/could-not-start.ts";
import { limitProcessBudget, processBudget } from "./core/memory-budget.ts";
import { INDEX_BUILD_GROWTH_BYTES, budgetBinds, memoryLimitBytes } from "./core/memory.ts";
import { liftsGrowthBound } from "./core/memory-limit.mjs";
import { setFlagsFromString } from "node:v8";
import { createLogger } from "./core/logger.ts";
import { listenRefusal } from "./core/listen-refusal.ts";
import { answerClientErrors } from "./adapters/client-errors.ts";
import { unsetBaseUrlNotice } from "./adapters/mcp-host.ts";
import { ServerResponseWithReason } from "./adapters/status-line.ts";
import { loadRenderers } from "./web/pages/markdown.ts";

/** A server before it listens: what it serves, built once; `app.fetch(request)` answers with no socket. */
export interface OpenedApp {
  deps: Deps;
  app: H3;
}

export interface RunningServer extends OpenedApp {
  url: string;
  /** Stops serving, then background work and the store. With a grace, requests in flight finish first (up to it). */
  close: (graceMs?: number) => Promise<void>;
}

/** Builds the dependencies and mounts every route, without listening (the tests' in-process target calls `app.fetch`). */
export async function openApp(config: Config, overrides: DepsOverrides = {}): Promise<OpenedApp> {
  const deps = await createDeps(config, overrides);
  // Mounting every route is a task of its own, apart from the routes' building (core/loop-monitor.ts counts each).
  await nextTurn();
  const app = createApp(deps);
  deps.media.watch();
  return { deps, app };
}

/** Listens on `host`:`port` for a moment and lets go, or throws the refusal with the setting to change. */
async function canListen(host: string, port: number): Promise<void> {
  const probe = createNetServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", (error) => reject(listenRefusal(error, host, port)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** `reusePort` lets several processes listen on one port (start:cluster); the kernel spreads connections. */
export async function startServer(
  config: Config,
  overrides: DepsOverrides = {},
  options: { reusePort?: boolean; recordings?: boolean } = {},
): Promise<RunningServer> {
  // A port taken or a HOST this machine lacks is said before the start opens anything (the store, the library, the
  // word vectors' conversion), not seconds later. Not in a cluster: the workers there share the port on purpose.
  if (!options.reusePort) await canListen(config.host, config.port);
  const { deps, app } = await openApp(config, overrides);
  // A request (headers and body) must arrive within 8 s, checked every second: a slow or never-ending
  // body cannot hold a socket.
  const server = serve(app, {
    port: config.port,
    hostname: config.host,
    silent: true,
    reusePort: options.reusePort,
    // Our own shutdown (below) drains requests in flight; srvx's would stop listening and cut them.
    gracefulShutdown: false,
    // Responses name their reason phrase ("200 OK"): adapters/status-line.ts.
    node: { requestTimeout: 8_000, headersTimeout: 8_000, connectionsCheckingInterval: 1_000, ServerResponse: ServerResponseWithReason },
  });
  // A refused listen ends the start: what was opened for it is closed, and the reason names the setting to change.
  await server.ready().catch(async (error: unknown) => {
    await deps.stop().catch(() => {});
    throw listenRefusal(error, config.host, config.port);
  });
  // Plain HTTP/1.1 always (no TLS options are given), so the node server is an http.Server.
  const nodeServer = server.node?.server as HttpServer | undefined;
  const address = server.node?.server?.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const host = config.host === "0.0.0.0" ? "localhost" : config.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  if (nodeServer) {
    nodeServer.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    watchConnections(nodeServer);
    // A request Node's parser refuses (headers past 16 KB, too slow, not HTTP) is answered in the error shape too. Its
    // Host cannot be relied on, so without BASE_URL its links are paths: the listen address named localhost to a
    // remote agent (an outside tester's report).
    answerClientErrors(nodeServer, config.baseUrl ?? "");
  }
  // "Open" once a search can answer too (from words, about a second after listening on an empty folder). Not
  // awaited: the caller's signal handlers must be in place as soon as the server listens.
  // Neither milestone is said once the server is closing: "open" after "shutting down" read as a restart.
  let closing = false;
  void Promise.race([deps.search.answerable, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]).then(() => {
    if (closing) return;
    deps.log.info({ url, search: deps.search.method, loop: loopFigures() }, "sanctuary is open");
    const notice = unsetBaseUrlNotice(config);
    // A warning: what an operator must set before others rely on the links (SANCTUARY_LOG_LEVEL=warn still shows it).
    if (notice) deps.log.warn(notice);
  });
  // The start-up's milestones, with the event loop's longest stall so far: a stall is a defect to fix.
  void deps.search.complete.then(async () => {
    if (closing) return;
    deps.log.info({ loop: loopFigures() }, "start-up finished: search answers by meaning and words");
    // What pages render with, loaded while nothing waits rather than by the first page asked for (a stdio start,
    // which renders none, never loads them: web/pages/markdown.ts).
    await loadRenderers().catch((error: unknown) => deps.log.warn({ reason: String(error) }, "page renderers not loaded; the first page tries again"));
  });
  setTimeout(() => deps.log.info({ loop: loopFigures() }, "first two minutes"), 120_000).unref();
  // Only after listening, and once search's vectors are ready (or a minute has passed): visitors are served
  // first, the word vectors next (a first start converts them in a child), then the renderers run at the
  // lowest priority beside them. Their memory then never adds to the conversion's.
  if (config.recordings && options.recordings !== false) {
    const waited = new Promise((resolve) => setTimeout(resolve, 60_000).unref());
    void Promise.race([deps.search.complete, waited]).then(() => {
      // Started before search is complete, a renderer would meet the index build's growth (measured in
      // docs/performance.md): the memory budget counts it until the build ends, at most 90 s (a search that never
      // completes holds nothing for long).
      const bounded = new Promise((resolve) => setTimeout(resolve, 90_000).unref());
      processBudget.hold(INDEX_BUILD_GROWTH_BYTES, Promise.race([deps.search.complete, bounded]));
      return deps.recorder.start();
    });
  }
  return {
    url,
    deps,
    app,
    close: async (graceMs = 0) => {
      closing = true;
      // Requests first (they may still write), then background work and the store.
      const drained = graceMs > 0 && nodeServer ? await drain(nodeServer, graceMs) : (await server.close(true), true);
      if (!drained) deps.log.warn({ graceMs }, "requests still in flight after the grace were cut");
      await deps.stop();
    },
  };
}

/**
 * The old generation's growth is bounded through the first start's index build (npm start's flags); given `memory`
 * of 2 GiB or more, V8 sizes it itself once search is complete, for fewer full collections under load
 * (core/memory-limit.mjs). V8 reads the flag at each collection (checked on Node 20 and 22); 0 is its own default.
 */
export function liftGrowthBoundAfterStart(running: Pick<RunningServer, "deps">, memory: number): void {
  if (!liftsGrowthBound(memory)) return;
  void running.deps.search.complete.then(() => {
    setFlagsFromString("--heap-growing-percent=0");
    running.deps.log.info({ memoryMiB: Math.round(memory / 2 ** 20) }, "start-up over: the heap's growth left to V8 (2 GiB or more given)");
  });
}

/** The server as a program (npm start, the image): started, stopped on SIGTERM/SIGINT, "ready" logged. */
export async function main(): Promise<void> {
  try {
    // The server run as a program (npm start, the image) on a small box keeps its children within its memory budget;
    // on a larger one, only a renderer beside another (unless SANCTUARY_RENDERERS asks for more): a second renderer
    // took a checkout's first start past the tree's bound (issue 36; figures in docs/performance.md).
    const config = loadConfig();
    const memory = memoryLimitBytes();
    const binds = budgetBinds(memory);
    if (binds || config.renderers === undefined) limitProcessBudget(undefined, binds);
    const running = await startServer(config);
    liftGrowthBoundAfterStart(running, memory);
    // The start's and the stop's lines are written whatever SANCTUARY_LOG_LEVEL says (only "silent" hides them), as JSON.
    const banner = createLogger(config.logLevel === "silent" ? "silent" : "info");
    onShutdownSignal(
      () => running.close(DRAIN_GRACE_MS).then(() => banner.info("sanctuary closed cleanly")),
      (message, fields) => running.deps.log.info(fields ?? {}, message),
    );
    for (const line of unknownSettings(process.env)) running.deps.log.warn(line);
    const clusterOnly = clusterOnlyNotice(process.env);
    if (clusterOnly) running.deps.log.warn(clusterOnly);
    banner.info({ url: running.url, mcp: `${running.url}/mcp` }, "ready");
  } catch (error) {
    couldNotStart(error);
  }
}

// Run directly (`node --import tsx server.ts`). bin/run.mjs runs the bundle, where this module's URL is its
// source file's, not the program's, and calls main() itself.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
