// Structured logs on stderr (stdout belongs to the MCP stdio transport when it runs). Every logger of the process
// writes into one buffer of bytes, written out asynchronously when it fills, every second so a quiet server's
// lines still appear promptly, and synchronously when the process exits. An access line per request is written
// straight into that buffer (`rawLineWriterOf`): through pino it cost several times its own JSON (npm run bench).
import { write as writeFd, writeSync } from "node:fs";
import pino, { type Logger } from "pino";

export type { Logger };

const FLUSH_EVERY_MS = 1000;
const BUFFER_BYTES = 64 * 1024;

/** Whole lines into a buffer, written to a file descriptor in order; a line is never split between two writes. */
export class LineBuffer {
  #buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  #used = 0;
  /** Buffers handed to the kernel and not yet written: later ones wait, so lines keep their order. */
  #queue: Buffer[] = [];
  #writing = false;

  constructor(private readonly fd: number) {}

  /** One line (pino's lines end with their newline; ours are given one). */
  write(line: string): boolean {
    const room = this.#buffer.length - this.#used;
    // A UTF-8 character takes at most three bytes per UTF-16 unit.
    if (line.length * 3 > room) {
      this.flush();
      if (line.length * 3 > this.#buffer.length) {
        this.#send(Buffer.from(line, "utf8"));
        return true;
      }
    }
    this.#used += this.#buffer.write(line, this.#used, "utf8");
    return true;
  }

  flush(): void {
    if (this.#used === 0) return;
    const out = this.#buffer.subarray(0, this.#used);
    this.#buffer = Buffer.allocUnsafe(BUFFER_BYTES);
    this.#used = 0;
    this.#send(out);
  }

  /** Everything still held, now (at exit: nothing asynchronous runs after it). */
  flushSync(): void {
    const pending = [...this.#queue, this.#buffer.subarray(0, this.#used)];
    this.#queue = [];
    this.#used = 0;
    for (const chunk of pending) for (let at = 0; at < chunk.length;) at += writeSync(this.fd, chunk, at);
  }

  #send(chunk: Buffer): void {
    this.#queue.push(chunk);
    if (!this.#writing) this.#next();
  }

  #next(): void {
    const chunk = this.#queue[0];
    if (!chunk) {
      this.#writing = false;
      return;
    }
    this.#writing = true;
    writeFd(this.fd, chunk, 0, chunk.length, null, (error, written) => {
      // A closed stderr takes nothing more: drop what is held rather than retry forever.
      if (error) this.#queue = [];
      else if (written < chunk.length) this.#queue[0] = chunk.subarray(written);
      else this.#queue.shift();
      this.#next();
    });
  }
}

let stderrLines: LineBuffer | undefined;
function stderrBuffer(): LineBuffer {
  if (stderrLines) return stderrLines;
  const lines = (stderrLines = new LineBuffer(2));
  setInterval(() => lines.flush(), FLUSH_EVERY_MS).unref();
  process.once("exit", () => {
    try {
      lines.flushSync();
    } catch {
      // stderr already closed: nothing left to write to.
    }
  });
  return lines;
}

const BASE = { service: "sanctuary" };
const writers = new WeakMap<Logger, (fields: string, msg: string) => void>();
// pino's own shape: level, time, the base fields, the line's fields, msg.
const BASE_TEXT = JSON.stringify(BASE).slice(1, -1);
const endings = new Map<string, string>();
const endingOf = (msg: string) => endings.get(msg) ?? (endings.set(msg, `,"msg":${JSON.stringify(msg)}}\n`), endings.get(msg)!);

/**
 * An error as logged: pino's own form without `command`, which a store's error carries (ioredis: the command it
 * failed, its `args` holding what was being stored, a visitor's name and words, which are never logged).
 */
export const LOG_SERIALIZERS = {
  err(error: unknown): unknown {
    const out = pino.stdSerializers.err(error as Error) as unknown;
    if (out === null || typeof out !== "object" || !("command" in out)) return out;
    const { command: _command, ...rest } = out as Record<string, unknown>;
    return rest;
  },
};

export function createLogger(level: string): Logger {
  const lines = stderrBuffer();
  const logger = pino({ level, base: BASE, serializers: LOG_SERIALIZERS }, lines);
  writers.set(logger, (fields, msg) => lines.write(`{"level":30,"time":${Date.now()},${BASE_TEXT}${fields ? `,${fields}` : ""}${endingOf(msg)}`));
  return logger;
}

/**
 * For a logger made here, a writer of info lines whose fields arrive as JSON text without braces (`"a":1,"b":"x"`,
 * see adapters/request-log.ts `accessFields`): no object is built or walked, and pino's serializers are skipped.
 * For any other logger (tests pass their own), undefined.
 */
export function rawLineWriterOf(logger: Logger): ((fields: string, msg: string) => void) | undefined {
  return writers.get(logger);
}
