// The background renderer's child process: takes one job at a time over IPC, answers with the result.
// A separate process (not a worker thread) so it can be given the lowest CPU priority on its own,
// and so nothing it does can take the server down with it.
import { renderPieceToFile, type PieceInput, type Rendered } from "./piece.ts";

export type ChildRequest = { id: number; input: PieceInput; file: string };
export type ChildReply = { id: number; result: Rendered } | { id: number; error: string };

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
    process.send!(reply);
  });
});
process.on("disconnect", () => process.exit(0));
