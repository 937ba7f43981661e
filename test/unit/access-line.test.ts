// The access line is written as text, not as an object through JSON.stringify (adapters/request-log.ts): it must
// be the very JSON the object would give, whatever a path, a range or a note holds.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accessFields } from "../../adapters/request-log.ts";

describe("accessFields", () => {
  it("writes what JSON.stringify writes for the line's object, field for field and in order", () => {
    const note = fc.record(
      { operation: fc.string(), rpc: fc.string(), tool: fc.string(), uri: fc.string(), prompt: fc.string(), reqId: fc.string() },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.constantFrom("rest" as const, "mcp" as const, "web" as const),
        fc.string(),
        fc.string(),
        fc.integer({ min: 100, max: 599 }),
        fc.double({ min: 0, max: 1e6, noNaN: true }).map((ms) => Math.round(ms * 10) / 10),
        fc.option(note, { nil: undefined }),
        fc.option(fc.string(), { nil: null }),
        (via, method, path, status, ms, n, range) => {
          const expected = JSON.stringify({ via, method, path, status, ms, ...n, ...(range ? { range } : {}) });
          expect(`{${accessFields(via, method, path, status, ms, n, range)}}`).toBe(expected);
        },
      ),
    );
  });

  it("leaves out a note's field that is undefined, as JSON.stringify does", () => {
    expect(accessFields("rest", "GET", "/api/now", 200, 1.5, { operation: "now", reqId: undefined }, null)).toBe(
      '"via":"rest","method":"GET","path":"/api/now","status":200,"ms":1.5,"operation":"now"',
    );
  });
});
