// Keeps process.nextTick fast for the life of the process. nextTick queues each callback as an object literal with two
// symbol keys ({ [async_id_symbol], [trigger_async_id_symbol], callback, args }); V8 keeps the shapes of such a literal
// only while some object of that shape is alive, and a full garbage collection while the tick queue is empty drops
// them: the next tick builds them anew. After four rebuilds the literal's caches in nextTick turn megamorphic for good,
// and every tick defines its fields through the runtime. A small script never gets there; this server's start makes
// many full collections, and then each request paid for it in each of its ten or so ticks (node:http and its streams;
// docs/performance.md, fifty-fourth session). Holding one queued object keeps its shapes, and the caches stay fast.
// Plain JavaScript, imported first by the programs that start the server (bin/run.mjs, bin/sanctuary-mcp.mjs).
import { executionAsyncResource } from "node:async_hooks";

/** The tick object held: never read, only kept alive (its shape is what is wanted). */
let held = null;

/** Holds the next queued tick object (inside a tick callback, the running resource is that tick's own object). */
export function holdTickShape() {
  process.nextTick(() => {
    held = executionAsyncResource();
  });
}

/** Whether an object is held (for the test). */
export const holdsTickShape = () => held !== null;
