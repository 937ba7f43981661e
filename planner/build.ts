// Builds the planner from settings: none without a planning model (the rotation then fills every slot).
import type { Logger } from "../core/logger.ts";
import { openAIClient } from "../core/openai-client.ts";
import type { Config } from "../config.ts";
import type { Library } from "../corpus/library.ts";
import type { Media } from "../corpus/media.ts";
import type { KeyValueStore } from "../storage/kv.ts";
import type { ReflectionStore } from "../services/reflections.ts";
import type { ServiceCalendar } from "./calendar.ts";
import type { ContextSources, Enso, SpaceWeather } from "./context.ts";
import { Planner, type PlannerOptions } from "./scheduler.ts";
import { fetchEnso } from "./sources/enso.ts";
import { TtlCache } from "./sources/fetch.ts";
import { fetchSpaceWeather } from "./sources/space-weather.ts";
import { visitorThemes } from "./themes.ts";
import { addDays } from "./time.ts";

const HOUR = 3600_000;

export interface PlannerParts {
  config: Config;
  library: Library;
  media: Media;
  kv: KeyValueStore;
  calendar: ServiceCalendar;
  reflections: ReflectionStore;
  log: Logger;
  clock: () => Date;
  /** Told each service's outcome (metrics count them). */
  onOutcome?: PlannerOptions["onOutcome"];
}

/** The context's outside sources, cached: space weather about hourly, ENSO daily. */
export function contextSources(p: PlannerParts): ContextSources {
  const spaceWeather = new TtlCache<SpaceWeather | null>();
  const enso = new TtlCache<Enso | null>();
  const vocabulary = [...new Set(p.library.pieces.flatMap((piece) => piece.themes))];
  const outages = sourceOutages(p.log);
  const { kpUrl, scalesUrl, ensoUrl } = p.config.sources;
  return {
    spaceWeather: () =>
      outages.watch(
        "space weather (NOAA SWPC)",
        [kpUrl, scalesUrl],
        spaceWeather.get("swpc", HOUR, () => fetchSpaceWeather({ kpUrl, scalesUrl }, p.clock())),
      ),
    enso: () =>
      outages.watch(
        "ENSO (NOAA CPC)",
        [ensoUrl],
        enso.get("cpc", 24 * HOUR, () => fetchEnso(ensoUrl)),
      ),
    themes: (key) =>
      visitorThemes({ reflectionsFor: (k) => p.reflections.forService(k), date: key.date, slotIndex: key.slotIndex, tier: key.tier, vocabulary }),
  };
}

/**
 * A source that cannot be read (unreachable, or not in the form it is read in: its reader answers null) is said once
 * when it goes, with its addresses to try by hand, and once when it is back, never per plan: the services are planned
 * without it meanwhile (a machine with no internet plans from the sky and the library alone).
 */
function sourceOutages(log: Logger): { watch: <T>(source: string, urls: string[], read: Promise<T | null>) => Promise<T | null> } {
  const down = new Set<string>();
  return {
    watch: (source, urls, read) =>
      read.then((value) => {
        if (value !== null && down.delete(source)) log.info({ source }, "planner source readable again");
        if (value === null && !down.has(source)) {
          down.add(source);
          log.warn({ source, urls }, "planner source unreadable (unreachable, or not in its usual form): planning without it");
        }
        return value;
      }),
  };
}

/** Names of everyone who reflected in the last two weeks: the model may never put them in a name or word. */
async function visitorNames(p: PlannerParts): Promise<string[]> {
  const names = new Set<string>();
  const today = p.clock().toISOString().slice(0, 10);
  for (let d = 0; d < 14; d++) {
    for (let slot = 0; slot < 6; slot++) {
      for (const tier of ["north", "south", "unknown"]) {
        for (const r of await p.reflections.forService({ date: addDays(today, -d), slotIndex: slot, tier })) r.name.split(/\s+/).forEach((n) => names.add(n));
      }
    }
  }
  return [...names];
}

export async function createPlanner(p: PlannerParts): Promise<Planner | null> {
  const { baseURL, apiKey, plannerModel, plannerTimeoutMs } = p.config.openai;
  if (!baseURL || !plannerModel) {
    p.log.info("planner idle: no planning model configured (set SANCTUARY_OPENAI_BASE_URL and SANCTUARY_PLANNER_MODEL); the rotation fills every slot");
    return null;
  }
  const client = await openAIClient({ baseURL, apiKey: apiKey ?? "not-needed", timeout: plannerTimeoutMs, maxRetries: 0 });
  return new Planner({
    client,
    model: plannerModel,
    calendar: p.calendar,
    library: p.library,
    kv: p.kv,
    sources: contextSources(p),
    secondsOf: (piece) => p.media.secondsOf(piece),
    visitorNames: () => visitorNames(p),
    log: p.log,
    clock: p.clock,
    onOutcome: p.onOutcome,
  });
}
