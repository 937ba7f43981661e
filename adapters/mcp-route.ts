// Which era a POST /mcp message belongs to, decided cheaply for the well-formed case: a JSON-RPC request that
// either carries the 2026-07-28 envelope with headers that agree with it, or carries no envelope and names (or
// omits) a 2025 revision. Anything else returns null and is left to the SDK's classifier, which refuses it with
// the exact error the revision prescribes (its classification costs more than a whole REST request: docs/performance.md).
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY } from "@modelcontextprotocol/server";
import type { Era } from "./mcp-caller.ts";
import { idOf } from "./jsonrpc-message.ts";
import { LEGACY_VERSIONS, MODERN_PROTOCOL_VERSION, PROTOCOL_VERSIONS, eraOf, isObject } from "./mcp-wire.ts";

export type McpRoute =
  { kind: "request"; id: string | number; method: string; params: Record<string, unknown>; era: Era; client?: string } | { kind: "notification" };

/** The 2026-07-28 revision's error for headers that do not mirror the body (HTTP 400). */
const HEADER_MISMATCH = -32020;

// The 2026-07-28 revision mirrors one body field in the Mcp-Name header for these methods.
const NAME_FIELD: Record<string, string> = { "tools/call": "name", "prompts/get": "name", "resources/read": "uri" };

const MODERN = eraOf(MODERN_PROTOCOL_VERSION);
const LEGACY = new Map(LEGACY_VERSIONS.map((v) => [v, eraOf(v)]));
// A 2025 request without the version header is 2025-03-26 (the Streamable HTTP transport's rule).
const UNNAMED_LEGACY = eraOf("2025-03-26");
const SERVED: ReadonlySet<string> = new Set(PROTOCOL_VERSIONS);

/** The route of a parsed body with its request headers, or null for the SDK to classify. */
export function routeOf(body: unknown, headers: Headers): McpRoute | null {
  if (!isObject(body) || body.jsonrpc !== "2.0" || typeof body.method !== "string") return null;
  const params = body.params ?? {};
  if (!isObject(params)) return null;
  const { method } = body;
  const requestId = idOf(body) ?? undefined;
  const hasId = requestId !== undefined;
  if ("id" in body && !hasId) return null;
  const header = headers.get("mcp-protocol-version") ?? undefined;
  const meta = params._meta;
  const named = isObject(meta) && PROTOCOL_VERSION_META_KEY in meta ? meta[PROTOCOL_VERSION_META_KEY] : undefined;
  // A 2025 request naming its own revision in the envelope's key as well, as its header does (or 2025-03-26 without
  // one), is that revision's, as stdio serves it: the SDK's entry refused it as a 2026-07-28 envelope missing fields.
  const ownRevision = named !== MODERN_PROTOCOL_VERSION && named === (header ?? UNNAMED_LEGACY.version);
  if (isObject(meta) && named !== undefined && !ownRevision) {
    if (!hasId || method === "initialize" || named !== MODERN_PROTOCOL_VERSION || header !== MODERN_PROTOCOL_VERSION) return null;
    // The client's name read once: the envelope's check and the route both need it.
    const client = clientOf(meta);
    if (problemOf(method, meta, client)) return null;
    if (headers.get("mcp-method") !== method) return null;
    // Mcp-Name mirrors a name the body gives; a name missing or not a string is the params' fault, refused by the
    // dispatch in words (-32602), unless a header names one anyway (-32020: modernEnvelopeRefusal).
    const nameField = NAME_FIELD[method];
    if (nameField) {
      const named = params[nameField];
      if (typeof named === "string" ? headers.get("mcp-name") !== named : headers.has("mcp-name")) return null;
    }
    return { kind: "request", id: requestId, method, params, era: MODERN, client: client ?? undefined };
  }
  const era = header === undefined ? UNNAMED_LEGACY : LEGACY.get(header);
  if (!era) return null;
  if (requestId === undefined) return "id" in body || !method.startsWith("notifications/") ? null : { kind: "notification" };
  const clientInfo = method === "initialize" && isObject(params.clientInfo) ? params.clientInfo : undefined;
  return { kind: "request", id: requestId, method, params, era, client: typeof clientInfo?.name === "string" ? clientInfo.name : undefined };
}

