// The season for a visitor, from the sun (astronomical) and from the calendar (meteorological).
// Pure: no I/O. Every solar event comes from astronomy-engine; only the calendar seasons are arithmetic.
import { Body, Equator, Horizon, MakeTime, Observer, SearchRiseSet, Seasons, type AstroTime } from "astronomy-engine";

export type Hemisphere = "north" | "south";
export type SeasonName = "spring" | "summer" | "autumn" | "winter";
type SolarEvent = "March equinox" | "June solstice" | "September equinox" | "December solstice";

/**
 * Representative latitudes (degrees, south negative). We only know the hemisphere (from the
 * timezone), so day length and the sky are computed for a latitude where most people of that
 * hemisphere live: 45 N runs through the populous mid-latitudes of North America, Europe and
 * East Asia; 35 S runs near Sydney, Buenos Aires, Santiago and Cape Town. Neither has polar
 * day or night, but the code still handles it in case these are ever changed.
 */
export const REPRESENTATIVE_LATITUDE: Record<Hemisphere, number> = { north: 45, south: -35 };

export interface Season {
  name: SeasonName;
  hemisphere: Hemisphere;
  next: { event: SolarEvent; name: string; date: string; at: string; daysAway: number };
  calendar: { current: string; next: string; nextBegins: string; daysAway: number };
  /** Day length at `latitude`, the hemisphere's representative one (REPRESENTATIVE_LATITUDE), not the visitor's own. */
  daylight: { hours: number; trend: "lengthening" | "shortening"; latitude: number };
  basis: "timezone";
}

const DAY_MS = 86_400_000;
const EVENTS: readonly SolarEvent[] = ["March equinox", "June solstice", "September equinox", "December solstice"];
// The season that each event begins, per hemisphere (index matches EVENTS).
const BEGINS: Record<Hemisphere, readonly SeasonName[]> = {
  north: ["spring", "summer", "autumn", "winter"],
  south: ["autumn", "winter", "spring", "summer"],
};

/** Whole days from one YYYY-MM-DD to another (both read as UTC midnights). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseDay(to) - parseDay(from)) / DAY_MS);
}

/** Milliseconds of a YYYY-MM-DD at 00:00 UTC; rejects anything else rather than guessing. */
export function parseDay(day: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const ms = m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!) : NaN;
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) {
    throw new RangeError(`expected a YYYY-MM-DD date, got ${JSON.stringify(day)}`);
  }
  return ms;
}

export const ymd = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The equinoxes and solstices of a year (March, June, September, December); Seasons() is cheap but we memoise by year anyway. */
const yearCache = new Map<number, AstroTime[]>();
export function solarEvents(year: number): AstroTime[] {
  let list = yearCache.get(year);
  if (!list) {
    const s = Seasons(year);
    list = [s.mar_equinox, s.jun_solstice, s.sep_equinox, s.dec_solstice];
    yearCache.set(year, list);
  }
  return list;
}

/** The last equinox/solstice at or before the instant and the first after it, with their indexes into EVENTS. */
function bracket(instant: Date): { last: number; next: { index: number; time: AstroTime } } {
  const y = instant.getUTCFullYear();
  const all = [y - 1, y, y + 1].flatMap((yr) => solarEvents(yr).map((time, index) => ({ time, index })));
  const i = all.findIndex((e) => e.time.date.getTime() > instant.getTime());
  return { last: all[i - 1]!.index, next: all[i]! };
}

/** Name an event as people of that hemisphere say it: the June solstice is the winter solstice in the south. */
function localEventName(index: number, hemisphere: Hemisphere): string {
  const begins = BEGINS[hemisphere][index]!;
  return `${begins} ${index % 2 === 0 ? "equinox" : "solstice"}`;
}

