// SIGTERM and SIGINT end the process once its own shutdown has run (exit 0); a second signal while that runs
// exits at once (1), for an operator who means it. Exit codes follow what a supervisor expects.
// A cluster worker passes `forceOnSecond: false`: Ctrl+C reaches it from the terminal and again from the primary.
export function onShutdownSignal(
  shutdown: (signal: NodeJS.Signals) => Promise<void>,
  log: (message: string, fields?: object) => void,
  options = { forceOnSecond: true },
): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping && !options.forceOnSecond) return;
    if (stopping) {
      log("second signal: exiting without waiting", { signal });
      process.exit(1);
    }
    stopping = true;
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
