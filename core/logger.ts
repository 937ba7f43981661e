// Structured logs on stderr (stdout belongs to the MCP stdio transport when it runs).
import pino, { type Logger } from "pino";

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: "sanctuary" } }, pino.destination({ dest: 2, sync: false }));
}
