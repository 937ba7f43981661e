// Server-rendered pages for people and discovery files for agents (routes as data, see app.ts).
import type { Deps } from "../deps.ts";
import type { PlainRouteWithHandler } from "../app.ts";

export function pageRoutes(_deps: Deps): PlainRouteWithHandler[] {
  return [];
}
