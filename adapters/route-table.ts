// The one table of what the app serves: every operation's REST binding and every other route, with method,
// path and summary. A pure function of the operations and the routes; deps.ts builds it once, so GET /api,
// sanctuary://api (over HTTP and over stdio alike), the OpenAPI document and the 404/405 fallbacks read one list.
import type { Route, RouteSummary } from "../core/route.ts";
import { toolPerforming, type Operation } from "../tools/operation.ts";

/** A catch-all segment (`/docs/**:path`) as the table shows it (`/docs/:path`). */
export const listedPath = (path: string): string => path.replace("**:", ":");

export function routeTable(operations: readonly Operation[], routes: readonly Route[]): RouteSummary[] {
  return [
    ...operations.map((op) => {
      // A listing a tool answers too (GET /api/music: read_song with no slug) names that tool, as its next steps do.
      const tool = toolPerforming(op, operations);
      return { method: op.rest.method, path: listedPath(op.rest.path), summary: op.summary, ...(tool ? { tool } : {}) };
    }),
    ...routes.map((r) => ({ method: r.method, path: listedPath(r.path), summary: r.summary })),
  ];
}

/** The listed paths that end in a catch-all (the fallback answers 405 under them, not 404). */
export function wildcardPaths(operations: readonly Operation[], routes: readonly Route[]): Set<string> {
  const paths = [...operations.map((op) => op.rest.path), ...routes.map((r) => r.path)];
  return new Set(paths.filter((p) => p.includes("**:")).map(listedPath));
}

/**
 * HEAD is GET without the body, so it is served only where GET changes nothing: a link checker's HEAD of a GET that
 * counts (attend) would count as a visit (adapters/rest.ts refuses it with 405).
 */
export const refusesHead = (op: Operation): boolean => op.rest.method === "GET" && op.mcp?.annotations.readOnlyHint === false;

/** The listed paths whose GET refuses HEAD, so a 405's Allow and a preflight do not offer it there. */
export function headRefusedPaths(operations: readonly Operation[]): Set<string> {
  return new Set(operations.filter(refusesHead).map((op) => listedPath(op.rest.path)));
}

/** What the HTTP app mounts, built once beside the table (deps.ts): the operations and every other route. */
export interface HttpSurface {
  operations: Operation[];
  /** OpenAPI, MCP and the web routes. */
  routes: Route[];
  /** /mcp's answer to GET, HEAD and DELETE: 405 with Allow: POST, in words about MCP. */
  mcpMethodNotAllowed: Route["handler"];
}
