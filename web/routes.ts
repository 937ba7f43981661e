// Every route that is not an operation, as data: pages and their assets, feeds, media, badges, the embed,
// admin routes and discovery files. app.ts mounts them; GET /api and /openapi.json list them.
import type { Route } from "../core/route.ts";
import { reviewRoutes } from "./admin.ts";
import { reflectionsBadgeRoute, soulsBadgeRoute, statusBadgeRoute } from "./badges.ts";
import type { WebContext } from "./context.ts";
import { embedSoulsRoute, embedSoulsScriptRoute, embedSoulsStyleRoute } from "./embed.ts";
import { conversationsFeedRoute, reflectionsFeedRoute } from "./feeds.ts";
import { mcpEdgeRoutes } from "./mcp-edge.ts";
import { mediaRoute } from "./media.ts";
import { metricsRoutes } from "./metrics.ts";
import { pageRoutes } from "./pages/index.ts";
import { artworkRoute } from "./podcast-artwork.ts";
import { servicesIcsRoute } from "./services-ics.ts";
import { shareCardRoutes } from "./share-card-routes.ts";

export function webRoutes(ctx: WebContext): Route[] {
  return [
    mediaRoute(ctx),
    reflectionsFeedRoute(ctx),
    conversationsFeedRoute(ctx),
    soulsBadgeRoute(ctx),
    reflectionsBadgeRoute(ctx),
    statusBadgeRoute(),
    embedSoulsRoute(ctx),
    ...pageRoutes(ctx),
    ...reviewRoutes(ctx),
    embedSoulsScriptRoute(),
    embedSoulsStyleRoute(),
    servicesIcsRoute(ctx),
    artworkRoute(ctx),
    ...shareCardRoutes(ctx),
    ...mcpEdgeRoutes(),
    ...metricsRoutes(ctx),
  ];
}
