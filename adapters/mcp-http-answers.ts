// How POST /mcp answers (mcp-http.ts): a JSON-RPC refusal as the whole answer, a result as JSON or one SSE event
// from ready bytes, and the request and answer as the SDK's own entry needs them.
import type { H3Event } from "h3";
import { bytesOf, type Bytes } from "../core/json.ts";
import { COMMON_HEADERS, ResponseWithCommonHeaders } from "./headers.ts";
import type { Id } from "./mcp-wire.ts";

/** A JSON-RPC error as the whole HTTP answer (the MCP transports' own form for refusals). */
export function rpcError(
  status: number,
  code: number,
  message: string,
  id: Id = null,
  headers: Record<string, string> = {},
  data?: { suggestion: string },
): Response {
  return new Response(rpcErrorText(code, message, id, data), { status, headers: { "content-type": "application/json", ...headers } });
}

/** A JSON-RPC error message as JSON text (the whole answer's body, or one answer of a batch). */
export function rpcErrorText(code: number, message: string, id: Id = null, data?: { suggestion: string }): string {
  return JSON.stringify({ jsonrpc: "2.0", id, error: data ? { code, message, data } : { code, message } });
}

export function answered(message: Bytes, json: boolean): Response {
  if (json) return new ResponseWithCommonHeaders(message, { status: 200, headers: withLength(JSON_HEADERS, message.byteLength) });
  const bytes = bytesOf(["event: message\ndata: ", message, "\n\n"]);
  return new ResponseWithCommonHeaders(bytes, { status: 200, headers: withLength(SSE_HEADERS, bytes.byteLength) });
}

// An answer's headers but its length, made once: each answer copies them with its own length (one object of one
// shape, where spreading the type and the common headers into a literal built a new shape's object per request).
const JSON_HEADERS: Readonly<Record<string, string>> = { "content-type": "application/json", "content-length": "", ...COMMON_HEADERS };
const SSE_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/event-stream",
  "cache-control": "no-cache",
  // A proxy that buffers would hold the event until the stream ends (the Streamable HTTP page asks for this header).
  "x-accel-buffering": "no",
  "content-length": "",
  ...COMMON_HEADERS,
};
function withLength(headers: Readonly<Record<string, string>>, length: number): Record<string, string> {
  const out = { ...headers };
  out["content-length"] = String(length);
  return out;
}

/** The request as the SDK should see it: Accept naming both forms (the SDK requires it) and a JSON content type. */
export function sdkRequest(event: H3Event, text: string): Request {
  const headers = new Headers(event.req.headers);
  headers.set("accept", "application/json, text/event-stream");
  if (!headers.has("content-type")) headers.set("content-type", "application/json");
  return new Request(event.url, { method: "POST", headers, body: text });
}

/** A JSON answer is read whole (its length known); a stream passes through. Fresh headers: ours get added. */
export async function settled(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  if (!String(headers.get("content-type")).includes("text/event-stream")) {
    const bytes = await response.arrayBuffer();
    return new Response(bytes.byteLength ? bytes : null, { status: response.status, headers });
  }
  return new Response(response.body, { status: response.status, headers });
}
