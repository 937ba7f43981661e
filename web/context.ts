// What the routes that are not operations (pages, feeds, media, badges, admin, discovery) may use:
// the adapters' context plus the whole configuration. deps.ts builds one object that satisfies it.
import type { AdapterContext } from "../adapters/context.ts";
import type { Config } from "../config.ts";

export interface WebContext extends AdapterContext {
  config: Config;
  /** About how many seconds until a piece's recording lands (null when it is not waiting to be rendered). */
  recordingEta: (path: string) => number | null;
  /** The next pieces to be recorded with their estimates in seconds (the home page's script reads them). */
  recordingsAhead: (limit: number) => Record<string, number>;
}
