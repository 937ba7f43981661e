// The services calendar feed: valid iCalendar (parsed by ical.js, and RFC 5545's line rules checked here),
// one event per slot of the visitor's next 7 days at their local slot times, named after the recorded service
// or its clock time, linking to the service page; through the route, nothing is recorded.
import fc from "fast-check";
import { H3 } from "h3";
import ICAL from "ical.js";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import type { ServiceRecord } from "../../planner/calendar.ts";
import type { ServiceKey } from "../../planner/rotation.ts";
import { tierOf } from "../../planner/time.ts";
import { FEED_SLOTS, servicesCalendar, servicesIcsRoute } from "../../web/services-ics.ts";

const BASE = "https://sanctuary.example";
const record = (key: ServiceKey, name: string | null): ServiceRecord => ({
  ...key,
  mode: name ? "planned" : "rotation",
  name,
  arrangedBy: "test",
  parts: [
    { path: "songs/a", kind: "song", seconds: 600, basis: "hour" },
    { path: "rituals/b", kind: "ritual", seconds: 700, basis: "hour" },
  ],
  plannedFrom: null,
  sky: null,
  earth: null,
  visitors: null,
  relaxed: [],
  recordedAt: "2027-01-01T00:00:00.000Z",
});

interface Event {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  url: string;
  stamp: Date;
}

/** Parse with ical.js and check what RFC 5545 asks of every line and of the objects we write. */
function parse(text: string): Event[] {
  expect(text.endsWith("\r\n")).toBe(true);
  for (const line of text.split("\r\n")) {
    expect(line).not.toMatch(/[\r\n]/); // CRLF only
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75); // folded at 75 octets
  }
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe("vcalendar");
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();
  expect(calendar.getAllSubcomponents("vtimezone")).toHaveLength(0); // UTC times: no TZID to define
  // Calendar properties before any component (RFC 5545 §3.6: icalbody = calprops component).
  const lines = text.split("\r\n");
  const firstComponent = lines.findIndex((line) => line.startsWith("BEGIN:V") && line !== "BEGIN:VCALENDAR");
  const properties = lines.slice(1, firstComponent < 0 ? -2 : firstComponent).filter((line) => !line.startsWith(" "));
  expect(properties.some((line) => line.startsWith("X-WR-TIMEZONE:"))).toBe(true);
  const afterComponents = lines.slice(lines.lastIndexOf("END:VEVENT") + 1).filter(Boolean);
  expect(afterComponents).toEqual(["END:VCALENDAR"]);
  return calendar.getAllSubcomponents("vevent").map((v) => {
    const event = new ICAL.Event(v);
    for (const required of ["uid", "dtstamp", "dtstart", "dtend"]) expect(v.hasProperty(required), required).toBe(true);
    expect(event.startDate.isDate).toBe(false);
    expect(event.startDate.zone?.tzid).toBe("UTC");
    return {
      uid: event.uid,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      summary: event.summary,
      description: event.description,
      url: String(v.getFirstPropertyValue("url")),
      stamp: (v.getFirstPropertyValue("dtstamp") as ICAL.Time).toJSDate(),
    };
  });
}

const zones = [
  "Europe/Lisbon",
  "America/New_York",
  "Australia/Sydney",
  "Asia/Kathmandu",
  "Pacific/Chatham",
  "America/St_Johns",
  "Australia/Lord_Howe",
  "Pacific/Kiritimati",
  "America/Santiago",
  "Asia/Tokyo",
  "UTC",
];

