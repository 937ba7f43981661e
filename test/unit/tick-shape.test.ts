// nextTick's caches (core/tick-shape.mjs): full garbage collections while the tick queue is empty turn the caches of
// its object literal megamorphic, unless one tick object is held. Read from V8 itself (%DebugPrint of nextTick lists
// each cache's state), in a child process given the flags that allow it. Without the hold they turn megamorphic here
// mostly, not always (under load a tick may be alive at a collection), so only the hold's side is asserted.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const MODULE = fileURLToPath(new URL("../../core/tick-shape.mjs", import.meta.url));

/** Ten rounds of ticks, each followed by a full collection once the queue is empty, as a server's start makes them. */
const SCRIPT = `
import { holdTickShape, holdsTickShape } from ${JSON.stringify(MODULE)};
holdTickShape();
let rounds = 0;
const round = () => {
  for (let i = 0; i < 2000; i++) process.nextTick(() => {}, i);
  setTimeout(() => {
    gc();
    if (++rounds < 10) return round();
    // On stderr: once node writes to stdout it makes the pipe non-blocking, and V8's own printing (below) loses text.
    process.stderr.write("held: " + holdsTickShape());
    %DebugPrint(process.nextTick);
  }, 2);
};
round();
`;

function literalCachesHeld(): { held: boolean; states: string[] } {
  const child = spawnSync(process.execPath, ["--expose-gc", "--allow-natives-syntax", "--input-type=module", "-e", SCRIPT], {
    encoding: "utf8",
    maxBuffer: 16 << 20,
  });
  expect(child.status, child.stderr).toBe(0);
  return {
    held: child.stderr.includes("held: true"),
    states: [...child.stdout.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]),
  };
}

it("with one tick object held, the caches stay monomorphic through the same collections", () => {
  const { held, states } = literalCachesHeld();
  expect(held).toBe(true);
  expect(states).toEqual(["MONOMORPHIC", "MONOMORPHIC", "MONOMORPHIC", "MONOMORPHIC"]);
});
