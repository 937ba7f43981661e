// SIGTERM and SIGINT end the process once its own shutdown has run (exit 0); a second signal while that runs
// exits at once (1), for an operator who means it. Exit codes follow what a supervisor expects.
// A cluster worker passes `forceOnSecond: false`: Ctrl+C reaches it from the terminal and again from the primary.

/**
 * A second signal this soon after the first is the same one delivered twice, not an operator insisting: Ctrl+C on
 * `npm start` (and `kill -TERM -<group>`) reaches the server from its process group and again from npm, which
 * forwards it, a few milliseconds apart; taken as insistence, it cut every request in flight (an operator's report).
 */
export const ECHO_MS = 1_000;

export function onShutdownSignal(
  shutdown: (signal: NodeJS.Signals) => Promise<void>,
  log: (message: string, fields?: object) => void,
  options = { forceOnSecond: true },
): void {
  let stoppingSince: number | null = null;
  const handle = (signal: NodeJS.Signals) => {
    noteShutdown(signal);
    if (stoppingSince !== null) {
      if (!options.forceOnSecond || performance.now() - stoppingSince < ECHO_MS) return;
      log("second signal: exiting without waiting", { signal });
      process.exit(1);
    }
    stoppingSince = performance.now();
    log("shutting down", { signal });
    shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        log("shutdown failed", { signal, error: error instanceof Error ? error.message : String(error) });
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", handle);
  process.on("SIGINT", handle);
}

const stop = new AbortController();

/**
 * Aborted (its reason the signal) once this process has begun to stop on SIGTERM or SIGINT (or stdio's input ended):
 * a child job still working is ended and not started again (core/child-job.ts), rather than holding the stop up.
 */
export const shutdownBegun: AbortSignal = stop.signal;

/**
 * Marks the stop as begun: onShutdownSignal does it first thing, before any line is logged, and MCP over stdio when its
 * input ends (the client left) or a signal comes.
 */
export function noteShutdown(reason: NodeJS.Signals | "end of input"): void {
  if (!stop.signal.aborted) stop.abort(reason);
}
