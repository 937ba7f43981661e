// The SDK's own server, for the few HTTP messages the stateless dispatch leaves to it (adapters/mcp-http.ts):
// requests it refuses in its words (headers that disagree with the body, an unknown method or revision),
// 2025-03-26 batches, and notifications of the 2026-07-28 revision. Its handlers are the method table's
// (adapters/mcp-methods.ts), so whatever reaches a handler here is answered exactly as the dispatch answers it.
import { Server } from "@modelcontextprotocol/server";
import { CAPABILITIES } from "./mcp-wire.ts";
import type { McpCaller } from "./mcp-caller.ts";
import type { McpDispatch } from "./mcp-dispatch.ts";
import { INSTRUCTIONS, serverInfoFor } from "./mcp-identity.ts";
import { STANDARD, type StandardMethod } from "./mcp-methods.ts";
import { eraOf, LEGACY_VERSIONS, MODERN_PROTOCOL_VERSION } from "./mcp-wire.ts";

/** A server for one refused-or-unusual HTTP request, answering from the dispatch. */
export function createMcpServer(dispatch: McpDispatch, caller: McpCaller, base: string): Server {
  const server = new Server(serverInfoFor(base), { capabilities: CAPABILITIES, instructions: INSTRUCTIONS });
  const eraNow = () => eraOf(server.getNegotiatedProtocolVersion() ?? LEGACY_VERSIONS[0] ?? MODERN_PROTOCOL_VERSION);
  // One registration per method, each typed by the SDK's own request and result maps (skills/* are the dispatch's only).
  const register = <M extends StandardMethod>(method: M) =>
    server.setRequestHandler(method, (request) => dispatch.result(method, { ...request.params }, { era: eraNow(), caller, base }));
  for (const method of STANDARD) register(method);
  return server;
}
