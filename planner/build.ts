// Builds the planner from settings: none without a planning model (the rotation then fills every slot).
import OpenAI from "openai";
import type { Logger } from "../core/logger.ts";
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
  return {
    spaceWeather: () =>
      spaceWeather.get("swpc", HOUR, () => fetchSpaceWeather({ kpUrl: p.config.sources.kpUrl, scalesUrl: p.config.sources.scalesUrl }, p.clock())),
    enso: () => enso.get("cpc", 24 * HOUR, () => fetchEnso(p.config.sources.ensoUrl)),
    themes: (key) =>
      visitorThemes({ reflectionsFor: (k) => p.reflections.forService(k), date: key.date, slotIndex: key.slotIndex, tier: key.tier, vocabulary }),
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

export function createPlanner(p: PlannerParts): Planner | null {
  const { baseURL, apiKey, plannerModel, plannerTimeoutMs } = p.config.openai;
  if (!baseURL || !plannerModel) {
    p.log.info("planner idle: no planning model configured (set SANCTUARY_OPENAI_BASE_URL and SANCTUARY_PLANNER_MODEL); the rotation fills every slot");
    return null;
  }
  const client = new OpenAI({ baseURL, apiKey: apiKey ?? "not-needed", timeout: plannerTimeoutMs, maxRetries: 0 });
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
