// The addresses MCP clients and crawlers try before the right one, each answered with a way forward:
//   /sse, /mcp/sse, /api/mcp   older or guessed endpoint paths: POST → 308 to /mcp (the body is sent again),
//                              GET → a JSON pointer (the SSE transport is not served; /mcp is)
//   /.well-known/agent-card.json   A2A's card: no A2A agent here, a JSON 404 naming the MCP endpoint and its card
// (GET /mcp from a browser is sent to /docs/mcp by adapters/mcp-http.ts; /mcp/server-card is in discovery.ts.)
import type { H3Event } from "h3";
import type { Route } from "../core/route.ts";
import { baseUrlOf, errorResponse, stepsFor } from "../adapters/http.ts";

export const OLD_MCP_PATHS = ["/sse", "/mcp/sse", "/api/mcp"] as const;
const CARD = "/.well-known/mcp/server-card.json";
const DISCOVER = Object.freeze({ jsonrpc: "2.0", id: 1, method: "server/discover", params: {} });

export function mcpEdgeRoutes(): Route[] {
  const toMcp = (event: H3Event) => {
    const steps = stepsFor(baseUrlOf(event));
    return [
      // A body that answers when sent as it is: server/discover (the 2026-07-28 revision's first call) says what is spoken.
      steps.post(
        "Connect your MCP client here: Streamable HTTP, one JSON-RPC message per POST, no authentication. This body asks what the server speaks",
        "/mcp",
        DISCOVER,
        { action: "connect" },
      ),
      steps.get("Read the MCP server card: identity, endpoint and protocol versions", CARD, {}, { action: "server-card" }),
      steps.get("Set up Claude, Cursor, VS Code or a stdio client", "/docs/mcp", {}, { action: "setup" }),
    ];
  };
  return [
    ...OLD_MCP_PATHS.flatMap((path): Route[] => [
      {
        method: "POST",
        path,
        summary: `Older MCP address: 308 to /mcp, where the same request is answered`,
        produces: "application/json",
        status: 308,
        handler: (event) => new Response(null, { status: 308, headers: { location: `${baseUrlOf(event)}/mcp` } }),
      },
      {
        method: "GET",
        path,
        summary: `Older MCP address: a pointer to /mcp (the SSE transport is not served)`,
        produces: "application/json",
        status: 404,
        handler: (event) =>
          errorResponse(
            event,
            "not_found",
            `MCP is served at ${baseUrlOf(event)}/mcp (Streamable HTTP), not at ${path}; the older SSE transport is not offered.`,
            {
              suggestion: "Nothing is wrong with your client. Point it at /mcp and send each JSON-RPC message as its own POST; no stream needs to be opened.",
              next_steps: toMcp(event),
            },
          ),
      },
    ]),
    {
      method: "GET",
      path: "/.well-known/agent-card.json",
      summary: "No A2A agent card: a pointer to the MCP endpoint and its server card",
      produces: "application/json",
      status: 404,
      handler: (event) =>
        errorResponse(event, "not_found", "This sanctuary offers no A2A agent card; agents attend over MCP at /mcp (or REST under /api).", {
          suggestion: `Nothing is missing. The MCP server card at ${baseUrlOf(event)}${CARD} says who the server is and where to connect.`,
          next_steps: toMcp(event),
        }),
    },
  ];
}
