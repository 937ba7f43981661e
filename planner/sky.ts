// The sky over the three weeks from a date: moon, naked-eye planets, planetary events, meteor showers,
// eclipses and the Voyagers' anniversaries. Pure (no I/O); every body and event comes from astronomy-engine,
// but the showers and the Voyagers, which a calendar gives (sky-calendar.ts).
import {
  AngleBetween,
  AngleFromSun,
  Body,
  Equator,
  GeoMoon,
  GeoVector,
  Horizon,
  Illumination,
  MakeTime,
  MoonPhase,
  Observer,
  SearchAltitude,
  SearchGlobalSolarEclipse,
  SearchLunarEclipse,
  SearchMaxElongation,
  SearchMoonPhase,
  SearchMoonQuarter,
  SearchRelativeLongitude,
  type AstroTime,
} from "astronomy-engine";
import { REPRESENTATIVE_LATITUDE, parseDay, ymd } from "./season.ts";
import { DAY_MS, round, showers, voyagers, type Shower, type VoyagerDate } from "./sky-calendar.ts";
import type { Tier } from "./time.ts";

type When = "after sunset" | "through the night" | "before dawn";
type EventKind = "greatest elongation" | "opposition" | "conjunction with the sun" | "moon near planet";

export interface Sky {
  moon: { phase: string; illumination: number; nextNew: string; nextFull: string };
  planets: { visible: Array<{ planet: string; when: When }> } | null;
  events: Array<{ date: string; kind: EventKind; body: string; detail: string }>;
  showers: Shower[];
  eclipses: Array<{ date: string; kind: "solar" | "lunar"; type: string }>;
  voyagers: VoyagerDate[];
}

/** "Within three weeks": the date itself and the next 21 days; an event 22 days on is left out. */
export const WINDOW_DAYS = 21;
const PLANETS = [Body.Mercury, Body.Venus, Body.Mars, Body.Jupiter, Body.Saturn] as const;

/**
 * Naked-eye sense: a planet counts when its centre is over 10° up, it is at least this far from the
 * sun (closer and it is lost in twilight glare even when high enough; Venus is bright enough to show
 * nearer the sun) and brighter than magnitude 3 (all five are, near their worst, but the check is cheap).
 */
const MIN_ALTITUDE = 10;
const MIN_ELONGATION: Record<string, number> = { Venus: 10 };
const DEFAULT_MIN_ELONGATION = 15;
const MAX_MAGNITUDE = 3;
/** A moon-planet pairing is worth a mention at 5° or closer (geocentric; parallax can shift it ~1°). */
const MOON_NEAR_DEGREES = 5;

const PHASES = ["new moon", "first quarter", "full moon", "last quarter"] as const;
const dateOf = (t: AstroTime) => ymd(t.date.getTime());

/** Moon on the date: a principal phase names the whole UTC day it falls in; between them, the angle decides. */
function moonOn(start: AstroTime): Sky["moon"] {
  const noon = start.AddDays(0.5);
  const quarter = SearchMoonQuarter(start);
  let phase: string;
  if (quarter.time.ut < start.ut + 1) phase = PHASES[quarter.quarter]!;
  else {
    const angle = MoonPhase(noon); // 0 new, 90 first quarter, 180 full, 270 last quarter
    phase = angle < 90 ? "waxing crescent" : angle < 180 ? "waxing gibbous" : angle < 270 ? "waning gibbous" : "waning crescent";
  }
  // "Next" counts from the start of the day, so on the day of a full moon nextFull is today.
  const nextNew = SearchMoonPhase(0, start, 40);
  const nextFull = SearchMoonPhase(180, start, 40);
  return {
    phase,
    illumination: round(Illumination(Body.Moon, noon).phase_fraction, 2),
    nextNew: nextNew ? dateOf(nextNew) : "",
    nextFull: nextFull ? dateOf(nextFull) : "",
  };
}

