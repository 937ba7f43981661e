// depthOf (adapters/http.ts) bounds what a JSON body may nest: exact up to MAX_DEPTH, above it beyond, and it never
// walks a hostile body all the way down.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_DEPTH, depthOf } from "../../adapters/http.ts";

/** The plain definition: the longest chain of objects and arrays. */
const reference = (v: unknown): number => (v === null || typeof v !== "object" ? 0 : 1 + Math.max(0, ...Object.values(v).map(reference)));

describe("depthOf", () => {
  it("is the nesting depth of any JSON value within the bound", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 12 }), (value) => {
        expect(depthOf(value)).toBe(reference(value));
      }),
    );
  });

  it("says a body nested past the bound is past it, however deep it goes", () => {
    const nest = (n: number) => JSON.parse("[".repeat(n) + "]".repeat(n));
    expect(depthOf(nest(MAX_DEPTH))).toBe(MAX_DEPTH);
    expect(depthOf(nest(MAX_DEPTH + 1))).toBeGreaterThan(MAX_DEPTH);
    expect(depthOf(nest(100_000))).toBeGreaterThan(MAX_DEPTH);
    expect(depthOf({ a: [1, { b: nest(MAX_DEPTH) }] })).toBeGreaterThan(MAX_DEPTH);
    expect(depthOf(JSON.parse('{"__proto__":{"x":{}}}'))).toBe(3);
  });
});
