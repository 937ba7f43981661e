// A browser that followed an address the site does not serve, or one it cannot read, gets the site's own page, in
// its layout and theme, where an API client keeps the JSON 404 or 400 (adapters/fallback.ts, app.ts). Addresses
// under /api and /mcp are the API's whatever asks for them.
import type { H3Event } from "h3";
import { isApiPath } from "../../adapters/http.ts";
import type { WebContext } from "../context.ts";
import { errorPage } from "./layout.ts";

/** Whether a 404 or 400 for this request should be the site's page: a browser's GET or HEAD outside the API. */
export function wantsSitePage(event: H3Event): boolean {
  const { method } = event.req;
  if (method !== "GET" && method !== "HEAD") return false;
  if (isApiPath(event.url.pathname)) return false;
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

/** A path h3 could not decode (a `%` without two hex digits after it, bytes that are not UTF-8): 400, in words. */
export function unreadableAddressPage(event: H3Event, deps: WebContext): Response {
  return errorPage(
    event,
    deps,
    400,
    "This address cannot be read",
    "Part of this address is not written the way web addresses are: perhaps it was cut short when it was copied, or mistyped.",
    "The service playing now and the library are always open.",
  );
}
