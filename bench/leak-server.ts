// The server bench:mcp-leak measures, in a process of its own started as `npm start` starts one (the same node
// flags, the same bundled entry, MALLOC_ARENA_MAX), so the reading is the server's alone, not a client's beside it.
// It tells its parent its URL, then answers each "memory" message with its figures after a full collection.
import { readFileSync } from "node:fs";
import { loadConfig } from "../config.ts";
import { startServer } from "../server.ts";

export interface LeakReading {
  rss: number;
  /** Anonymous resident memory (heap, the C allocator's): what a leak outside V8 would grow. */
  rssAnon: number;
  heap: number;
  external: number;
}

const MB = 2 ** 20;
/** A /proc/self/status field in MB (Linux; 0 elsewhere). */
function statusField(name: string): number {
  try {
    const line = readFileSync("/proc/self/status", "utf8").match(new RegExp(`^${name}:\\s+(\\d+) kB`, "m"));
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

export async function main(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc || !process.send) throw new Error("started by bench/mcp-leak.ts, with --expose-gc and an IPC channel");
  const config = loadConfig({
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    SANCTUARY_RATE_LIMITS: "off",
    SANCTUARY_RECORDINGS: "off",
  });
  const running = await startServer(config);
  // The start's own growth (the search index built or loaded, the word vectors) is not a leak: report after it.
  await running.deps.search.complete;
  process.once("disconnect", () => process.exit(0)); // the bench stopped: no server is left behind
  process.on("message", (message) => {
    if (message === "close") return void running.close().then(() => process.exit(0));
    gc();
    gc();
    const m = process.memoryUsage();
    const reading: LeakReading = { rss: m.rss / MB, rssAnon: statusField("RssAnon"), heap: m.heapUsed / MB, external: m.external / MB };
    process.send?.(reading);
  });
  process.send({ url: running.url });
}