/** The first revision without JSON-RPC batches: its changelog removed them, and every later revision carries one message a POST. */
export const BATCHES_ENDED = "2025-06-18";
/** The most messages a 2025-03-26 batch may hold (as the SDK's transport allowed): each is answered at once, side by side. */
export const MAX_BATCH = 100;

/**
 * The revision a batch names when that revision has no batches (2025-06-18 and later): its header's, or failing that
 * one of its messages' 2026-07-28 envelopes. Undefined for a 2025-03-26 batch, named or not (a request without the
 * header is 2025-03-26: the transport's rule), which may batch; and for a revision not served, which -32022 answers.
 */
export function batchlessRevision(batch: readonly unknown[], headers: Headers): string | undefined {
  const ended = (version: unknown): version is string => typeof version === "string" && SERVED.has(version) && version >= BATCHES_ENDED;
  const header = headers.get("mcp-protocol-version");
  if (ended(header)) return header;
  for (const message of batch) {
    const meta = isObject(message) && isObject(message.params) ? message.params._meta : undefined;
    const named = isObject(meta) ? meta[PROTOCOL_VERSION_META_KEY] : undefined;
    if (ended(named)) return named;
  }
  return undefined;
}

/** The client's name in a 2026-07-28 envelope: undefined when it names none (optional since the revision), null when malformed. */
function clientOf(meta: Record<string, unknown>): string | undefined | null {
  const info = meta[CLIENT_INFO_META_KEY];
  if (info === undefined) return undefined;
  return isObject(info) && typeof info.name === "string" ? info.name : null;
}

/**
 * What a 2026-07-28 envelope asks wrongly, in words, whichever transport carries it (stdio and HTTP refuse alike):
 * `initialize`, which that revision has no more (-32601), or no capabilities, or a client named without a name
 * (-32602). The client's identity is optional (for logs only). Null when the envelope may be served.
 */
export function envelopeProblem(method: string, meta: Record<string, unknown>): { code: number; message: string } | null {
  return problemOf(method, meta, clientOf(meta));
}

/** envelopeProblem, given the client's name as clientOf read it. */
function problemOf(method: string, meta: Record<string, unknown>, client: string | undefined | null): { code: number; message: string } | null {
  if (method === "initialize") return { code: -32601, message: "Method not found: 2026-07-28 has no initialize; send server/discover" };
  if (client === null || !isObject(meta[CLIENT_CAPABILITIES_META_KEY]))
    return {
      code: -32602,
      message:
        client === null
          ? `Invalid params: _meta["${CLIENT_INFO_META_KEY}"] is optional, but when sent it is an object with a string name`
          : `Invalid params: a 2026-07-28 request carries _meta["${CLIENT_CAPABILITIES_META_KEY}"], an object ({} when the client offers none)`,
    };
  return null;
}

/**
 * A 2026-07-28 request (its envelope and header name that revision) whose envelope asks wrongly: its id and the
 * problem (envelopeProblem), so HTTP says what stdio says; null for anything else.
 */
export function modernEnvelopeRefusal(body: unknown, headers: Headers): { id: string | number | null; code: number; message: string } | null {
  if (!isObject(body) || !isObject(body.params) || headers.get("mcp-protocol-version") !== MODERN_PROTOCOL_VERSION) return null;
  const meta = body.params._meta;
  if (!isObject(meta) || meta[PROTOCOL_VERSION_META_KEY] !== MODERN_PROTOCOL_VERSION || typeof body.method !== "string") return null;
  const problem = envelopeProblem(body.method, meta) ?? orphanNameHeader(body.method, body.params, headers);
  return problem && { id: idOf(body), ...problem };
}

/**
 * An Mcp-Name header beside a body that names nothing (its name or URI missing, or not a string): the header did not
 * come from this body, which the revision refuses as a header mismatch (-32020, HTTP 400). The SDK's entry answered
 * it with -32603 and its schema's complaint.
 */
function orphanNameHeader(method: string, params: Record<string, unknown>, headers: Headers): { code: number; message: string } | null {
  const field = NAME_FIELD[method];
  const header = headers.get("mcp-name");
  if (!field || header === null || typeof params[field] === "string") return null;
  return {
    code: HEADER_MISMATCH,
    message: `Bad Request: the request headers and body disagree: the Mcp-Name header names ${JSON.stringify(header)} but the body carries no params.${field} string`,
  };
}
