// Many small text files read one after another (the library's pieces and their asked-as files, about 970 at a
// start). Synchronously, yielding to the event loop every few files: through fs/promises each file cost an open, a
// stat, a read and a close, each a round trip through the thread pool with its promise, and reading the library's
// took 66–205 ms of CPU against 9–15 read so (docs/performance.md, seventy-first session). The caller's work on each
// file (the library's YAML and checks) falls between the same yields, so no turn holds the loop for long (a stdio
// start answers its handshake while the library loads; a reload runs beside requests).
import { readFileSync, statSync } from "node:fs";
import { setImmediate as nextTurn } from "node:timers/promises";

/** Files read (and worked on by the caller) between two turns of the event loop. */
const FILES_A_TURN = 16;

export interface SmallFile {
  path: string;
  text: string;
  /** When the file last changed. */
  modified: Date;
}

/** Each file's text (UTF-8) and time, in order; a file that cannot be read throws its own error (naming its path). */
export async function* smallFiles(paths: readonly string[]): AsyncGenerator<SmallFile> {
  for (const [i, path] of paths.entries()) {
    if (i > 0 && i % FILES_A_TURN === 0) await nextTurn();
    yield { path, text: readFileSync(path, "utf8"), modified: statSync(path).mtime };
  }
}
