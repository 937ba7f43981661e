// The last request's objects held (adapters/kept-shapes.ts): without them, full collections between requests drop the
// shapes of node:http's and srvx's per-request objects until their caches turn megamorphic, and from then on each
// ServerResponse is built as a dictionary. Read from V8 itself, in a child process given the flags that allow it.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const PROBE = fileURLToPath(new URL("../helpers/shape-probe.mts", import.meta.url));

/** Per response of the probe's seventeen, in order: whether it had fast properties. */
function fastResponses(layer: "common" | "bare"): boolean[] {
  const child = spawnSync(process.execPath, ["--import", "tsx", "--expose-gc", "--allow-natives-syntax", PROBE, layer], { encoding: "utf8" });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout) as boolean[];
}

it("without the project's layer, responses after a few collections between requests are dictionaries (why it holds them)", () => {
  const fast = fastResponses("bare");
  expect(fast).toHaveLength(17);
  expect(fast.slice(-5)).toEqual([false, false, false, false, false]);
});

it("with the project's layer holding the last request, every response keeps fast properties", () => {
  expect(fastResponses("common")).toEqual(Array(17).fill(true));
});
