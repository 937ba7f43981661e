// The access line is written as text, not as an object through JSON.stringify (adapters/request-log.ts): it must
// be the very JSON the object would give, whatever a path, a range or a note holds.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accessFields, stdioCallFields } from "../../adapters/request-log.ts";

describe("accessFields", () => {
  it("writes what JSON.stringify writes for the line's object, field for field and in order", () => {
    const record = fc.record({ operation: fc.string(), rpc: fc.string(), tool: fc.string(), uri: fc.string(), prompt: fc.string() }, { requiredKeys: [] });
    // Frozen notes (an operation's, a method's) are written once and kept: both kinds, each written twice.
    const note = fc.oneof(
      record,
      record.map((n) => Object.freeze(n)),
    );
    fc.assert(
      fc.property(
        fc.constantFrom("rest" as const, "mcp" as const, "web" as const),
        fc.string(),
        fc.string(),
        fc.integer({ min: 100, max: 599 }),
        fc.double({ min: 0, max: 1e6, noNaN: true }).map((ms) => Math.round(ms * 10) / 10),
        fc.option(note, { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.string(), { nil: null }),
        (via, method, path, status, ms, n, reqId, range) => {
          const expected = JSON.stringify({ via, method, path, status, ms, ...n, reqId, ...(range ? { range } : {}) });
          expect(`{${accessFields(via, method, path, status, ms, n, reqId, range)}}`).toBe(expected);
          expect(`{${accessFields(via, method, path, status, ms, n, reqId, range)}}`).toBe(expected);
        },
      ),
    );
  });

  it("leaves out a note's field that is undefined, as JSON.stringify does", () => {
    expect(accessFields("rest", "GET", "/api/now", 200, 1.5, { operation: "now", uri: undefined }, undefined, null)).toBe(
      '"via":"rest","method":"GET","path":"/api/now","status":200,"ms":1.5,"operation":"now"',
    );
  });

  it("writes a method Node's parser does not know, and a note that changed since its last line, as they are", () => {
    expect(accessFields("web", 'P"T', "/", 405, 0, undefined, "id-1", null)).toBe('"via":"web","method":"P\\"T","path":"/","status":405,"ms":0,"reqId":"id-1"');
    const note: { operation: string } = { operation: "now" };
    expect(accessFields("rest", "GET", "/api/now", 200, 0, note, undefined, null)).toContain('"operation":"now"');
    note.operation = "attend";
    expect(accessFields("rest", "GET", "/api/now", 200, 0, note, undefined, null)).toContain('"operation":"attend"');
  });
});

describe("stdioCallFields", () => {
  it("writes what JSON.stringify writes for a stdio call's line, field for field and in order", () => {
    fc.assert(
      fc.property(
        fc.record({
          reqId: fc.string(),
          tool: fc.string(),
          client: fc.option(fc.string(), { nil: undefined }),
          method: fc.oneof(fc.constantFrom("GET", "POST"), fc.string()),
          path: fc.string(),
          status: fc.integer({ min: 100, max: 599 }),
          ms: fc.double({ min: 0, max: 1e6, noNaN: true }).map((ms) => Math.round(ms * 10) / 10),
        }),
        (call) => {
          const { reqId, tool, client, method, path, status, ms } = call;
          expect(`{${stdioCallFields(call)}}`).toBe(JSON.stringify({ reqId, via: "mcp", tool, client, method, path, status, ms }));
        },
      ),
    );
  });
});
