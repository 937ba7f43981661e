// Headers every response carries, set in one place (app.ts mounts these): CORS for any origin (spec
// §1.16), preflights answered before routing, and nosniff. Handlers set only what is theirs.
import type { H3Event } from "h3";

export const CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "retry-after, mcp-session-id, mcp-protocol-version, x-request-id, accept-ranges, content-range, content-length, etag",
};

/** Every response's headers. Responses built by `jsonResponse` start with them and are marked, so the hot path skips the check. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = { ...CORS_HEADERS, "x-content-type-options": "nosniff" };
const COMMON_ENTRIES = Object.entries(COMMON_HEADERS);
const hasCommon = new WeakSet<Response>();

/** Mark a response built with COMMON_HEADERS already in place. */
export function withCommonHeadersBuiltIn<T extends Response>(response: T): T {
  hasCommon.add(response);
  return response;
}

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

/** The common headers a response does not set itself (a route may narrow CORS or caching on its own). */
export function withCommonHeaders(response: Response): Response {
  if (hasCommon.has(response)) return response;
  const headers = response.headers;
  for (const [name, value] of COMMON_ENTRIES) if (!headers.has(name)) headers.set(name, value);
  return response;
}
