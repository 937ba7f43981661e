// How a start that failed ends, for every entry (the HTTP server, the cluster, MCP over stdio): one JSON line in the
// reason's words, then an exit code a supervisor reads. No stack: the reason says what to change.
import { createLogger } from "./logger.ts";

/** One JSON line like every other (so a log pipeline keeps it), then exit with `code`: a start that failed. */
export function couldNotStart(error: unknown, code = 1): void {
  // The reason alone, as words: no serializer's "type" noise.
  createLogger("error").fatal({ reason: error instanceof Error ? error.message : String(error) }, "could not start");
  // A moment for the line to be written out before the process ends.
  setTimeout(() => process.exit(code), 50);
}
