// The visitor's local clock: timezones, four-hour slots, calendar dates and hemisphere tiers
// (docs/behaviour.md §1–2). Pure functions; luxon does the wall-clock arithmetic so DST gaps and
// overlaps come out of the tz rules rather than an offset table of our own.
import { DateTime, FixedOffsetZone, IANAZone } from "luxon";
import coordinates from "./zone-coordinates.json" with { type: "json" };

export type Tier = "north" | "south" | "unknown";

export const SLOT_LABELS: readonly string[] = Object.freeze(Array.from({ length: 6 }, (_, i) => `${hh(i * 4)} to ${hh((i * 4 + 4) % 24)}`));
function hh(hour: number): string {
  return `${String(hour).padStart(2, "0")}:00`;
}

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const UTC_FALLBACK = Object.freeze({ zone: "UTC", given: false });
// The earliest clock on Earth (Pacific/Kiritimati); a (date, slot) starts there first.
const EARLIEST = FixedOffsetZone.instance(14 * 60);

/**
 * Resolve a visitor's timezone. Valid IANA names (matched case-insensitively, validated with
 * Intl.DateTimeFormat) are answered in the tz database's spelling ("asia/tokyo" → "Asia/Tokyo": clients
 * that look a zone up by name are case-sensitive), the name itself kept (a link stays a link);
 * missing, blank or unrecognized → { zone: "UTC", given: false }. "UTC" itself → { zone: "UTC", given: true }.
 */
export function resolveZone(input: string | undefined): { zone: string; given: boolean } {
  const name = typeof input === "string" ? input.trim() : "";
  return remember(resolved, name, () => resolveUncached(name));
}

// Building an Intl.DateTimeFormat costs far more than the rest of a request: answers are kept.
const resolved = new Map<string, { zone: string; given: boolean }>();
const tiers = new Map<string, Tier>();
function remember<T>(cache: Map<string, T>, key: string, compute: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= 2000) cache.clear();
    cache.set(key, (value = compute()));
  }
  return value;
}

function resolveUncached(name: string): { zone: string; given: boolean } {
  // Newer runtimes also accept offsets such as "+05:00"; those are not tz names and carry no place.
  if (!/^[A-Za-z]/.test(name)) return UTC_FALLBACK;
  // A name without an area must be one the tz database has (UTC, EST, Japan): ICU also takes its own legacy
  // abbreviations, and read BST as Dhaka, IST as Kolkata and CST as Chicago, placing a visitor in London in Bangladesh.
  if (!name.includes("/") && !spelled.has(name.toLowerCase())) return UTC_FALLBACK;
  try {
    // Not Intl.supportedValuesOf: it lists legacy ids (Asia/Calcutta) and omits current ones (Asia/Kolkata).
    const icu = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    return { zone: spelled.get(name.toLowerCase()) ?? (icu.toLowerCase() === name.toLowerCase() ? icu : name), given: true };
  } catch {
    return UTC_FALLBACK;
  }
}

export interface SlotPosition {
  date: string; // local YYYY-MM-DD
  weekday: string; // e.g. "Sunday"
  slotIndex: number; // 0..5 = floor(local hour / 4)
  label: string;
  nextLabel: string; // label of the next slot of the visitor's day
  localHour: number;
  zone: string;
}

// A position only changes on the hour, so it is kept per zone and minute (DST moves whole minutes).
const positions = new Map<string, SlotPosition>();

export function slotOf(instant: Date, zone: string): SlotPosition {
  if (Number.isNaN(instant.getTime())) throw new RangeError("slotOf: invalid instant");
  return remember(positions, `${zone}|${Math.floor(instant.getTime() / 60_000)}`, () => slotUncached(instant, zone));
}

function slotUncached(instant: Date, zone: string): SlotPosition {
  // IANAZone, not a bare string: luxon would read "local" as the server's zone and "UTC+3" as an offset.
  const tz = IANAZone.create(zone);
  if (!tz.isValid) throw new RangeError(`slotOf: unknown timezone ${JSON.stringify(zone)}`);
  const local = DateTime.fromJSDate(instant, { zone: tz });
  const slotIndex = Math.floor(local.hour / 4);
  return {
    date: local.toISODate()!,
    weekday: WEEKDAYS[local.weekday - 1]!,
    slotIndex,
    label: SLOT_LABELS[slotIndex]!,
    nextLabel: SLOT_LABELS[(slotIndex + 1) % 6]!,
    localHour: local.hour,
    zone,
  };
}

/** Where a visitor stands: the zone as resolved, whether one was given, the slot position and the tier. */
export interface Placement {
  zone: string;
  given: boolean;
  /** A name was sent that is no timezone (placed as UTC, as with none): the answer says so, and what was meant. */
  refused: boolean;
  position: SlotPosition;
  tier: Tier;
}

// A visitor's placement changes only with the zone spelling and the minute, so it is kept by those two: per
// spelling, the placement of the last minute asked (no key is built per call; a new minute replaces the old).
const placements = new Map<string, { minute: number; placement: Placement }>();

/** The visitor's clock, zone and tier for a call (kept per zone spelling and minute). */
export function placeVisitor(timezone: string | undefined, instant: Date): Placement {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (Number.isNaN(minute)) throw new RangeError("placeVisitor: invalid instant");
  const spelling = timezone ?? "";
  const kept = placements.get(spelling);
  if (kept?.minute === minute) return kept.placement;
  const { zone, given } = resolveZone(timezone);
  const refused = !given && spelling.trim() !== "";
  const placement: Placement = Object.freeze({ zone, given, refused, position: slotOf(instant, zone), tier: tierOf(zone) });
  if (!kept && placements.size >= 2000) placements.clear();
  placements.set(spelling, { minute, placement });
  return placement;
}

