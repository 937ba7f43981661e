// Server-rendered pages for people and discovery files for agents (routes as data, see web/routes.ts).
// Each family lives in its own file.
import { baseUrlOf } from "../../adapters/http.ts";
import type { WebContext } from "../context.ts";
import type { Route } from "../../core/route.ts";
import { askRoutes } from "./ask.ts";
import { assetRoute, fontRoute } from "./assets.ts";
import { discoveryRoutes } from "../discovery.ts";
import { docsRoutes } from "./docs.ts";
import { homeRoutes } from "./home.ts";
import { mcpGuideRoutes } from "./mcp-guide.ts";
import { podcastRoutes } from "../podcasts.ts";
import { reflectionRoutes } from "./reflections.ts";
import { contributeRoutes } from "./contribute.ts";
import { contributionRoutes } from "./contributions.ts";
import { searchRoutes } from "./search.ts";
import { servicesRoutes } from "./services.ts";
import { serviceReflectionsRoutes } from "./service-reflections.ts";
import { siteFileRoutes } from "./site-files.ts";

export function pageRoutes(deps: WebContext): Route[] {
  return [
    ...homeRoutes(deps),
    ...servicesRoutes(deps),
    ...serviceReflectionsRoutes(deps),
    ...reflectionRoutes(deps),
    ...askRoutes(deps),
    ...mcpGuideRoutes(deps),
    ...docsRoutes(deps),
    ...searchRoutes(deps),
    ...contributeRoutes(deps),
    ...contributionRoutes(deps),
    ...siteFileRoutes(baseUrlOf),
    ...podcastRoutes(deps),
    ...discoveryRoutes(deps),
    assetRoute(),
    fontRoute(),
  ];
}
