// adapters/stdio-message.ts reads the common requests and notifications without the SDK's message schema: it must
// never accept what the schema refuses, and it must take the forms clients send (else it saves nothing).
import fc from "fast-check";
import { parseJSONRPCMessage } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { plainRequestOrNotification } from "../../adapters/stdio-message.ts";

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

describe("plainRequestOrNotification", () => {
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
      expect(plainRequestOrNotification(message)).toBe(message);
      expect(sdkAccepts(message)).toBe(true);
    }
  });

  it("leaves to the SDK what its schema checks further, and never accepts what the schema refuses", () => {
    const value = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.double(), fc.string(), fc.constant([]), fc.constant({}));
    const meta = fc.oneof(
      value,
      fc.record({ progressToken: fc.oneof(fc.string(), fc.double(), fc.integer(), fc.constant(null)) }, { requiredKeys: [] }),
      fc.record({ "io.modelcontextprotocol/related-task": fc.oneof(value, fc.record({ taskId: value })) }),
      fc.constant(ENVELOPE),
      fc.dictionary(fc.string(), value),
    );
    const params = fc.oneof(value, fc.record({ _meta: meta, name: value }, { requiredKeys: [] }));
    const message = fc.record(
      {
        jsonrpc: fc.oneof(fc.constant("2.0"), value),
        id: fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(2 ** 60), value),
        method: fc.oneof(fc.constant("tools/list"), value),
        params,
        result: value,
        error: value,
        extra: value,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(message, (m) => {
        if (plainRequestOrNotification(m) !== null) expect(sdkAccepts(m), JSON.stringify(m)).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });
});
