// Work that runs long says where it is in the log, from two minutes on, once a minute, and stops saying so when done.
import { afterEach, expect, it, vi } from "vitest";
import { createLogger } from "../../core/logger.ts";
import { warnWhileSlow } from "../../core/slow-work.ts";

afterEach(() => vi.useRealTimers());

it("warns with the step and the seconds once the work has run long, and not after it ends", () => {
  vi.useFakeTimers();
  const log = createLogger("silent");
  const warn = vi.spyOn(log, "warn");
  let stage = "embedding";
  const done = warnWhileSlow(log, "search index build still running", () => ({ stage }));
  vi.advanceTimersByTime(60_000);
  expect(warn).not.toHaveBeenCalled();
  stage = "reading WordNet (expansions child)";
  vi.advanceTimersByTime(60_000);
  expect(warn).toHaveBeenCalledWith({ stage: "reading WordNet (expansions child)", seconds: 120 }, "search index build still running");
  vi.advanceTimersByTime(60_000);
  expect(warn).toHaveBeenCalledTimes(2);
  done();
  vi.advanceTimersByTime(300_000);
  expect(warn).toHaveBeenCalledTimes(2);
});
