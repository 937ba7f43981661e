// The background renderer's child process: takes one job at a time over IPC, answers with the result.
// A separate process (not a worker thread) so it can be given the lowest CPU priority on its own,
// and so nothing it does can take the server down with it.
import { renderPieceToFile, type PieceInput, type Rendered } from "./piece.ts";

export type ChildRequest = { id: number; input: PieceInput; file: string };
/** `retiring`: this child has grown past RETIRE_BYTES and should be let go; the next piece goes to a fresh one. */
export type ChildReply = ({ id: number; result: Rendered } | { id: number; error: string }) & { retiring?: boolean };

/**
 * A renderer's memory after a piece only grows (V8 keeps the heap it grew to, malloc its fragments): a
 * fresh child renders a 6-minute song within 150 MB, the same child after three long pieces peaked at 160.
 * Past this, the child asks to be replaced (starting one costs about a second).
 */
export const RETIRE_BYTES = 128 * 1024 * 1024;

if (!process.send) throw new Error("render-child.ts runs as a forked child (see background.ts)");

// Jobs arrive one at a time, but a chain keeps them strictly in order even if the parent sends ahead.
let chain = Promise.resolve();
process.on("message", (job: ChildRequest) => {
  chain = chain.then(async () => {
    let reply: ChildReply;
    try {
      reply = { id: job.id, result: await renderPieceToFile(job.input, job.file) };
    } catch (e) {
      reply = { id: job.id, error: e instanceof Error ? e.message : String(e) };
    }
    if (process.memoryUsage.rss() > RETIRE_BYTES) reply.retiring = true;
    process.send!(reply);
  });
});
process.on("disconnect", () => process.exit(0));
