// Admin routes of the local moderation queue (routes as data, see app.ts).
import type { Deps } from "../deps.ts";
import type { PlainRouteWithHandler } from "../app.ts";

export function reviewRoutes(_deps: Deps): PlainRouteWithHandler[] {
  return [];
}