type ZoneTable = { zones: Record<string, { lat: number; lon: number }>; links: Record<string, string> };
const table = coordinates as ZoneTable;
// Keyed in lower case because visitors' spellings are kept as given ("asia/jakarta").
const latitudes = new Map(Object.entries(table.zones).map(([name, p]) => [name.toLowerCase(), p.lat]));
const aliases = new Map(Object.entries(table.links).map(([alias, target]) => [alias.toLowerCase(), target.toLowerCase()]));
// Every name the tz database has (zones, links, and the clocks with no place the table leaves out) as it spells them,
// by its lower case. ICU's own id is no spelling to answer with: it turns "Asia/Kolkata" into "Asia/Calcutta".
const CLOCKS = "UTC UCT GMT GMT0 GMT+0 GMT-0 Greenwich Universal Zulu CET EET MET WET EST HST MST CST6CDT EST5EDT MST7MDT PST8PDT";
const spelled = new Map([...Object.keys(table.zones), ...Object.keys(table.links), ...CLOCKS.split(" ")].map((name) => [name.toLowerCase(), name]));
// These name a clock, not a place, so they have no season even where a link would give them one.
const PLACELESS = /^(etc\/.*|utc|uct|gmt|gmt[+-]?0|greenwich|universal|zulu)$/;

/** Every zone the tz database places (its canonical names): the world's clocks, for ordering work by who hears it. */
export function placedZones(): string[] {
  return Object.keys(table.zones);
}

/** The tz database's other names for its zones ("Australia/Tasmania", "US/Eastern"), as it spells them. */
export function zoneLinks(): string[] {
  return Object.keys(table.links);
}

/** Hemisphere tier from the zone's reference latitude in the tz database: lat >= 0 is north. */
export function tierOf(zone: string): Tier {
  return remember(tiers, zone, () => tierUncached(zone));
}

function tierUncached(zone: string): Tier {
  const key = zone.trim().toLowerCase();
  if (!key || PLACELESS.test(key)) return "unknown";
  const lat = latitudeOf(key) ?? latitudeOf(icuCanonical(zone)?.toLowerCase());
  return lat === undefined ? "unknown" : lat >= 0 ? "north" : "south";
}

function latitudeOf(key: string | undefined): number | undefined {
  if (!key) return undefined;
  return latitudes.get(key) ?? latitudes.get(aliases.get(key) ?? "");
}

// A name the runtime knows but the checked-in table does not (newer tzdata, or CET/EST5EDT, which
// ICU maps to Europe/Brussels/America/New_York) may still reach a row through ICU's own id.
function icuCanonical(zone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone.trim() }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The instant a (local date, slot) first begins anywhere on Earth: that wall-clock time at UTC+14. */
export function slotFirstBegins(date: string, slotIndex: number): Date {
  if (!isValidDate(date)) throw new RangeError(`slotFirstBegins: invalid date ${JSON.stringify(date)}`);
  if (!Number.isInteger(slotIndex) || slotIndex < 0 || slotIndex > 5) throw new RangeError(`slotFirstBegins: slotIndex ${slotIndex} not in 0..5`);
  // UTC+14 keeps no daylight saving: the slot's wall-clock start there, as plain arithmetic (a luxon DateTime for each
  // of a day's services was a tenth of the services page).
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day, slotIndex * 4) - 14 * 3_600_000);
}

/** The instant a (local date, slot) ends everywhere on Earth: its last four hours end at UTC−12. */
export function slotLastEnds(date: string, slotIndex: number): Date {
  return new Date(slotFirstBegins(date, slotIndex).getTime() + (14 + 12 + 4) * 3_600_000);
}

/** Hours from a date's first beginning (00:00 at UTC+14) to its last end (24:00 at UTC−12). */
const DATE_SPAN_HOURS = 24 + 14 + 12;

/** Whether `date` is today somewhere on Earth at `instant`: from its first beginning at UTC+14 to its end at UTC−12. */
export function isTodaySomewhere(date: string, instant: Date): boolean {
  const begins = slotFirstBegins(date, 0).getTime();
  return instant.getTime() >= begins && instant.getTime() < begins + DATE_SPAN_HOURS * 3_600_000;
}

/** The (date, slot) keys whose first beginning (at UTC+14) falls in [from, to), in order. */
export function slotsBeginningBetween(from: Date, to: Date): Array<{ date: string; slotIndex: number }> {
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw new RangeError("slotsBeginningBetween: invalid instant");
  const start = DateTime.fromJSDate(from, { zone: EARLIEST });
  let t = start.startOf("day").set({ hour: Math.floor(start.hour / 4) * 4 });
  if (t < start) t = t.plus({ hours: 4 });
  const end = to.getTime();
  const out: Array<{ date: string; slotIndex: number }> = [];
  for (; t.toMillis() < end; t = t.plus({ hours: 4 })) out.push({ date: t.toISODate()!, slotIndex: t.hour / 4 });
  return out;
}

/** Strict YYYY-MM-DD naming a day that exists on the calendar. */
export function isValidDate(date: string): boolean {
  return typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date) && DateTime.fromISO(date, { zone: "utc" }).isValid;
}

/** Calendar arithmetic on YYYY-MM-DD (in UTC, so no DST day is ever 23 or 25 hours). */
export function addDays(date: string, days: number): string {
  if (!isValidDate(date)) throw new RangeError(`addDays: invalid date ${JSON.stringify(date)}`);
  if (!Number.isInteger(days)) throw new RangeError(`addDays: days must be an integer, got ${days}`);
  return DateTime.fromISO(date, { zone: "utc" }).plus({ days }).toISODate()!;
}
