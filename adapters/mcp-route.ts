// Which era a POST /mcp message belongs to, decided cheaply for the well-formed case: a JSON-RPC request that
// either carries the 2026-07-28 envelope with headers that agree with it, or carries no envelope and names (or
// omits) a 2025 revision. Anything else returns null and is left to the SDK's classifier, which refuses it with
// the exact error the revision prescribes (its classification costs more than a whole REST request: docs/performance.md).
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY } from "@modelcontextprotocol/server";
import type { Era } from "./mcp-caller.ts";
import { LEGACY_VERSIONS, MODERN_PROTOCOL_VERSION, eraOf, isObject } from "./mcp-wire.ts";

export type McpRoute =
  { kind: "request"; id: string | number; method: string; params: Record<string, unknown>; era: Era; client?: string } | { kind: "notification" };

// The 2026-07-28 revision mirrors one body field in the Mcp-Name header for these methods.
const NAME_FIELD: Record<string, string> = { "tools/call": "name", "prompts/get": "name", "resources/read": "uri" };

const MODERN = eraOf(MODERN_PROTOCOL_VERSION);
const LEGACY = new Map(LEGACY_VERSIONS.map((v) => [v, eraOf(v)]));
// A 2025 request without the version header is 2025-03-26 (the Streamable HTTP transport's rule).
const UNNAMED_LEGACY = eraOf("2025-03-26");

/** The route of a parsed body with its request headers, or null for the SDK to classify. */
export function routeOf(body: unknown, headers: Headers): McpRoute | null {
  if (!isObject(body) || body.jsonrpc !== "2.0" || typeof body.method !== "string") return null;
  const params = body.params ?? {};
  if (!isObject(params)) return null;
  const { method, id } = body;
  const requestId = typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id)) ? id : undefined;
  const hasId = requestId !== undefined;
  if ("id" in body && !hasId) return null;
  const header = headers.get("mcp-protocol-version") ?? undefined;
  const meta = params._meta;
  if (isObject(meta) && PROTOCOL_VERSION_META_KEY in meta) {
    if (!hasId || method === "initialize" || meta[PROTOCOL_VERSION_META_KEY] !== MODERN_PROTOCOL_VERSION || header !== MODERN_PROTOCOL_VERSION) return null;
    const clientInfo = meta[CLIENT_INFO_META_KEY];
    if (!isObject(clientInfo) || typeof clientInfo.name !== "string" || !isObject(meta[CLIENT_CAPABILITIES_META_KEY])) return null;
    if (headers.get("mcp-method") !== method) return null;
    const nameField = NAME_FIELD[method];
    if (nameField && (headers.get("mcp-name") ?? undefined) !== params[nameField]) return null;
    return { kind: "request", id: requestId, method, params, era: MODERN, client: clientInfo.name };
  }
  const era = header === undefined ? UNNAMED_LEGACY : LEGACY.get(header);
  if (!era) return null;
  if (requestId === undefined) return "id" in body || !method.startsWith("notifications/") ? null : { kind: "notification" };
  const clientInfo = method === "initialize" && isObject(params.clientInfo) ? params.clientInfo : undefined;
  return { kind: "request", id: requestId, method, params, era, client: typeof clientInfo?.name === "string" ? clientInfo.name : undefined };
}
