// Structured logs on stderr (stdout belongs to the MCP stdio transport when it runs). Lines are buffered and
// written asynchronously (an access line per request would otherwise cost a write each), flushed every
// second so a quiet server's lines still appear promptly, and flushed synchronously when the process exits.
import pino, { type Logger } from "pino";

export type { Logger };

const FLUSH_EVERY_MS = 1000;

export function createLogger(level: string): Logger {
  const destination = pino.destination({ dest: 2, sync: false, minLength: 8 * 1024 });
  const timer = setInterval(() => destination.flush(), FLUSH_EVERY_MS);
  timer.unref();
  process.once("exit", () => {
    try {
      destination.flushSync();
    } catch {
      // stderr already closed: nothing left to write to.
    }
  });
  return pino({ level, base: { service: "sanctuary" } }, destination);
}
