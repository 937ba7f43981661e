// Renders many pieces in the background, one at a time, in one child process at the lowest CPU
// priority (nice 19): the server's own work always comes first, and a crash in the renderer costs
// one piece, not the server. Used by a server or CLI: give it jobs, get each outcome as it lands.
import type { ChildProcess } from "node:child_process";
import { forkTypeScript } from "../core/child-job.ts";
import { processBudget } from "../core/memory-budget.ts";
import type { PieceInput, Rendered } from "./piece.ts";
import type { ChildReply, ChildRequest } from "./render-child.ts";

/**
 * A renderer's expected peak for the memory budget (core/memory-budget.ts): 176–184 MB measured for a
 * 4-minute song (npx tsx bench/renderer-memory.ts); a child past RETIRE_BYTES after a piece is replaced.
 */
const RENDERER_PEAK_MB = 176;
const MIB = 1024 * 1024;
/** The renderer (scripts/bundle-children.ts bundles it ahead where the app's folder is read-only). */
export const RENDER_CHILD = new URL("./render-child.ts", import.meta.url);
/** How often a renderer waiting to start beside another looks again (memory falls when a child is let go). */
const BESIDE_POLL_MS = 500;

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
  /** Children a piece may be given when each dies while rendering it (killed, out of memory) (default 3). */
  tries?: number;
  /** The wait before a piece's second try, doubled before each further one (default 2 s). */
  backoffMs?: number;
  /** Told each retry: the piece, why its renderer died, the try about to begin and the wait before it. */
  onRetry?: (job: RenderJob, error: string, attempt: number, waitMs: number) => void;
}

/** Render `jobs` in order; `onDone` hears each outcome. Resolves when all are done or `signal` aborts. */
export async function renderInBackground(jobs: RenderJob[], onDone: (o: RenderOutcome) => void, opts: BackgroundOptions = {}): Promise<void> {
  const { niceness = 19, restMs = 0, signal, onChild, renderers = 1, tries = 3, backoffMs = 2_000, onRetry } = opts;
  let next = 0;
  /** Renderer children being started (bundled, admitted, forked): not yet among the budget's children. */
  let starting = 0;
  // Each renderer is one child taking the next job in order, so the first jobs finish first.
  const renderer = async (): Promise<void> => {
    let child: ChildProcess | undefined;
    const stop = () => child?.kill();
    signal?.addEventListener("abort", stop, { once: true });
    try {
      let attempt = 1;
      let id = -1;
      while ((attempt > 1 || next < jobs.length) && !signal?.aborted) {
        // Beside another live child (a renderer, search's conversion or WordNet child), a renderer starts only when it
        // fits the tree's ceiling (memory-budget.ts `fitsBeside`), and before it takes a piece, so no piece waits on it
        // while another renderer could take it.
        const beside = () => processBudget.children + starting > 0 && !processBudget.fitsBeside(RENDERER_PEAK_MB * MIB * (1 + starting));
        while (!child?.connected && beside() && (attempt > 1 || next < jobs.length)) {
          if (signal?.aborted) break;
          await pause(BESIDE_POLL_MS, signal);
        }
        if (signal?.aborted || (attempt === 1 && next >= jobs.length)) break;
        if (attempt === 1) id = next++;
        const job = jobs[id];
        if (!child?.connected) {
          starting++;
          child = await forkTypeScript(RENDER_CHILD, niceness, undefined, RENDERER_PEAK_MB).finally(() => starting--);
          if (signal?.aborted) break; // stopped while the child was being bundled or started (finally lets it go)
          // A piece sent to a child that has just died fails to write (EPIPE); its exit reports the death.
          child.on("error", () => {});
          if (child.pid) onChild?.(child.pid);
        }
        const current = child;
        const reply = await new Promise<ChildReply>((resolve) => {
          const onMessage = (m: ChildReply) => m.id === id && done(m);
          const onExit = (code: number | null, sig: string | null) => done({ id, error: `renderer exited (${sig ?? code}) while rendering` });
          // A child that never started (no memory for a process) has no exit to wait for.
          const onError = (err: Error) => current.pid === undefined && done({ id, error: `renderer could not start: ${err.message}` });
          const done = (m: ChildReply) => {
            current.off("message", onMessage).off("exit", onExit).off("error", onError);
            resolve(m);
          };
          current.on("message", onMessage).on("exit", onExit).on("error", onError);
          current.send({ id, input: job.input, file: job.file } satisfies ChildRequest);
        });
        const died = current.exitCode !== null || current.signalCode !== null || current.pid === undefined;
        // A child that died is replaced, and its piece given to the new one after a wait (the memory it
        // held may be what a busy machine needed); a child that reported an error carries on with the next.
        if (died) child = undefined;
        // A child grown past its bound (render-child.ts RETIRE_BYTES) is let go; the next piece starts a fresh one.
        else if (reply.retiring) {
          // Its exit (at once on disconnect) ends its count in the budget before the next child asks to start.
          const exited = new Promise((resolve) => current.once("exit", resolve));
          current.disconnect();
          await Promise.race([exited, pause(2_000, signal)]);
          child = undefined;
        }
        if ("error" in reply && died && attempt < tries && !signal?.aborted) {
          const wait = backoffMs * 2 ** (attempt - 1);
          attempt++; // not inside onRetry?.(…): its arguments are not evaluated when there is no onRetry
          onRetry?.(job, reply.error, attempt, wait);
          await pause(wait, signal);
          continue;
        }
        attempt = 1;
        if ("error" in reply) {
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

/** Wait `ms`, or less if `signal` aborts first. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
