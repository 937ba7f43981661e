// MCP over stdio for local agents (`npx sanctuary-mcp` from the checkout, or `node bin/sanctuary-mcp.mjs`): the
// same tools, resources and prompts as /mcp, in either protocol era, one connection per process. stdout carries
// the protocol and nothing else: logs go to stderr, and so does anything a library prints with console.log.
// State lives beside the installation (not in whatever folder the client starts it from) unless DATA_DIR says
// otherwise, and links use BASE_URL when it is set, else they are paths without a host.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serveMcpStdio } from "./adapters/mcp-stdio.ts";
import { loadConfig } from "./config.ts";
import { contextFreeDispatch } from "./adapters/mcp-dispatch.ts";
import { couldNotStart } from "./core/could-not-start.ts";
import { noteShutdown } from "./core/shutdown-signals.ts";
import { createLogger } from "./core/logger.ts";
import { createDeps } from "./deps.ts";
import { operations } from "./tools/index.ts";

for (const method of ["log", "info", "debug"] as const) console[method] = console.error;

const installation = dirname(fileURLToPath(import.meta.url));
const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR || join(installation, "data") });
const log = createLogger(config.logLevel);
// The handshake and the lists are answered while the library and the store open (about half the start); every
// other request waits for them. A start that fails still ends the process here, in its own words.
const starting = createDeps(config, { log });
const connection = serveMcpStdio(
  { early: contextFreeDispatch(operations, log), full: starting.then((deps) => deps.mcpDispatch) },
  { stdin: process.stdin, stdout: process.stdout, base: config.baseUrl ?? "", log, maxLineBytes: config.bodyLimit },
);
// A start that fails (a DATA_DIR that cannot be written, a store that cannot be opened) ends as the HTTP server's does:
// one fatal line on stderr in the reason's words and exit 1, with no more input read (it was a stack trace).
const deps = await starting.catch((error: unknown) => {
  process.stdin.pause();
  couldNotStart(error);
  return new Promise<never>(() => {});
});

// The client closing stdin ends the connection: answers in flight are written, then the store and the
// background work stop cleanly before the process exits (a signal does the same).
let stopping: Promise<void> | null = null;
const stop = (reason: NodeJS.Signals | "end of input") =>
  (stopping ??= (async () => {
    // First: a child job of the start (the GloVe conversion, WordNet's lists) is ended rather than waited for.
    noteShutdown(reason);
    await connection.close().catch(() => {});
    await connection.closed;
    await Promise.resolve(deps.stop()).catch((error: unknown) => deps.log.warn({ err: error }, "stop failed"));
    process.exit(0);
  })());
void connection.closed.then(() => stop("end of input"));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
deps.log.info({ dataDir: config.dataDir }, "sanctuary MCP server is listening on stdio");