function altitude(body: Body, time: AstroTime, observer: Observer): number {
  const eq = Equator(body, time, observer, true, true);
  return Horizon(time, observer, eq.ra, eq.dec, "normal").altitude;
}

/**
 * Civil dusk and civil dawn of the night that begins on the date, at longitude 0 (where UTC is local
 * time). SearchAltitude returns null when the sun never crosses -6°: under polar night we fall back to
 * 18:00 to 06:00; under a sky that never darkens (midsummer near the poles) there is no night.
 */
function night(start: AstroTime, observer: Observer): [AstroTime, AstroTime] | null {
  const noon = start.AddDays(0.5);
  const dusk = SearchAltitude(Body.Sun, observer, -1, noon, 1, -6);
  const dawn = dusk ? SearchAltitude(Body.Sun, observer, +1, dusk, 1, -6) : null;
  if (dusk && dawn) return [dusk, dawn];
  if (altitude(Body.Sun, noon, observer) < -6) return [start.AddDays(0.75), start.AddDays(1.25)];
  return null;
}

/** Points across the night, dusk to dawn inclusive; midnight is the middle one. */
const NIGHT_SAMPLES = 9;

function visiblePlanets(start: AstroTime, latitude: number): Array<{ planet: string; when: When }> {
  const observer = new Observer(latitude, 0, 0);
  const span = night(start, observer);
  if (!span) return [];
  const [dusk, dawn] = span;
  const times = Array.from({ length: NIGHT_SAMPLES }, (_, i) => dusk.AddDays(((dawn.ut - dusk.ut) * i) / (NIGHT_SAMPLES - 1)));
  const out: Array<{ planet: string; when: When }> = [];
  for (const body of PLANETS) {
    const minElong = MIN_ELONGATION[body] ?? DEFAULT_MIN_ELONGATION;
    // Elongation and brightness barely change in a night: check them once, at midnight.
    const mid = times[(NIGHT_SAMPLES - 1) / 2]!;
    if (AngleFromSun(body, mid) < minElong || Illumination(body, mid).mag >= MAX_MAGNITUDE) continue;
    const up = times.map((t, i) => (altitude(body, t, observer) > MIN_ALTITUDE ? i : -1)).filter((i) => i >= 0);
    if (up.length === 0) continue;
    // Classify by where in the night it is up, not by the twilight points alone: a planet at opposition
    // rises at sunset, so it is still low at civil dusk, yet it is plainly there all night.
    const centre = up.reduce((a, b) => a + b, 0) / up.length / (NIGHT_SAMPLES - 1); // 0 dusk .. 1 dawn
    const when: When =
      up.length >= (2 * NIGHT_SAMPLES) / 3 || Math.abs(centre - 0.5) < 0.1 ? "through the night" : centre < 0.5 ? "after sunset" : "before dawn";
    out.push({ planet: body, when });
  }
  return out;
}

/** Geocentric moon-planet separation in degrees. */
function moonSeparation(body: Body, ut: number): number {
  const t = MakeTime(ut);
  return AngleBetween(GeoMoon(t), GeoVector(body, t, true));
}

/** Closest moon passes in the window: sample every 6 h (the moon moves ~3°), then golden-section refine each interior minimum. */
function moonPasses(start: AstroTime, end: AstroTime): Sky["events"] {
  const out: Sky["events"] = [];
  const step = 0.25;
  for (const body of PLANETS) {
    const samples: number[] = [];
    for (let ut = start.ut; ut <= end.ut; ut += step) samples.push(moonSeparation(body, ut));
    for (let i = 1; i < samples.length - 1; i++) {
      if (!(samples[i]! <= samples[i - 1]! && samples[i]! < samples[i + 1]!)) continue;
      let a = start.ut + (i - 1) * step,
        b = start.ut + (i + 1) * step;
      const g = (Math.sqrt(5) - 1) / 2;
      for (let k = 0; k < 30; k++) {
        const c = b - g * (b - a),
          d = a + g * (b - a);
        if (moonSeparation(body, c) < moonSeparation(body, d)) b = d;
        else a = c;
      }
      const t = MakeTime((a + b) / 2);
      const sep = moonSeparation(body, t.ut);
      // Skip pairings too close to the sun to be seen.
      if (sep > MOON_NEAR_DEGREES || AngleFromSun(body, t) < (MIN_ELONGATION[body] ?? DEFAULT_MIN_ELONGATION)) continue;
      out.push({ date: dateOf(t), kind: "moon near planet", body, detail: `the moon passes ${sep.toFixed(1)}° from ${body}` });
    }
  }
  return out;
}

