// Wires the h3 app and nothing more: common headers and CORS preflights, the REST routes generated from the
// operations, and the routes deps.ts built (OpenAPI, MCP at /mcp, web/routes.ts), and the fallbacks (404, 405 + Allow).
import { H3 } from "h3";
import { fallbackHandler, methodsAtPath } from "./adapters/fallback.ts";
import { commonLayer } from "./adapters/headers.ts";
import { errorResponse, errorResponseOf } from "./adapters/http.ts";
import { noteRequest, requestWatch, WORDS_IN_PATH } from "./adapters/request-log.ts";
import { mountRest } from "./adapters/rest.ts";
import { headRefusedPaths, wildcardPaths, type HttpSurface } from "./adapters/route-table.ts";
import type { Route } from "./core/route.ts";
import type { WebContext } from "./web/context.ts";
import { notFoundPage, unreadableAddressPage, wantsSitePage } from "./web/pages/not-found.ts";
import { storeDownPage, storeRefusalIn } from "./web/pages/store-down.ts";

/** Mounts what deps.ts built (`ctx.http`): the operations and the routes whose one table is `ctx.routes`. */
export function createApp(ctx: WebContext & { http: HttpSurface }): H3 {
  // Whatever h3 refuses or fails on by itself (a malformed percent-encoded path, an unexpected throw)
  // still answers in the shared error shape.
  const app = new H3({
    silent: true,
    onError: (error, event) => {
      // h3 refuses a malformed path before any layer runs: BASE_URL is noted here too.
      event.context.baseUrl ??= ctx.config.baseUrl;
      // A page or feed that reached a failing store: 503 with Retry-After, never a 500 and never a log line per
      // request (the outage was logged once, when it began). A browser gets the page; any other client JSON.
      const refusal = storeRefusalIn(error);
      if (refusal) {
        return event.req.headers.get("accept")?.includes("text/html") ? storeDownPage(event, ctx, refusal) : errorResponseOf(event, refusal);
      }
      const status = error.status ?? 500;
      if (status >= 500) ctx.log.error({ err: error, path: event.url.pathname }, "unhandled error");
      if (status !== 400) return errorResponse(event, "internal", "The sanctuary could not complete this request.");
      // A browser that followed a cut or mistyped address gets the site's page, as for an address nothing serves.
      if (wantsSitePage(event)) return unreadableAddressPage(event, ctx);
      return errorResponse(event, "invalid", "The request's path or form could not be read (for example, a malformed percent-encoding).");
    },
  });

  // Preflights, the common headers and the request's end in one layer, on every request. Access lines and request
  // metrics cost a few microseconds a request: paid only when someone reads them (logs at info or finer, or /metrics on).
  const watched = ctx.config.metrics || ctx.log.isLevelEnabled("info");
  const { http } = ctx;
  const { operations, routes } = http;
  const wildcards = wildcardPaths(operations, routes);
  const noHead = headRefusedPaths(operations);
  const routeList = () => ctx.routes.map((r) => ({ ...r, wildcard: wildcards.has(r.path), noHead: r.method === "GET" && noHead.has(r.path) }));
  app.use(
    commonLayer({
      watch: watched ? requestWatch(ctx, { metrics: ctx.config.metrics }) : undefined,
      baseUrl: ctx.config.baseUrl,
      methodsAt: methodsAtPath(routeList),
    }),
  );

  mountRest(app, operations, ctx);
  for (const route of routes) {
    const handler = route.wordsInPath ? withWordsInPath(route.handler) : route.handler;
    app.on(route.method, route.path, handler);
    // The catch-all below would otherwise take HEAD before h3 falls back to the GET route.
    if (route.method === "GET") app.on("HEAD", route.path, handler);
  }
  // GET and DELETE on /mcp: 405 with Allow: POST, in words about MCP (no stream to open, no session to end).
  for (const method of ["GET", "HEAD", "DELETE"] as const) app.on(method, "/mcp", http.mcpMethodNotAllowed);
  const fallback = fallbackHandler(routeList);
  // A browser at an address nothing serves gets the site's page; an API client keeps the JSON 404.
  app.all("/**", (event) => {
    const answer = fallback(event);
    return answer.status === 404 && wantsSitePage(event) ? notFoundPage(event, ctx) : answer;
  });
  return app;
}

/** A route whose path holds a visitor's words: its access line names the route's pattern (adapters/request-log.ts). */
function withWordsInPath(handler: Route["handler"]): Route["handler"] {
  return (event) => {
    noteRequest(event, WORDS_IN_PATH);
    return handler(event);
  };
}
