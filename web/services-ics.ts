// GET /feed/services.ics?timezone=<IANA>: the visitor's six slots for the next 7 days as an iCalendar feed
// (RFC 5545, written by ical-generator), so a calendar app shows when each service begins on their own clock.
// Each event spans its slot, is named after its service (or "The morning service" until one is recorded) and
// links to /services/<date>. Times are written in UTC: RFC 5545 needs a VTIMEZONE block for every TZID,
// which ical-generator only writes with an extra timezone generator, and every client shows UTC times on
// the reader's own clock anyway; X-WR-TIMEZONE names the visitor's zone for the clients that use it.
import { idAuthority } from "./feed-ids.ts";
import type { H3Event } from "h3";
import ical, { ICalEventTransparency } from "ical-generator";
import { DateTime, IANAZone } from "luxon";
import { z } from "zod";
import { baseUrlOf, errorResponse } from "../adapters/http.ts";
import { LOST_CHARACTER, lostCharacterMessage } from "../adapters/query.ts";
import type { Route } from "../core/route.ts";
import type { ServiceCalendar, ServiceRecord } from "../planner/calendar.ts";
import type { ServiceKey } from "../planner/rotation.ts";
import { parseDay, ymd } from "../planner/season.ts";
import { SLOT_LABELS, resolveZone, slotOf, tierOf, type SlotPosition } from "../planner/time.ts";
import { serviceTitle } from "./pages/words.ts";
import { keptTexts } from "./text-response.ts";
import { BoundedMemo } from "../core/memo.ts";

/** Seven days of slots, starting with the one the visitor is in now. */
export const FEED_SLOTS = 7 * 6;

/**
 * Whether a date whose first slot begins at `begins` (ms) is among the days the feed's events link to, `now` being
 * when it is asked: the feed's week, and a day's room for the zones where a date begins early.
 */
export const linkedByFeed = (begins: number, now: number): boolean => begins - now <= (FEED_SLOTS / SLOT_LABELS.length + 1) * 86_400_000;
const MAX_ZONE_LENGTH = 50; // as the operations' timezone field

export interface FeedSlot extends ServiceKey {
  start: Date;
  end: Date;
}

/**
 * The visitor's next FEED_SLOTS slots (their tier), each with its local start and end as instants. A slot
 * follows the wall clock (docs/behaviour.md §1): it lasts 3 or 5 hours across a daylight-saving change, and a slot
 * whose start falls in a skipped hour begins when the clock resumes.
 */
export function upcomingSlots(zone: string, now: Date, count = FEED_SLOTS): readonly FeedSlot[] {
  const here = slotOf(now, zone);
  return slotsAhead.get(`${zone}\n${here.date}\n${here.slotIndex}\n${count}`, () => Object.freeze(slotsFrom(zone, here, count)));
}
// The same from a slot's start to its end: made once per zone and slot, where each of a feed's 43 local instants
// was one of luxon's zone conversions (three quarters of a request, about 0.7 ms).
const slotsAhead = new BoundedMemo<readonly FeedSlot[]>(256);

function slotsFrom(zone: string, here: SlotPosition, count: number): FeedSlot[] {
  const tz = IANAZone.create(zone);
  const tier = tierOf(zone);
  const first = parseDay(here.date);
  // Slot n from the visitor's current one: its date (plain UTC date arithmetic) and its local start instant.
  const keyOf = (n: number) => ({ date: ymd(first + Math.floor((here.slotIndex + n) / 6) * 86_400_000), slotIndex: (here.slotIndex + n) % 6 });
  const startOf = ({ date, slotIndex }: { date: string; slotIndex: number }) => {
    const [year, month, day] = date.split("-").map(Number);
    return DateTime.fromObject({ year, month, day, hour: slotIndex * 4 }, { zone: tz }).toJSDate();
  };
  const out: FeedSlot[] = [];
  let start = startOf(keyOf(0));
  for (let n = 0; n < count; n++) {
    const end = startOf(keyOf(n + 1)); // each slot ends where the next begins
    out.push({ ...keyOf(n), tier, start, end });
    start = end;
  }
  return out;
}

const minutes = (r: ServiceRecord) => Math.round(r.parts.reduce((s, p) => s + p.seconds, 0) / 60);

/**
 * The feed for a zone at an instant, from the services already recorded for its tier (any others are ignored).
 * Pure: the same records, zone, base and instant give the same text. A slot with no record yet is listed
 * under its clock time; the record's name replaces that once the service is planned or begins.
 */
