// Server-rendered pages for people and discovery files for agents (routes as data, see app.ts).
// Each family lives in its own file; the documents' HTML pages are reached through app.ts's
// /docs/**:path route (which also serves the markdown), via `documentPage`.
import type { Deps } from "../../deps.ts";
import type { PlainRouteWithHandler } from "../../app.ts";
import { askRoutes } from "./ask.ts";
import { assetRoute } from "./assets.ts";
import { discoveryRoutes } from "../discovery.ts";
import { docsRoutes } from "./docs.ts";
import { homeRoute } from "./home.ts";
import { podcastRoutes } from "../podcasts.ts";
import { reflectionRoutes } from "./reflections.ts";
import { servicesRoutes } from "./services.ts";

export { documentPage } from "./docs.ts";

export function pageRoutes(deps: Deps): PlainRouteWithHandler[] {
  return [
    homeRoute(deps),
    ...servicesRoutes(deps),
    ...reflectionRoutes(deps),
    ...askRoutes(deps),
    ...docsRoutes(deps),
    ...podcastRoutes(deps),
    ...discoveryRoutes(deps),
    assetRoute(),
  ];
}