describe("servicesCalendar", () => {
  it("gives each event one UID whatever name the server was reached by: BASE_URL's host, or a fixed name when unset", () => {
    const now = new Date("2027-01-05T10:30:00Z");
    const uids = (reachedAs: string, configured?: string) => parse(servicesCalendar([], "Europe/Lisbon", reachedAs, now, configured)).map((e) => e.uid);
    const byLoopback = uids("http://localhost:3000");
    expect(uids("http://127.0.0.1:3000")).toEqual(byLoopback);
    expect(byLoopback[0]).toMatch(/@sanctuary\.localhost$/);
    expect(uids("http://127.0.0.1:3000", BASE)[0]).toMatch(/@sanctuary\.example$/);
  });

  it("lists the next 7 days of slots on the visitor's clock, named after their services, linking to their dates", () => {
    const now = new Date("2027-01-05T10:30:00Z"); // 10:30 in Lisbon: the 08:00 slot
    const named = record({ date: "2027-01-05", slotIndex: 3, tier: "north" }, "Bread and Frost");
    const unnamed = record({ date: "2027-01-05", slotIndex: 2, tier: "north" }, null);
    const otherTier = record({ date: "2027-01-05", slotIndex: 4, tier: "south" }, "Not For Lisbon");
    const events = parse(servicesCalendar([named, unnamed, otherTier], "Europe/Lisbon", `${BASE}/`, now));
    expect(events).toHaveLength(FEED_SLOTS);
    expect(events[0]).toMatchObject({
      start: new Date("2027-01-05T08:00:00Z"),
      end: new Date("2027-01-05T12:00:00Z"),
      summary: "The morning service", // named as the site names a service that has no name of its own
      url: `${BASE}/services/2027-01-05`,
      stamp: new Date(unnamed.recordedAt), // when its record was made, not the request's moment
    });
    // An event with no record yet is stamped with the start of the first slot listed: a minute later, the same bytes.
    expect(events[3]).toMatchObject({ stamp: new Date("2027-01-05T08:00:00Z") });
    const later = new Date(now.getTime() + 60_000);
    expect(servicesCalendar([named, unnamed, otherTier], "Europe/Lisbon", `${BASE}/`, later)).toBe(
      servicesCalendar([named, unnamed, otherTier], "Europe/Lisbon", `${BASE}/`, now),
    );
    expect(events[1]).toMatchObject({ start: new Date("2027-01-05T12:00:00Z"), summary: "Bread and Frost" });
    expect(events[2]).toMatchObject({ summary: "The afternoon service" });
    expect(events[1]!.description).toMatch(/^Bread and Frost: the service from 12:00 to 16:00 on your clock\. \d+ parts, about \d+ minutes/);
    expect(events.at(-1)).toMatchObject({ start: new Date("2027-01-12T04:00:00Z"), url: `${BASE}/services/2027-01-12` });
    expect(new Set(events.map((e) => e.uid)).size).toBe(FEED_SLOTS);
  });

  it("follows the wall clock across a daylight-saving change (a 3-hour slot in spring)", () => {
    const events = parse(servicesCalendar([], "Europe/Lisbon", BASE, new Date("2027-03-27T12:00:00Z")));
    const short = events.filter((e) => e.end.getTime() - e.start.getTime() === 3 * 3_600_000);
    expect(short).toHaveLength(1);
    expect(short[0]!.start).toEqual(new Date("2027-03-28T00:00:00Z")); // 00:00 WET; 04:00 WEST is 03:00Z
  });

  it("holds for any zone and instant: contiguous slots from the current one, each at its local slot hour", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2060-12-31T00:00:00Z"), noInvalidDate: true }),
        (zone, now) => {
          const events = parse(servicesCalendar([], zone, BASE, now));
          expect(events).toHaveLength(FEED_SLOTS);
          expect(events[0]!.start.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(events[0]!.end.getTime()).toBeGreaterThan(now.getTime());
          events.forEach((e, i) => {
            if (i) expect(e.start).toEqual(events[i - 1]!.end);
            expect(e.end.getTime()).toBeGreaterThan(e.start.getTime());
            const local = DateTime.fromJSDate(e.start, { zone });
            const slotHour = Number(/the service from (\d\d):00/.exec(e.description)![1]);
            // At its slot hour, or later in that hour's slot when a daylight-saving change skipped the hour.
            expect(local.hour - slotHour).toBeGreaterThanOrEqual(0);
            expect(local.hour - slotHour).toBeLessThan(4);
            expect(e.url).toBe(`${BASE}/services/${local.toISODate()}`);
          });
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe("GET /feed/services.ics", () => {
  const icsApp = (recorded: ServiceRecord[], now: Date) => {
    const asked: ServiceKey[] = [];
    const calendar = {
      get: async (k: ServiceKey) => (asked.push(k), recorded.find((r) => r.date === k.date && r.slotIndex === k.slotIndex && r.tier === k.tier) ?? null),
    };
    const route = servicesIcsRoute({ calendar, clock: () => now, config: { baseUrl: BASE } });
    const app = new H3().get(route.path, route.handler);
    return { route, asked, get: (query: string) => app.request(`${route.path}${query}`) };
  };

  it("answers text/calendar for the visitor's tier from what is recorded, recording nothing", async () => {
    const now = new Date("2027-07-01T02:00:00Z"); // 12:00 in Sydney: south
    const { route, asked, get } = icsApp([record({ date: "2027-07-01", slotIndex: 3, tier: "south" }, "Winter Light")], now);
    expect(route).toMatchObject({ method: "GET", path: "/feed/services.ics", produces: "text/calendar" });
    const response = await get("?timezone=Australia/Sydney");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const events = parse(await response.text());
    expect(events[0]).toMatchObject({ summary: "Winter Light", start: new Date("2027-07-01T02:00:00Z") });
    expect(asked).toHaveLength(FEED_SLOTS);
    expect(asked.every((k) => k.tier === tierOf("Australia/Sydney"))).toBe(true);
  });

  it("keeps a feed's text only while what it shows holds: a service recorded, or the next slot begun, is in the next answer", async () => {
    const recorded: ServiceRecord[] = [];
    let now = new Date("2027-07-01T02:00:00Z");
    const calendar = { get: async (k: ServiceKey) => recorded.find((r) => r.date === k.date && r.slotIndex === k.slotIndex && r.tier === k.tier) ?? null };
    const route = servicesIcsRoute({ calendar, clock: () => now, config: { baseUrl: BASE } });
    const app = new H3().get(route.path, route.handler);
    const read = async () => (await app.request(`${route.path}?timezone=Australia/Sydney`)).text();
    const first = await read();
    expect(await read()).toBe(first);
    recorded.push(record({ date: "2027-07-01", slotIndex: 4, tier: "south" }, "Evening Tide"));
    const named = await read();
    expect(parse(named).map((e) => e.summary)).toContain("Evening Tide");
    now = new Date("2027-07-01T07:00:00Z"); // 17:00 in Sydney: the next slot
    const later = parse(await read());
    expect(later[0]).toMatchObject({ summary: "Evening Tide", start: new Date("2027-07-01T06:00:00Z") });
    expect(later).toHaveLength(FEED_SLOTS);
  });

  it("treats a missing or unknown zone as UTC, and refuses an over-long one with the shared error body", async () => {
    const { get } = icsApp([], new Date("2027-07-01T02:00:00Z"));
    expect(parse(await (await get("?timezone=Not/AZone")).text())[0]!.start).toEqual(new Date("2027-07-01T00:00:00Z"));
    expect(parse(await (await get("")).text())).toHaveLength(FEED_SLOTS);
    const refused = await get(`?timezone=${"A".repeat(51)}`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: expect.stringContaining("timezone"), suggestion: expect.any(String), field: "timezone" });
    // Two zones are not one calendar (the feed had taken the first in silence).
    const twice = await get("?timezone=Asia/Tokyo&timezone=Europe/Berlin");
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({ error: "`timezone` must be given once, not repeated or as a list.", field: "timezone" });
  });
});
