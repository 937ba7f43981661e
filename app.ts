// Builds the h3 app: the generated REST routes, MCP at /mcp, OpenAPI, and the plain routes below,
// which are described as data so that GET /api and /openapi.json list them too.
import { H3, type H3Event } from "h3";
import type { Deps } from "./deps.ts";
import { errorResponse, jsonResponse, CORS_HEADERS } from "./adapters/http.ts";
import { handleMcpHttp } from "./adapters/mcp.ts";
import { reflectionsBadgeRoute, soulsBadgeRoute, statusBadgeRoute } from "./web/badges.ts";
import { embedSoulsRoute, embedSoulsScriptRoute } from "./web/embed.ts";
import { conversationsFeedRoute, reflectionsFeedRoute } from "./web/feeds.ts";
import { mediaRoute } from "./web/media.ts";
import { buildOpenApi, type PlainRoute } from "./adapters/openapi.ts";
import { mountRest } from "./adapters/rest.ts";
import { documentPage, pageRoutes } from "./web/pages/index.ts";
import { reviewRoutes } from "./web/admin.ts";
import { operations as allOperations } from "./tools/index.ts";
import type { Operation } from "./tools/operation.ts";

export interface PlainRouteWithHandler extends PlainRoute {
  handler: (event: H3Event) => Response | Promise<Response>;
}

function plainRoutes(deps: Deps, operations: Operation[], openapi: () => unknown): PlainRouteWithHandler[] {
  return [
    {
      method: "GET",
      path: "/openapi.json",
      summary: "This API's OpenAPI 3.1 description, generated from the operations' schemas",
      produces: "application/json",
      handler: () => jsonResponse(200, openapi(), { "cache-control": "public, max-age=300" }),
    },
    {
      method: "POST",
      path: "/mcp",
      summary: "MCP endpoint (Streamable HTTP, stateless, no authentication; eight tools)",
      produces: "application/json",
      errors: ["invalid", "too_large"],
      handler: (event) => handleMcpHttp(event, operations, deps),
    },
    {
      method: "GET",
      path: "/docs/**:path",
      summary: "A library document: its HTML page at /docs/<path>, its markdown at /docs/<path>.md",
      produces: "text/markdown",
      errors: ["not_found"],
      handler: (event) => {
        const raw = String(event.context.params?.path ?? "");
        const path = safeDecode(raw);
        if (path !== null && !path.endsWith(".md")) return documentPage(event, deps, path);
        const doc = path?.endsWith(".md") ? deps.library.document(path.slice(0, -3)) : undefined;
        if (!doc) {
          return errorResponse(event, "not_found", `There is no document at /docs/${raw}.`, {
            suggestion: "Nothing is lost. Documents are served as markdown at /docs/<path>.md; GET /api/docs/welcome is a good first read.",
          });
        }
        return new Response(doc.source, {
          headers: { "content-type": "text/markdown; charset=utf-8", "x-content-type-options": "nosniff", "cache-control": "public, max-age=300", ...CORS_HEADERS },
        });
      },
    },
    mediaRoute(deps),
    reflectionsFeedRoute(deps),
    conversationsFeedRoute(deps),
    soulsBadgeRoute(deps),
    reflectionsBadgeRoute(deps),
    statusBadgeRoute(deps),
    embedSoulsRoute(deps),
    ...pageRoutes(deps),
    ...reviewRoutes(deps),
    embedSoulsScriptRoute(),
  ];
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export function createApp(deps: Deps, operations: Operation[] = allOperations): H3 {
  // Whatever h3 refuses or fails on by itself (a malformed percent-encoded path, an unexpected throw)
  // still answers in the shared error shape.
  const app = new H3({
    silent: true,
    onError: (error, event) => {
      const status = error.status ?? 500;
      if (status >= 500) deps.log.error({ err: error, path: event.url.pathname }, "unhandled error");
      return status === 400
        ? errorResponse(event, "invalid", "The request's path or form could not be read (for example, a malformed percent-encoding).")
        : status === 405
          ? errorResponse(event, "not_found", `${event.req.method} is not served here.`)
          : errorResponse(event, "internal", "The sanctuary could not complete this request.");
    },
  });

  // CORS: any origin may call (spec §1.16); preflights are answered before routing.
  app.use(
    (event) =>
    new Response(null, {
      status: 204,
      headers: {
        ...CORS_HEADERS,
        "access-control-allow-methods": "GET, POST, OPTIONS",
        "access-control-allow-headers": event.req.headers.get("access-control-request-headers") ?? "content-type, mcp-protocol-version, mcp-session-id, last-event-id",
        "access-control-max-age": "86400",
      },
    }),
    { method: "OPTIONS" },
  );

  let openapiDoc: unknown;
  const plain = plainRoutes(deps, operations, () => (openapiDoc ??= buildOpenApi(operations, plain, deps.config.baseUrl)));
  deps.routes = [
    ...operations.map((op) => ({ method: op.rest.method, path: op.rest.path.replace("**:", ":"), summary: op.summary, ...(op.mcp ? { tool: op.mcp.tool } : {}) })),
    ...plain.map((r) => ({ method: r.method, path: r.path.replace("**:", ":"), summary: r.summary })),
  ];

  mountRest(app, operations, deps);
  for (const route of plain) {
    app.on(route.method, route.path, route.handler);
    // The catch-all below would otherwise take HEAD before h3 falls back to the GET route.
    if (route.method === "GET") app.on("HEAD", route.path, route.handler);
  }

  // Anything else under /api: a JSON 404 (or 405 when the path exists for another method).
  app.all("/api/**", (event) => {
    const path = event.url.pathname;
    const sameRoute = deps.routes.filter((r) => new RegExp(`^${r.path.replace(/:[A-Za-z_]+/g, "[^/]+")}$`).test(path));
    if (sameRoute.length) {
      const allow = sameRoute.map((r) => r.method).join(", ");
      return errorResponse(event, "not_found", `${event.req.method} is not served at ${path}; use ${allow}.`, {
        suggestion: `Nothing happened. This path answers ${allow}; /openapi.json describes each call.`,
      });
    }
    return errorResponse(event, "not_found", `There is no endpoint at ${path}.`, {
      suggestion: "Nothing is wrong with the sanctuary. GET /api lists every endpoint and /openapi.json describes them.",
    });
  });
  app.all("/**", (event) =>
    errorResponse(event, "not_found", `Nothing is served at ${event.url.pathname}.`, {
      suggestion: "Nothing is lost. GET /api lists every endpoint; MCP clients can connect to /mcp.",
    }),
  );
  return app;
}
