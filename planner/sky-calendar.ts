// What the calendar alone gives of the sky (sky.ts gathers the rest from astronomy-engine): the major meteor
// showers' peaks, seen from a hemisphere, and the Voyagers' anniversaries with how far their light now travels. Pure.
import { REPRESENTATIVE_LATITUDE, parseDay, ymd } from "./season.ts";
import type { Tier } from "./time.ts";

export const DAY_MS = 86_400_000;
export const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")}`;

export interface Shower {
  name: string;
  peak: string;
  zhr: number;
}

export interface VoyagerDate {
  name: "Voyager 1" | "Voyager 2";
  occasion: string;
  date: string;
  lightHours: number;
}

/**
 * Major annual showers (International Meteor Organization calendar: typical peak date, ideal ZHR and
 * radiant declination). Peaks drift by a day between years; a day's accuracy is enough for a service.
 */
const SHOWERS = [
  { name: "Quadrantids", month: 1, day: 3, zhr: 80, dec: 49 },
  { name: "Lyrids", month: 4, day: 22, zhr: 18, dec: 34 },
  { name: "Eta Aquariids", month: 5, day: 6, zhr: 50, dec: -1 },
  { name: "Southern Delta Aquariids", month: 7, day: 30, zhr: 25, dec: -16 },
  { name: "Perseids", month: 8, day: 12, zhr: 100, dec: 58 },
  { name: "Orionids", month: 10, day: 21, zhr: 20, dec: 16 },
  { name: "Leonids", month: 11, day: 17, zhr: 15, dec: 21 },
  { name: "Geminids", month: 12, day: 14, zhr: 150, dec: 32 },
  { name: "Ursids", month: 12, day: 22, zhr: 10, dec: 75 },
] as const;
/** A shower is listed for a hemisphere only if its radiant climbs this high at the representative latitude. */
const MIN_RADIANT_ALTITUDE = 15;

/**
 * Voyager distances from the sun, linear from a published reference: each probe's distance when it
 * crossed the heliopause (Stone et al., Science 2013 and Nature Astronomy 2019) plus its published
 * cruise speed (V1 ~17.0 km/s = 3.58 AU/yr, V2 ~15.4 km/s = 3.25 AU/yr). Earth's own ±1 AU around the
 * sun is ignored: the error is about ±0.14 light-hours. Check: V1 reaches ~173 AU (one light-day) in late 2026.
 */
const VOYAGERS = [
  { name: "Voyager 1", launch: "1977-09-05", interstellar: "2012-08-25", refAu: 121.6, auPerYear: 3.58 },
  { name: "Voyager 2", launch: "1977-08-20", interstellar: "2018-11-05", refAu: 119.0, auPerYear: 3.25 },
] as const;
const LIGHT_SECONDS_PER_AU = 499.004784;

/** Anniversaries (month and day of a YYYY-MM-DD) falling in [startMs, endMs), in this year or the next. */
function anniversaries(origin: string, startMs: number, endMs: number): Array<{ date: string; years: number }> {
  const [oy, om, od] = origin.split("-").map(Number) as [number, number, number];
  const y = new Date(startMs).getUTCFullYear();
  return [y, y + 1]
    .map((year) => ({ ms: Date.UTC(year, om - 1, od), years: year - oy }))
    .filter((a) => a.ms >= startMs && a.ms < endMs)
    .map((a) => ({ date: ymd(a.ms), years: a.years }));
}

/** The Voyagers' launch and interstellar anniversaries in [startMs, endMs), with their distance in light-hours that day. */
export function voyagers(startMs: number, endMs: number): VoyagerDate[] {
  return VOYAGERS.flatMap((v) => {
    const lightHours = (date: string) => {
      const au = v.refAu + v.auPerYear * ((parseDay(date) - parseDay(v.interstellar)) / (365.25 * DAY_MS));
      return round((au * LIGHT_SECONDS_PER_AU) / 3600, 1);
    };
    return (
      [
        [v.launch, "launch"],
        [v.interstellar, "crossing into interstellar space"],
      ] as const
    ).flatMap(([origin, what]) =>
      anniversaries(origin, startMs, endMs).map((a) => ({
        name: v.name,
        occasion: `${ordinal(a.years)} anniversary of ${what}`,
        date: a.date,
        lightHours: lightHours(a.date),
      })),
    );
  }).sort((a, b) => a.date.localeCompare(b.date));
}

/** The major showers peaking in [startMs, endMs) whose radiant climbs high enough for the tier's hemisphere. */
export function showers(startMs: number, endMs: number, tier: Tier): Shower[] {
  const y = new Date(startMs).getUTCFullYear();
  const lat = tier === "unknown" ? null : REPRESENTATIVE_LATITUDE[tier];
  return (
    [y, y + 1]
      .flatMap((year) => SHOWERS.map((s) => ({ ...s, ms: Date.UTC(year, s.month - 1, s.day) })))
      .filter((s) => s.ms >= startMs && s.ms < endMs)
      // A radiant's highest altitude is 90° - |latitude - declination|; the Perseids barely rise at 35 S.
      .filter((s) => lat === null || 90 - Math.abs(lat - s.dec) >= MIN_RADIANT_ALTITUDE)
      .map((s) => ({ name: s.name, peak: ymd(s.ms), zhr: s.zhr }))
  );
}
