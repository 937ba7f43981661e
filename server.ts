// Entry point: read settings, build the app, listen. `startServer` is also what the tests use.
// The loop monitor is imported first, so it watches everything start-up does after it.
import { loopFigures } from "./core/loop-monitor.ts";
import { serve } from "h3";
import { pathToFileURL } from "node:url";
import { createApp } from "./app.ts";
import { loadConfig, type Config } from "./config.ts";
import { createDeps, type Deps, type DepsOverrides } from "./deps.ts";

export interface RunningServer {
  url: string;
  deps: Deps;
  close: () => Promise<void>;
}

/** `reusePort` lets several processes listen on one port (start:cluster); the kernel spreads connections. */
export async function startServer(
  config: Config,
  overrides: DepsOverrides = {},
  options: { reusePort?: boolean; recordings?: boolean } = {},
): Promise<RunningServer> {
  const deps = await createDeps(config, overrides);
  const app = createApp(deps);
  deps.media.watch();
  // A request (headers and body) must arrive within 8 s, checked every second: a slow or never-ending
  // body cannot hold a socket.
  const server = serve(app, {
    port: config.port,
    hostname: config.host,
    silent: true,
    reusePort: options.reusePort,
    node: { requestTimeout: 8_000, headersTimeout: 8_000, connectionsCheckingInterval: 1_000 },
  });
  await server.ready();
  const address = server.node?.server?.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const host = config.host === "0.0.0.0" ? "localhost" : config.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  // "Open" once a search can answer too (from words, about a second after listening on an empty folder).
  await Promise.race([deps.search.answerable, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
  deps.log.info({ url, search: deps.search.method, loop: loopFigures() }, "sanctuary is open");
  // The start-up's milestones, with the event loop's longest stall so far: a stall is a defect to fix.
  void deps.search.complete.then(() => deps.log.info({ loop: loopFigures() }, "start-up finished: search answers by meaning and words"));
  setTimeout(() => deps.log.info({ loop: loopFigures() }, "first two minutes"), 120_000).unref();
  // Only after listening: visitors are served first, the renderer runs at the lowest priority beside them.
  if (config.recordings && options.recordings !== false) void deps.recorder.start();
  return {
    url,
    deps,
    close: async () => {
      // Requests first (they may still write), then background work and the store.
      await server.close(true);
      await deps.stop();
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const running = await startServer(loadConfig());
    const stop = () => running.close().then(() => process.exit(0));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    console.error(`Sanctuary is open at ${running.url} (MCP at ${running.url}/mcp)`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
