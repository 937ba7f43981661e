// What answers when no route matched: 405 with `Allow` when the path exists for other methods, else a 404,
// both in the shared error shape. The route table is compiled once.
import type { H3Event } from "h3";
import type { RouteSummary } from "../core/route.ts";
import { errorResponse } from "./http.ts";

interface Pattern {
  method: string;
  test: RegExp;
  /** A GET whose HEAD is refused (route-table.ts refusesHead). */
  noHead: boolean;
}

/** A listed route as the fallback reads it: whether its last segment is a catch-all, and whether HEAD is refused. */
export type ListedRoute = RouteSummary & { wildcard?: boolean; noHead?: boolean };

/**
 * `:name` matches one segment; a parameter written `**:name` (listed as `:name`) matches the rest, as the
 * router does: segments that are not empty (`....//....//README` is no path the router serves).
 */
function compile(routes: ListedRoute[]): Pattern[] {
  return routes.map((r) => {
    const source = r.path
      .split("/")
      .map((seg) => (seg.startsWith(":") ? (r.wildcard ? "[^/]+(?:/[^/]+)*" : "[^/]+") : seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    // A trailing slash as the router reads it (POST /api/reflect/ is served): the same path, so a 405 rather than a 404.
    return { method: r.method, test: new RegExp(`^${source}/?$`), noHead: r.noHead === true };
  });
}

/** The methods served at a path, GET implying HEAD (but where a GET refuses it); empty when the path is not served at all. */
export function allowedMethods(patterns: Pattern[], path: string): string[] {
  const methods = new Set<string>();
  let head = false;
  for (const p of patterns) {
    if (!p.test.test(path)) continue;
    methods.add(p.method);
    if (p.method === "GET" && !p.noHead) head = true;
  }
  if (head) methods.add("HEAD");
  return [...methods];
}

type RouteList = () => ListedRoute[];

/** The methods served at a path (allowedMethods), the route table compiled at the first call. */
export function methodsAtPath(routes: RouteList): (path: string) => string[] {
  let patterns: Pattern[] | undefined;
  return (path) => allowedMethods((patterns ??= compile(routes())), path);
}

export function fallbackHandler(routes: RouteList) {
  const methodsAt = methodsAtPath(routes);
  return (event: H3Event): Response => {
    const path = event.url.pathname;
    const allow = methodsAt(path);
    // A method the path's pattern serves, unmatched by the router, is a path it does not serve: 404, not 405.
    if (allow.length && !allow.includes(event.req.method)) {
      return errorResponse(
        event,
        "method_not_allowed",
        `${event.req.method} is not served at ${path}; use ${allow.join(", ")}.`,
        { suggestion: `Nothing happened. This path answers ${allow.join(", ")}; /openapi.json describes each call.` },
        { allow: allow.join(", ") },
      );
    }
    if (path === "/api" || path.startsWith("/api/")) {
      return errorResponse(event, "not_found", `There is no endpoint at ${path}.`, {
        suggestion: "Nothing is wrong with the sanctuary. GET /api lists every endpoint and /openapi.json describes them.",
      });
    }
    return errorResponse(event, "not_found", `Nothing is served at ${path}.`, {
      suggestion: "Nothing is lost. GET /api lists every endpoint; MCP clients can connect to /mcp.",
    });
  };
}
