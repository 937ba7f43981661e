// What the routes that are not operations (pages, feeds, media, badges, admin, discovery) may use:
// the adapters' context plus the whole configuration. deps.ts builds one object that satisfies it.
import type { AdapterContext } from "../adapters/context.ts";
import type { Config } from "../config.ts";

export interface WebContext extends AdapterContext {
  config: Config;
}