export function servicesCalendar(records: ServiceRecord[], zone: string, baseUrl: string, now: Date, configuredBase?: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  // Event UIDs name BASE_URL's host or a fixed name, never the request's Host (feed-ids.ts).
  const host = idAuthority(configuredBase);
  const byKey = new Map(records.map((r) => [`${r.date}|${r.slotIndex}|${r.tier}`, r]));
  const calendar = ical({
    name: "Sanctuary: services",
    description: `The sanctuary's services at each four-hour slot of the day, on the clock of ${zone}.`,
    prodId: { company: "Sanctuary", product: "services", language: "EN" },
    url: `${base}/feed/services.ics?timezone=${encodeURIComponent(zone)}`,
    ttl: 3600, // names arrive when services are planned, about 12 hours ahead
  });
  const slots = upcomingSlots(zone, now);
  // DTSTAMP is when an event's information was last revised (RFC 5545 §3.8.7.2): the record's own time, else the
  // start of the first slot listed, never the request's moment, which changed the calendar's bytes (and its ETag) every second.
  const listedSince = slots[0] && slots[0].start.getTime() <= now.getTime() ? slots[0].start : now;
  for (const slot of slots) {
    const record = byKey.get(`${slot.date}|${slot.slotIndex}|${slot.tier}`);
    const clock = SLOT_LABELS[slot.slotIndex]!;
    // Named as the site names it: the service's own name, else "The morning service".
    const summary = serviceTitle(record?.name, clock);
    const url = `${base}/services/${slot.date}`;
    const about = record
      ? `${record.parts.length} parts, about ${minutes(record)} minutes, sung and read again through the slot.`
      : "Its pieces are chosen when the slot draws near.";
    calendar.createEvent({
      id: `${slot.date}-${slot.slotIndex}-${slot.tier}@${host}`,
      stamp: record ? new Date(record.recordedAt) : listedSince,
      start: slot.start,
      end: slot.end,
      summary,
      description: `${summary}: the service from ${clock} on your clock. ${about}\n${url}`,
      url,
      // A service is there to drop in on, not an appointment: it should not mark the visitor busy.
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves the last one bare.
  const text = calendar.toString();
  return withCalendarProperty(text.endsWith("\r\n") ? text : `${text}\r\n`, `X-WR-TIMEZONE:${zone}`);
}

/**
 * The calendar's properties come before its components (RFC 5545 §3.6: icalbody = calprops component), and
 * ical-generator writes its `x` properties after the events. Its `timezone` option would place this one rightly but
 * also write every event's times as local times of a zone the feed does not describe (no VTIMEZONE): the times
 * stay in UTC and the zone is only named, for clients that show it. A zone name is far shorter than a folded line.
 */
function withCalendarProperty(text: string, line: string): string {
  const at = text.indexOf("BEGIN:VEVENT\r\n");
  const before = at >= 0 ? at : text.lastIndexOf("END:VCALENDAR");
  return `${text.slice(0, before)}${line}\r\n${text.slice(before)}`;
}

const Query = z.object({
  timezone: z.string().trim().max(MAX_ZONE_LENGTH).optional().describe("IANA timezone such as Europe/Lisbon; an unrecognized name is treated as UTC"),
});

/** What the route reads: the recorded services (never recording any), the clock and the configured base. */
export interface ServicesIcsDeps {
  calendar: Pick<ServiceCalendar, "get">;
  clock: () => Date;
  config: { baseUrl?: string };
}

/**
 * What a feed's text depends on (servicesCalendar is pure): the zone, the address, the slots listed (by the first
 * one's start; `now` itself only where that slot has not begun, a skipped hour) and what each record found shows.
 */
function feedKey(records: ServiceRecord[], zone: string, base: string, slots: readonly FeedSlot[], now: Date): string {
  const since = slots[0] && slots[0].start.getTime() <= now.getTime() ? slots[0].start : now;
  const shown = records.map((r) => `${r.date}|${r.slotIndex}|${r.tier}|${r.recordedAt}|${r.name ?? ""}|${r.parts.length}|${minutes(r)}`);
  return [zone, base, since.getTime(), ...shown].join("\n");
}

export function servicesIcsRoute(deps: ServicesIcsDeps): Route {
  // Each feed's text, bytes and ETag made once (ical-generator took 8.7 ms a request, and calendar apps poll the
  // feed: docs/performance.md, fifty-ninth session); at most one per zone and address polled lately.
  const feeds = keptTexts(256);
  return {
    method: "GET",
    path: "/feed/services.ics",
    summary: "iCalendar feed of the visitor's six service slots for the next 7 days, on the clock of `timezone`",
    produces: "text/calendar",
    errors: ["invalid", "unavailable"],
    query: Query,
    handler: async (event: H3Event) => {
      const given = event.url.searchParams.getAll("timezone");
      // Two zones are not one calendar: refused as the operations refuse a repeated field (adapters/invoke.ts).
      const parsed = Query.safeParse({ timezone: given.length > 1 ? given : given[0] });
      // Bytes that were not UTF-8 (`%FF`) are refused as the operations' queries refuse them, not read as UTC.
      const lost = given.some((zone) => zone.includes(LOST_CHARACTER));
      if (!parsed.success || lost) {
        const said = lost
          ? lostCharacterMessage("timezone")
          : given.length > 1
            ? "`timezone` must be given once, not repeated or as a list."
            : `\`timezone\` must be an IANA name of at most ${MAX_ZONE_LENGTH} characters.`;
        return errorResponse(event, "invalid", said, {
          field: "timezone",
          example: "/feed/services.ics?timezone=Europe/Lisbon",
        });
      }
      const { zone } = resolveZone(parsed.data.timezone);
      const now = deps.clock();
      // Only what is already recorded: recording the next 7 days here would freeze rotation services before
      // the planner (12 hours ahead) could plan them (docs/behaviour.md §6).
      const slots = upcomingSlots(zone, now);
      const found = await Promise.all(slots.map((slot) => deps.calendar.get(slot)));
      const records = found.filter((r): r is ServiceRecord => r !== null);
      const base = baseUrlOf(event);
      return feeds(event, feedKey(records, zone, base, slots, now), () => servicesCalendar(records, zone, base, now, deps.config.baseUrl), {
        "content-type": "text/calendar; charset=utf-8",
        "cache-control": "public, max-age=300",
      });
    },
  };
}
