// Long loops on the main thread (building the search index in memory) give way to requests: a slicer
// yields to the event loop once its budget of work has run, so no request waits longer than that.
import { setImmediate as nextTurn } from "node:timers/promises";

export type Yielder = () => Promise<void> | undefined;

/** `await slice()` inside a loop: returns at once until `budgetMs` of work has run, then yields one turn. */
export function timeSlicer(budgetMs = 10): Yielder {
  let since = performance.now();
  return () => {
    if (performance.now() - since < budgetMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
