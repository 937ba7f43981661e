// Headers every response carries, set in one place (app.ts mounts these): CORS for any origin (spec
// §1.16), preflights answered before routing, and nosniff. Handlers set only what is theirs.
import type { H3Event } from "h3";
import { FastResponse } from "srvx";

export const CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "retry-after, mcp-session-id, mcp-protocol-version, x-request-id, accept-ranges, content-range, content-length, etag",
};

/** Every response's headers. Responses built as `ResponseWithCommonHeaders` start with them, so the hot path skips the check. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = { ...CORS_HEADERS, "x-content-type-options": "nosniff" };
const COMMON_ENTRIES = Object.entries(COMMON_HEADERS);

/**
 * A response built with COMMON_HEADERS already among its headers (srvx's FastResponse: no web-stream round
 * trip on Node). Known by its class, so the middleware need not open its headers (which would build a
 * Headers object per response).
 */
export class ResponseWithCommonHeaders extends FastResponse {}

/** OPTIONS on any path: the CORS preflight. */
export function preflight(event: H3Event): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      "access-control-allow-methods": "GET, POST, OPTIONS",
      "access-control-allow-headers":
        event.req.headers.get("access-control-request-headers") ?? "content-type, mcp-protocol-version, mcp-session-id, last-event-id",
      "access-control-max-age": "86400",
    },
  });
}

/** The common headers a response does not set itself (a route may narrow CORS or caching on its own); anything else as it is. */
export function withCommonHeaders<T>(response: T): T {
  if (!(response instanceof Response) || response instanceof ResponseWithCommonHeaders) return response;
  const headers = response.headers;
  for (const [name, value] of COMMON_ENTRIES) if (!headers.has(name)) headers.set(name, value);
  return response;
}
