// The event loop's delay, watched from the first module the server evaluates (server.ts imports this
// first), so a stall anywhere in start-up shows in the figures that start-up logs at its milestones.
import { monitorEventLoopDelay } from "node:perf_hooks";

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();

export interface LoopFigures {
  /** The longest the loop was held, in ms, since the process began (or since the last reset). */
  maxMs: number;
  p99Ms: number;
  /** Seconds since the process began. */
  uptimeSeconds: number;
  rssMb: number;
}

export function loopFigures(): LoopFigures {
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  return {
    maxMs: ms(histogram.max),
    p99Ms: ms(histogram.percentile(99)),
    uptimeSeconds: Math.round(process.uptime() * 10) / 10,
    rssMb: Math.round(process.memoryUsage.rss() / 1e6),
  };
}
