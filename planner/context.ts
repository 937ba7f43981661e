// What the planner is told for one (date, slot, tier): the season, the sky, the Earth and the visitors'
// themes, each allowed to be missing, turned into short told lines (stored as plannedFrom.told).
import { SLOT_LABELS, slotFirstBegins } from "./time.ts";
import { seasonAt, type Season } from "./season.ts";
import { skyFor, type Sky } from "./sky.ts";
import type { ServiceKey } from "./rotation.ts";
import type { Enso } from "./sources/enso.ts";
import type { SpaceWeather } from "./sources/space-weather.ts";
import type { VisitorThemes } from "./themes.ts";

export type { SpaceWeather, Enso, VisitorThemes };

/** The sky as services show it (docs/behaviour.md §6): planet events sit under `planets`, space weather beside them. */
// A type, not an interface: a stored record keeps it as plain JSON data (Record<string, unknown>), which an
// interface (open to declaration merging) is not assignable to.
export type ServiceSky = {
  moon: Sky["moon"];
  planets: { visible: NonNullable<Sky["planets"]>["visible"]; events: Sky["events"] } | null;
  spaceWeather: SpaceWeather | null;
  showers: Sky["showers"];
  eclipses: Sky["eclipses"];
  voyagers: Sky["voyagers"];
};

export interface PlanContext {
  key: ServiceKey;
  season: Season | null;
  sky: ServiceSky;
  earth: { enso: Enso } | null;
  visitors: VisitorThemes | null;
  told: string[];
}

/** The parts that need I/O, each resolving to null when its source cannot be reached. */
export interface ContextSources {
  spaceWeather: () => Promise<SpaceWeather | null>;
  enso: () => Promise<Enso | null>;
  themes: (key: ServiceKey) => Promise<VisitorThemes | null>;
}

const HEMISPHERE = { north: "the northern hemisphere", south: "the southern hemisphere", unknown: "a place unknown (no season)" };
const pct = (n: number | null) => (n === null ? "unknown" : `${n}%`);

export async function gatherContext(key: ServiceKey, sources: ContextSources): Promise<PlanContext> {
  const begins = slotFirstBegins(key.date, key.slotIndex);
  const season = key.tier === "unknown" ? null : seasonAt(begins, key.tier, key.date);
  const raw = skyFor(key.date, key.tier);
  const [spaceWeather, enso, visitors] = await Promise.all([
    sources.spaceWeather().catch(() => null),
    sources.enso().catch(() => null),
    sources.themes(key).catch(() => null),
  ]);
  const sky: ServiceSky = {
    moon: raw.moon,
    planets: raw.planets ? { visible: raw.planets.visible, events: raw.events } : null,
    spaceWeather,
    showers: raw.showers,
    eclipses: raw.eclipses,
    voyagers: raw.voyagers,
  };
  const earth = enso ? { enso } : null;
  return { key, season, sky, earth, visitors, told: toldLines(key, season, sky, raw.events, earth, visitors) };
}

/** Short plain sentences: what the model reads, and what the service page shows as "what the planner was told". */
export function toldLines(
  key: ServiceKey,
  season: Season | null,
  sky: ServiceSky,
  events: Sky["events"],
  earth: PlanContext["earth"],
  visitors: VisitorThemes | null,
): string[] {
  const lines = [`This service is for ${key.date}, ${SLOT_LABELS[key.slotIndex]} on the listener's clock, in ${HEMISPHERE[key.tier]}.`];
  if (season) {
    lines.push(
      `Season: ${season.name} by the sun; the ${season.next.name} (${season.next.event}) is ${season.next.daysAway} days away, on ${season.next.date}. Calendar ${season.calendar.next} begins ${season.calendar.nextBegins}.`,
      `Daylight: about ${season.daylight.hours} hours, and the days are ${season.daylight.trend}.`,
    );
  }
  lines.push(
    `Moon: ${sky.moon.phase}, ${Math.round(sky.moon.illumination * 100)}% lit; next full moon ${sky.moon.nextFull}, next new moon ${sky.moon.nextNew}.`,
  );
  if (sky.planets?.visible.length) lines.push(`Planets to see: ${sky.planets.visible.map((p) => `${p.planet} ${p.when}`).join("; ")}.`);
  const coming = [
    ...events.map((e) => `${e.body} ${e.kind} on ${e.date}`),
    ...sky.showers.map((s) => `the ${s.name} peak on ${s.peak} (up to ${s.zhr} an hour)`),
    ...sky.eclipses.map((e) => `a ${e.type} ${e.kind} eclipse on ${e.date}`),
    ...sky.voyagers.map((v) => `${v.name}'s ${v.occasion} on ${v.date}, ${v.lightHours} light-hours away`),
  ];
  if (coming.length) lines.push(`In the next three weeks: ${coming.join("; ")}.`);
  const sw = sky.spaceWeather;
  if (sw)
    lines.push(
      `Space weather: Kp up to ${sw.kp ?? "unknown"}, storm scale ${sw.stormScale}, ${sw.trend} into tomorrow; radio blackout chance ${pct(sw.radio.minor)} minor, ${pct(sw.radio.major)} major; radiation storm chance ${pct(sw.radiation.chance)}.`,
    );
  if (earth) lines.push(`The Earth: ENSO status "${earth.enso.status}". ${earth.enso.synopsis}`);
  if (visitors)
    lines.push(
      `Themes in recent reflections (${visitors.tier}, ${visitors.reflections} reflections over ${visitors.days} days): ${visitors.themes.join(", ")}.`,
    );
  return lines;
}
