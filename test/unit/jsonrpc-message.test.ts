// adapters/jsonrpc-message.ts reads requests and notifications without the SDK's message schema, for HTTP and stdio:
// it must accept exactly what the schema accepts, and say what is wrong with the rest.
import fc from "fast-check";
import { parseJSONRPCMessage } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { MessageProblem, readRequest } from "../../adapters/jsonrpc-message.ts";

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "a client", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

/** Whether the SDK's schema accepts the message. */
function sdkAccepts(message: unknown): boolean {
  try {
    parseJSONRPCMessage(message);
    return true;
  } catch {
    return false;
  }
}

describe("readRequest", () => {
  it("takes the requests and notifications clients of both eras send, as they are", () => {
    const sent = [
      { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } } },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: "a1", method: "tools/call", params: { name: "now", arguments: { timezone: "Europe/Berlin" } } },
      { jsonrpc: "2.0", id: 7, method: "tools/list", params: { _meta: ENVELOPE } },
      { jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "search", arguments: { q: "letting go" }, _meta: ENVELOPE } },
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "a1", reason: "moved on" } },
      { jsonrpc: "2.0", id: 9, method: "ping" },
    ];
    for (const message of sent) {
      expect(readRequest(message)).toBe(message);
      expect(sdkAccepts(message)).toBe(true);
    }
  });

  it("accepts what the SDK's schema accepts and refuses what it refuses, leaving only responses to it", () => {
    const value = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.double(), fc.string(), fc.constant([]), fc.constant({}));
    const meta = fc.oneof(
      value,
      fc.record({ progressToken: fc.oneof(fc.string(), fc.double(), fc.integer(), fc.constant(null)) }, { requiredKeys: [] }),
      fc.record({ "io.modelcontextprotocol/related-task": fc.oneof(value, fc.record({ taskId: value })) }),
      fc.constant(ENVELOPE),
      fc.dictionary(fc.string(), value),
    );
    const params = fc.oneof(value, fc.record({ _meta: meta, name: value }, { requiredKeys: [] }));
    const id = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(2 ** 60), value);
    const anything = fc.record(
      {
        jsonrpc: fc.oneof(fc.constant("2.0"), value),
        id,
        method: fc.oneof(fc.constant("tools/list"), value),
        params,
        result: value,
        error: value,
        extra: value,
      },
      { requiredKeys: [] },
    );
    // Most messages near a request's form, so that each rule on params and _meta is reached often.
    const nearRequest = fc.record({ jsonrpc: fc.constant("2.0"), id, method: fc.constant("tools/call"), params }, { requiredKeys: ["jsonrpc", "method"] });
    const message = fc.oneof({ arbitrary: nearRequest, weight: 3 }, { arbitrary: anything, weight: 1 });
    fc.assert(
      fc.property(message, (m) => {
        const read = readRequest(m);
        if (read === undefined) expect("method" in m || !("result" in m || "error" in m), JSON.stringify(m)).toBe(false);
        else expect(read !== m ? "refused" : "accepted", JSON.stringify(m)).toBe(sdkAccepts(m) ? "accepted" : "refused");
      }),
      { numRuns: 5_000 },
    );
  });

  it("says what is wrong, with the id when it can be answered", () => {
    const problem = (message: unknown) => {
      const read = readRequest(message);
      return read instanceof MessageProblem ? { id: read.id, code: read.code, message: read.message } : read;
    };
    expect(problem([])).toEqual({ id: null, code: -32600, message: expect.stringMatching(/one JSON object/) });
    expect(problem({ jsonrpc: "1.0", id: 3, method: "ping" })).toEqual({ id: 3, code: -32600, message: expect.stringMatching(/"jsonrpc": "2.0"/) });
    expect(problem({ jsonrpc: "2.0", id: "a", method: 4 })).toEqual({ id: "a", code: -32600, message: expect.stringMatching(/method as a string/) });
    expect(problem({ jsonrpc: "2.0", id: null, method: "ping" })).toMatchObject({ id: null, message: expect.stringMatching(/never null/) });
    expect(problem({ jsonrpc: "2.0", id: 2 ** 60, method: "ping" })).toMatchObject({ id: null, message: expect.stringMatching(/lose digits/) });
    expect(problem({ jsonrpc: "2.0", id: 1.5, method: "ping" })).toMatchObject({ id: null, message: expect.stringMatching(/whole number/) });
    expect(problem({ jsonrpc: "2.0", id: 1, method: "ping", foo: 1 })).toMatchObject({
      id: 1,
      code: -32600,
      message: expect.stringMatching(/also holds "foo"/),
    });
    expect(problem({ jsonrpc: "2.0", id: 1, method: "ping", params: [] })).toMatchObject({
      id: 1,
      code: -32600,
      message: expect.stringMatching(/"params" is an object/),
    });
    expect(problem({ jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: 4 } })).toMatchObject({ id: 1, code: -32602 });
    expect(problem({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "now", _meta: { progressToken: null } } })).toEqual({
      id: 2,
      code: -32602,
      message: expect.stringMatching(/progressToken" is a string or an integer/),
    });
    expect(problem({ jsonrpc: "2.0", id: 2, method: "ping", params: { _meta: { "io.modelcontextprotocol/related-task": { taskId: 3 } } } })).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/string taskId/),
    });
    expect(problem({ jsonrpc: "2.0", id: 2, result: {} })).toBeUndefined();
  });
});
