// Background work that should end in seconds but may hang where nothing reports it (a child that never
// answers, a native call that never returns) says so in the log while it runs long, with where it is, so an
// operator, or a test's failure message, can tell a slow machine from a stuck step.
import type { Logger } from "./logger.ts";

/** Defaults: a first word after two minutes, then once a minute while the work runs. */
export const SLOW_AFTER_MS = 120_000;
export const SLOW_EVERY_MS = 60_000;

/**
 * Warns `message` with `where()`'s fields and the seconds so far, every `everyMs` once `afterMs` have passed,
 * until the returned function is called (in a `finally`). The timer never keeps the process alive.
 */
export function warnWhileSlow(log: Logger, message: string, where: () => object, afterMs = SLOW_AFTER_MS, everyMs = SLOW_EVERY_MS): () => void {
  const started = Date.now();
  const timer = setInterval(() => {
    const seconds = Math.round((Date.now() - started) / 1000);
    if (seconds * 1000 >= afterMs) log.warn({ ...where(), seconds }, message);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
