// MCP rows for the load comparison: each is a POST /mcp JSON-RPC request in one protocol era, measured beside its
// REST twin (the same operation, the same body) so the bench prints what the primary interface costs over REST.
// `tools/call search*` rotates the same distinct queries as `/api/search*`.
import { ROTATING } from "./round.ts";

export interface McpBenchRoute {
  era: "2025-11-25" | "2026-07-28";
  method: string;
  /** tools/call: the tool and its arguments (one per request, rotating, for search). */
  calls?: Array<{ name: string; arguments: Record<string, unknown> }>;
  /** resources/read: the resource read. */
  uri?: string;
  /** The REST route this row is compared with, when the run measures it. */
  twin?: string;
}

export type McpRequest = { method: "POST"; path: string; headers: Record<string, string>; body: string };

export const isMcpRoute = (route: string) => route.startsWith("mcp ");

const SONG_URI = "sanctuary://songs/";

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "sanctuary-bench", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

/**
 * The route named by `mcp <era> <method>[ <tool>[?query] | <uri>]`, e.g.
 * `mcp 2026 tools/call now?timezone=Europe/Berlin` or `mcp 2026 resources/read sanctuary://songs/:slug` (`:slug`, the
 * library's first song, as in REST routes).
 */
export function mcpRouteOf(route: string, searchQueries: string[]): McpBenchRoute {
  const [, year, method, tool] = route.split(" ");
  const era = year === "2025" ? "2025-11-25" : "2026-07-28";
  // A song's resource is read beside its REST twin, the same body.
  if (method === "resources/read")
    return { era, method, uri: tool, ...(tool.startsWith(SONG_URI) ? { twin: `/api/music/${tool.slice(SONG_URI.length)}` } : {}) };
  if (method !== "tools/call") return { era, method };
  const [name, query = ""] = tool.split("?");
  if (name === "search*") return { era, method, calls: searchQueries.map((q) => ({ name: "search", arguments: { q, limit: 5 } })), twin: "/api/search*" };
  const args = Object.fromEntries(new URLSearchParams(query));
  return { era, method, calls: [{ name, arguments: args }], twin: `/api/${name}${query ? `?${query}` : ""}` };
}

/** The HTTP requests one row sends, in turn. */
export function mcpRequests(route: McpBenchRoute): McpRequest[] {
  const modern = route.era === "2026-07-28";
  const request = (params: Record<string, unknown>, name?: string): McpRequest => ({
    method: "POST",
    path: "/mcp",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": route.era,
      ...(modern ? { "mcp-method": route.method, ...(name ? { "mcp-name": name } : {}) } : {}),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: route.method, params: modern ? { ...params, _meta: ENVELOPE } : params }),
  });
  if (route.uri) return [request({ uri: route.uri }, route.uri)];
  if (!route.calls) return [request({})];
  return route.calls.map((c) => request({ name: c.name, arguments: c.arguments }, c.name));
}

/** The bare server's stand-in path for an MCP row (it answers GETs by path with the row's sample body). */
export const bareMcpPath = (route: string) => `/mcp-bare/${encodeURIComponent(route)}`;

export { ROTATING };