/** Meteorological seasons: three whole months each, starting 1 March, 1 June, 1 September, 1 December. */
function calendarSeason(localDate: string, hemisphere: Hemisphere): Season["calendar"] {
  const [y, m] = localDate.split("-").map(Number) as [number, number];
  const quarter = Math.floor((m % 12) / 3); // 0: Dec-Feb, 1: Mar-May, 2: Jun-Aug, 3: Sep-Nov
  const names: SeasonName[] = hemisphere === "north" ? ["winter", "spring", "summer", "autumn"] : ["summer", "autumn", "winter", "spring"];
  // The first month of the next season, 1-based: 3, 6, 9, 12, or 15 (Date.UTC rolls 15 into March of next year).
  const nextMonth = (Math.floor(m / 3) + 1) * 3;
  const nextBegins = ymd(Date.UTC(y, nextMonth - 1, 1));
  return {
    current: names[quarter]!,
    next: names[(quarter + 1) % 4]!,
    nextBegins,
    daysAway: daysBetween(localDate, nextBegins),
  };
}

/** Sun above the horizon at a given time (used only when there is no sunrise or sunset: polar day or night). */
function sunUp(time: AstroTime, observer: Observer): boolean {
  const eq = Equator(Body.Sun, time, observer, true, true);
  return Horizon(time, observer, eq.ra, eq.dec, "normal").altitude > 0;
}

/**
 * Day length in hours (1 decimal) on a date at a latitude, from sunrise to sunset at longitude 0
 * (where the civil day and UTC day coincide). SearchRiseSet returns null under polar day or night:
 * then the day is 24 or 0 hours depending on whether the sun is up at local noon.
 */
export function dayLengthHours(localDate: string, latitude: number): number {
  const observer = new Observer(latitude, 0, 0);
  const start = MakeTime(new Date(parseDay(localDate)));
  const rise = SearchRiseSet(Body.Sun, observer, +1, start, 1);
  const set = rise ? SearchRiseSet(Body.Sun, observer, -1, rise, 1) : null;
  const hours = rise && set ? (set.ut - rise.ut) * 24 : sunUp(start.AddDays(0.5), observer) ? 24 : 0;
  return Math.round(hours * 10) / 10;
}

const daylightCache = new Map<string, number>();

/**
 * The astronomical season at an instant for a hemisphere: the name `seasonAt(...).name` reports
 * (placement rules call this so a piece's `season` tag and the season a visitor is shown never disagree).
 */
export function seasonNameAt(instant: Date, hemisphere: Hemisphere): SeasonName {
  return BEGINS[hemisphere][bracket(instant).last]!;
}

/**
 * The UTC date (as `season.next.date` shows it) of an equinox or solstice named the way the hemisphere
 * says it: `winter` is the December solstice in the north and the June solstice in the south.
 */
export function solarEventDate(year: number, begins: SeasonName, hemisphere: Hemisphere): string {
  const index = BEGINS[hemisphere].indexOf(begins);
  return ymd(solarEvents(year)[index]!.date.getTime());
}

export function seasonAt(instant: Date, hemisphere: Hemisphere, localDate: string): Season {
  if (Number.isNaN(instant.getTime())) throw new RangeError("invalid instant");
  parseDay(localDate);
  const { last, next } = bracket(instant);
  const nextDate = ymd(next.time.date.getTime());

  const key = `${localDate}|${hemisphere}`;
  let hours = daylightCache.get(key);
  if (hours === undefined) {
    hours = dayLengthHours(localDate, REPRESENTATIVE_LATITUDE[hemisphere]);
    if (daylightCache.size > 512) daylightCache.clear(); // bounded; one entry per day per hemisphere
    daylightCache.set(key, hours);
  }
  // Days lengthen while the sun moves toward the hemisphere's summer: in the north from the
  // December solstice to the June solstice (EVENTS indexes 3, 0), in the south the other half.
  const northLengthening = last === 3 || last === 0;
  const lengthening = hemisphere === "north" ? northLengthening : !northLengthening;

  return {
    name: seasonNameAt(instant, hemisphere),
    hemisphere,
    next: {
      event: EVENTS[next.index]!,
      name: localEventName(next.index, hemisphere),
      date: nextDate,
      at: next.time.date.toISOString(),
      // Counted from the visitor's own date to the event's UTC date, so "in 3 days" matches the date shown;
      // never negative (a visitor far east of UTC can already be on the event's next day).
      daysAway: Math.max(0, daysBetween(localDate, nextDate)),
    },
    calendar: calendarSeason(localDate, hemisphere),
    daylight: { hours, trend: lengthening ? "lengthening" : "shortening", latitude: REPRESENTATIVE_LATITUDE[hemisphere] },
    basis: "timezone",
  };
}