function planetEvents(start: AstroTime, end: AstroTime): Sky["events"] {
  const out: Sky["events"] = [];
  const inWindow = (t: AstroTime) => t.ut >= start.ut && t.ut < end.ut;
  const add = (t: AstroTime, kind: EventKind, body: string, detail: string) => {
    if (inWindow(t)) out.push({ date: dateOf(t), kind, body, detail });
  };
  for (const body of [Body.Mercury, Body.Venus]) {
    const e = SearchMaxElongation(body, start);
    add(
      e.time,
      "greatest elongation",
      body,
      `${e.elongation.toFixed(1)}° ${e.visibility === "evening" ? "east" : "west"} of the sun, in the ${e.visibility} sky`,
    );
    // For an inner planet relative longitude 0 is inferior conjunction, 180 superior.
    add(SearchRelativeLongitude(body, 0, start), "conjunction with the sun", body, "inferior conjunction: passes between the earth and the sun");
    add(SearchRelativeLongitude(body, 180, start), "conjunction with the sun", body, "superior conjunction: passes behind the sun");
  }
  for (const body of [Body.Mars, Body.Jupiter, Body.Saturn]) {
    // For an outer planet relative longitude 0 is opposition, 180 conjunction.
    add(SearchRelativeLongitude(body, 0, start), "opposition", body, "opposite the sun: up all night and at its brightest");
    add(SearchRelativeLongitude(body, 180, start), "conjunction with the sun", body, "passes behind the sun, lost in its glare");
  }
  return out;
}

/** Eclipses peaking in the window. Eclipses of one kind are at least a lunation apart, so one search each is enough. */
function eclipses(start: AstroTime, end: AstroTime): Sky["eclipses"] {
  const found = [
    { kind: "solar" as const, e: SearchGlobalSolarEclipse(start) },
    { kind: "lunar" as const, e: SearchLunarEclipse(start) },
  ];
  return found
    .filter(({ e }) => e.peak.ut < end.ut)
    .map(({ kind, e }) => ({ date: dateOf(e.peak), kind, type: e.kind }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

// A service is planned once per slot; the sky for a date and tier does not change, so keep a small cache.
const cache = new Map<string, Sky>();
const CACHE_LIMIT = 64;

export function skyFor(date: string, tier: Tier): Sky {
  const key = `${date}|${tier}`;
  const hit = cache.get(key);
  if (hit) return structuredClone(hit);
  const startMs = parseDay(date);
  const endMs = startMs + (WINDOW_DAYS + 1) * DAY_MS;
  const start = MakeTime(new Date(startMs));
  const end = MakeTime(new Date(endMs));
  const sky: Sky = {
    moon: moonOn(start),
    planets: tier === "unknown" ? null : { visible: visiblePlanets(start, REPRESENTATIVE_LATITUDE[tier]) },
    events: [...planetEvents(start, end), ...moonPasses(start, end)].sort((a, b) => a.date.localeCompare(b.date)),
    showers: showers(startMs, endMs, tier),
    eclipses: eclipses(start, end),
    voyagers: voyagers(startMs, endMs),
  };
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, sky);
  return structuredClone(sky);
}
