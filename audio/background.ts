// Renders many pieces in the background, one at a time, in one child process at the lowest CPU
// priority (nice 19): the server's own work always comes first, and a crash in the renderer costs
// one piece, not the server. Used by a server or CLI: give it jobs, get each outcome as it lands.
import type { ChildProcess } from "node:child_process";
import { forkTypeScript } from "../core/child-job.ts";
import type { PieceInput, Rendered } from "./piece.ts";
import type { ChildReply, ChildRequest } from "./render-child.ts";

export interface RenderJob {
  /** Library path, to report back. */
  path: string;
  input: PieceInput;
  /** Absolute path of the MP3 to write. */
  file: string;
}

export type RenderOutcome = { job: RenderJob; result: Rendered } | { job: RenderJob; error: string };

export interface BackgroundOptions {
  /** Unix niceness for the child: 19 is the lowest priority. */
  niceness?: number;
  /** Rest between pieces, ms: a further brake on CPU share when the machine is busy. */
  restMs?: number;
  signal?: AbortSignal;
  /** Told the pid of each child started (for logs; a crashed child is replaced by a new one). */
  onChild?: (pid: number) => void;
  /** Children rendering side by side, each taking the next job in order (default 1). */
  renderers?: number;
}

/** Render `jobs` in order; `onDone` hears each outcome. Resolves when all are done or `signal` aborts. */
export async function renderInBackground(jobs: RenderJob[], onDone: (o: RenderOutcome) => void, opts: BackgroundOptions = {}): Promise<void> {
  const { niceness = 19, restMs = 0, signal, onChild, renderers = 1 } = opts;
  let next = 0;
  // Each renderer is one child taking the next job in order, so the first jobs finish first.
  const renderer = async (): Promise<void> => {
    let child: ChildProcess | undefined;
    const stop = () => child?.kill();
    signal?.addEventListener("abort", stop, { once: true });
    try {
      while (next < jobs.length && !signal?.aborted) {
        const id = next++;
        const job = jobs[id];
        if (!child?.connected) {
          child = forkTypeScript(new URL("./render-child.ts", import.meta.url), niceness);
          if (child.pid) onChild?.(child.pid);
        }
        const current = child;
        const reply = await new Promise<ChildReply>((resolve) => {
          const onMessage = (m: ChildReply) => m.id === id && done(m);
          const onExit = (code: number | null, sig: string | null) => done({ id, error: `renderer exited (${sig ?? code}) while rendering` });
          const done = (m: ChildReply) => {
            current.off("message", onMessage).off("exit", onExit);
            resolve(m);
          };
          current.on("message", onMessage).on("exit", onExit);
          current.send({ id, input: job.input, file: job.file } satisfies ChildRequest);
        });
        if ("error" in reply) {
          // A child that died is replaced for the next piece; one that reported an error carries on.
          if (current.exitCode !== null || current.signalCode !== null) child = undefined;
          if (!signal?.aborted) onDone({ job, error: reply.error });
        } else onDone({ job, result: reply.result });
        if (restMs && next < jobs.length) await new Promise((r) => setTimeout(r, restMs));
      }
    } finally {
      signal?.removeEventListener("abort", stop);
      if (child?.connected) child.disconnect();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(renderers, jobs.length)) }, renderer));
}
