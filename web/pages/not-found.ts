// A browser that followed an address the site does not serve gets the site's own page, in its layout and
// theme, where an API client keeps the JSON 404 (adapters/fallback.ts). Addresses under /api and /mcp are
// the API's whatever asks for them.
import type { H3Event } from "h3";
import type { WebContext } from "../context.ts";
import { errorPage } from "./layout.ts";

/** Whether a 404 for this request should be the site's page: a browser's GET or HEAD outside the API. */
export function wantsNotFoundPage(event: H3Event): boolean {
  const { method } = event.req;
  if (method !== "GET" && method !== "HEAD") return false;
  const path = event.url.pathname;
  if (path === "/api" || path.startsWith("/api/") || path === "/mcp" || path.startsWith("/mcp/")) return false;
  return event.req.headers.get("accept")?.includes("text/html") ?? false;
}

export function notFoundPage(event: H3Event, deps: WebContext): Response {
  return errorPage(
    event,
    deps,
    404,
    "Nothing is here",
    "This address leads nowhere in the sanctuary: perhaps a word of it was mistyped, or the page has moved.",
    "The service playing now and the library are always open.",
  );
}
