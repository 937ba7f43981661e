// The visitor's clock (docs/behaviour.md §1–2): slots follow the wall clock, tiers follow the zone's place.
import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  SLOT_LABELS,
  addDays,
  isTodaySomewhere,
  isValidDate,
  resolveZone,
  slotFirstBegins,
  slotOf,
  slotsBeginningBetween,
  tierOf,
} from "../../planner/time.ts";

const HOUR = 3_600_000;

describe("resolveZone", () => {
  it("keeps valid names in the visitor's spelling, matched case-insensitively", () => {
    expect(resolveZone("Europe/Berlin")).toEqual({ zone: "Europe/Berlin", given: true });
    // Answered in the tz database's spelling (clients look zones up case-sensitively), a link kept a link.
    expect(resolveZone("europe/berlin")).toEqual({ zone: "Europe/Berlin", given: true });
    expect(resolveZone("AMERICA/NEW_YORK")).toEqual({ zone: "America/New_York", given: true });
    expect(resolveZone("asia/kolkata")).toEqual({ zone: "Asia/Kolkata", given: true });
    expect(resolveZone("us/pacific")).toEqual({ zone: "US/Pacific", given: true });
    expect(resolveZone("etc/gmt+5")).toEqual({ zone: "Etc/GMT+5", given: true });
    expect(resolveZone("cet")).toEqual({ zone: "CET", given: true });
    expect(resolveZone("gmt")).toEqual({ zone: "GMT", given: true });
    // Current and legacy ids both count, whatever Intl.supportedValuesOf happens to list.
    expect(resolveZone("Asia/Kolkata").given).toBe(true);
    expect(resolveZone("Asia/Calcutta").given).toBe(true);
    expect(resolveZone("Europe/Kyiv").given).toBe(true);
    expect(resolveZone(" Europe/Berlin ")).toEqual({ zone: "Europe/Berlin", given: true });
  });
  it("treats UTC as given, and missing, blank or unknown names as UTC not given", () => {
    expect(resolveZone("UTC")).toEqual({ zone: "UTC", given: true });
    // ICU's own abbreviations (BST as Dhaka, IST as Kolkata…) are not tz names: a visitor in London who sends BST is
    // not placed in Bangladesh.
    for (const bad of [
      undefined,
      "",
      "   ",
      "Mars/Olympus",
      "Europe/Berlinn",
      "+05:00",
      "local",
      "UTC+3",
      "Factory",
      "BST",
      "IST",
      "JST",
      "CST",
      "ACT",
      "NET",
    ]) {
      expect(resolveZone(bad), String(bad)).toEqual({ zone: "UTC", given: false });
    }
  });
});

describe("slotOf", () => {
  it("changes slot exactly at 04:00:00 local", () => {
    const before = slotOf(new Date("2026-06-15T01:59:59Z"), "Europe/Berlin"); // 03:59:59 CEST
    const after = slotOf(new Date("2026-06-15T02:00:00Z"), "Europe/Berlin");
    expect(before).toMatchObject({ date: "2026-06-15", weekday: "Monday", slotIndex: 0, localHour: 3, label: "00:00 to 04:00", nextLabel: "04:00 to 08:00" });
    expect(after).toMatchObject({ slotIndex: 1, localHour: 4, label: "04:00 to 08:00", nextLabel: "08:00 to 12:00" });
  });
  it("wraps the last slot's next label to the start of the day", () => {
    expect(slotOf(new Date("2026-06-14T21:59:59Z"), "Europe/Berlin")).toMatchObject({
      slotIndex: 5,
      label: "20:00 to 00:00",
      nextLabel: "00:00 to 04:00",
      date: "2026-06-14",
      weekday: "Sunday",
    });
    expect(slotOf(new Date("2026-06-14T22:00:00Z"), "Europe/Berlin")).toMatchObject({ slotIndex: 0, date: "2026-06-15" });
  });
  it("keeps the visitor's spelling and reads it case-insensitively", () => {
    const s = slotOf(new Date("2026-06-15T02:00:00Z"), "europe/berlin");
    expect(s).toMatchObject({ zone: "europe/berlin", localHour: 4, slotIndex: 1 });
  });

  // The first slot of a DST change day spans [start, end); the clock, not elapsed time, decides.
  const daySlotZero = (zone: string, start: string, end: string, hours: number) => {
    const s = new Date(start).getTime(),
      e = new Date(end).getTime();
    expect(e - s).toBe(hours * HOUR);
    expect(slotOf(new Date(s - 1000), zone).slotIndex).toBe(5);
    expect(slotOf(new Date(s), zone)).toMatchObject({ slotIndex: 0, localHour: 0 });
    expect(slotOf(new Date(e - 1000), zone)).toMatchObject({ slotIndex: 0, localHour: 3 });
    expect(slotOf(new Date(e), zone)).toMatchObject({ slotIndex: 1, localHour: 4, label: "04:00 to 08:00" });
  };
  it("lasts 3 hours when the clock springs forward and 5 when it falls back (Europe/Berlin)", () => {
    daySlotZero("Europe/Berlin", "2026-03-28T23:00:00Z", "2026-03-29T02:00:00Z", 3);
    expect(slotOf(new Date("2026-03-29T00:59:59Z"), "Europe/Berlin").localHour).toBe(1);
    expect(slotOf(new Date("2026-03-29T01:00:00Z"), "Europe/Berlin").localHour).toBe(3); // 02:00 never happens
    daySlotZero("Europe/Berlin", "2026-10-24T22:00:00Z", "2026-10-25T03:00:00Z", 5);
  });
  it("lasts 3 and 5 hours on America/New_York's change days too", () => {
    daySlotZero("America/New_York", "2026-03-08T05:00:00Z", "2026-03-08T08:00:00Z", 3);
    daySlotZero("America/New_York", "2026-11-01T04:00:00Z", "2026-11-01T09:00:00Z", 5);
    // 01:30 happens twice on 1 November; both are slot 0 of the same date.
    expect(slotOf(new Date("2026-11-01T05:30:00Z"), "America/New_York")).toMatchObject({ localHour: 1, slotIndex: 0, date: "2026-11-01" });
    expect(slotOf(new Date("2026-11-01T06:30:00Z"), "America/New_York")).toMatchObject({ localHour: 1, slotIndex: 0, date: "2026-11-01" });
  });
  it("handles the ends of the clock: UTC+14 and UTC−12", () => {
    const instant = new Date("2026-01-01T10:00:00Z");
    expect(slotOf(instant, "Pacific/Kiritimati")).toMatchObject({ date: "2026-01-02", weekday: "Friday", slotIndex: 0, localHour: 0 });
    expect(slotOf(instant, "Etc/GMT+12")).toMatchObject({ date: "2025-12-31", weekday: "Wednesday", slotIndex: 5, localHour: 22, nextLabel: "00:00 to 04:00" });
    expect(slotOf(instant, "UTC")).toMatchObject({ date: "2026-01-01", slotIndex: 2, localHour: 10 });
  });
  it("gives Etc/GMT+5 its own clock (UTC−5 all year, the sign is POSIX-inverted)", () => {
    expect(slotOf(new Date("2026-07-01T12:00:00Z"), "Etc/GMT+5")).toMatchObject({ localHour: 7, slotIndex: 1 });
    expect(slotOf(new Date("2026-07-01T12:00:00Z"), "America/New_York").localHour).toBe(8);
    expect(tierOf("Etc/GMT+5")).toBe("unknown");
  });
  it("refuses zones and instants it cannot read", () => {
    expect(() => slotOf(new Date(Number.NaN), "UTC")).toThrow(RangeError);
    expect(() => slotOf(new Date(), "Mars/Olympus")).toThrow(RangeError);
    expect(() => slotOf(new Date(), "local")).toThrow(RangeError);
  });
});

describe("tierOf", () => {
  const cases: Array<[string, string]> = [
    ["Europe/Berlin", "north"],
    ["America/New_York", "north"],
    ["Asia/Tokyo", "north"],
    ["Asia/Kolkata", "north"],
    ["Australia/Sydney", "south"],
    ["Pacific/Auckland", "south"],
    ["America/Sao_Paulo", "south"],
    ["Africa/Johannesburg", "south"],
    // Near the equator, where a parser that drops the sign of "-00…" flips the answer.
    ["America/Guayaquil", "south"],
    ["Pacific/Galapagos", "south"],
    ["Asia/Jakarta", "south"],
    ["Asia/Pontianak", "south"],
    ["Pacific/Nauru", "south"],
    ["Africa/Nairobi", "south"],
    ["Pacific/Kanton", "south"],
    ["Africa/Kampala", "north"],
    ["Asia/Singapore", "north"],
    ["Africa/Sao_Tome", "north"],
    ["Africa/Libreville", "north"],
    ["America/Bogota", "north"],
    ["Pacific/Tarawa", "north"],
    ["Pacific/Kiritimati", "north"],
    ["Antarctica/Troll", "south"],
    ["America/Resolute", "north"],
    // Aliases resolve to their zone; for respellings, the zone of the same place, not of the same clock.
    ["Asia/Calcutta", "north"],
    ["US/Eastern", "north"],
    ["America/Buenos_Aires", "south"],
    ["Pacific/Enderbury", "south"],
    ["Brazil/East", "south"],
    ["Africa/Asmera", "north"],
    ["Pacific/Truk", "north"],
    ["Pacific/Ponape", "north"],
    // Case-insensitive, as visitors' spellings are kept.
    ["asia/jakarta", "south"],
    ["AMERICA/BUENOS_AIRES", "south"],
    ["europe/kyiv", "north"],
    // No place, no season.
    ["UTC", "unknown"],
    ["utc", "unknown"],
    ["Etc/UTC", "unknown"],
    ["GMT", "unknown"],
    ["Etc/GMT-14", "unknown"],
    ["Etc/GMT+12", "unknown"],
    ["Zulu", "unknown"],
    ["Mars/Olympus", "unknown"],
    ["", "unknown"],
  ];
  it.each(cases)("%s → %s", (zone, tier) => expect(tierOf(zone)).toBe(tier));

  it("places every zone the runtime lists (a miss means: regenerate zone-coordinates.json)", () => {
    const missing = Intl.supportedValuesOf("timeZone").filter((z) => !/^(Etc\/|UTC$|GMT)/.test(z) && tierOf(z) === "unknown");
    expect(missing).toEqual([]);
  });
});

describe("slot beginnings at UTC+14", () => {
  it("isTodaySomewhere: from a date's start at UTC+14 to its end at UTC−12", () => {
    expect(isTodaySomewhere("2026-01-02", new Date("2026-01-01T09:59:59Z"))).toBe(false);
    expect(isTodaySomewhere("2026-01-02", new Date("2026-01-01T10:00:00Z"))).toBe(true);
    expect(isTodaySomewhere("2026-01-02", new Date("2026-01-03T11:59:59Z"))).toBe(true);
    expect(isTodaySomewhere("2026-01-02", new Date("2026-01-03T12:00:00Z"))).toBe(false);
  });
  it("slotFirstBegins is the wall-clock time at UTC+14", () => {
    expect(slotFirstBegins("2026-01-02", 0).toISOString()).toBe("2026-01-01T10:00:00.000Z");
    expect(slotFirstBegins("2026-01-02", 5).toISOString()).toBe("2026-01-02T06:00:00.000Z");
    expect(slotFirstBegins("2028-02-29", 3).toISOString()).toBe("2028-02-28T22:00:00.000Z");
    // It is the very moment Kiritimati enters that slot.
    expect(slotOf(slotFirstBegins("2026-03-29", 1), "Pacific/Kiritimati")).toMatchObject({ date: "2026-03-29", slotIndex: 1, localHour: 4 });
    expect(() => slotFirstBegins("2026-02-30", 0)).toThrow(RangeError);
    expect(() => slotFirstBegins("2026-01-02", 6)).toThrow(RangeError);
    expect(() => slotFirstBegins("2026-01-02", 1.5)).toThrow(RangeError);
  });

  it("slotFirstBegins, plain arithmetic, agrees with luxon's wall clock at UTC+14 on any day and slot", () => {
    const days = fc.date({ min: new Date("1971-01-01"), max: new Date("2199-12-31"), noInvalidDate: true });
    fc.assert(
      fc.property(days, fc.integer({ min: 0, max: 5 }), (day, slotIndex) => {
        const date = day.toISOString().slice(0, 10);
        const luxon = DateTime.fromISO(date, { zone: "UTC+14" }).set({ hour: slotIndex * 4 });
        expect(slotFirstBegins(date, slotIndex).getTime()).toBe(luxon.toMillis());
      }),
    );
  });
  it("slotsBeginningBetween lists the keys starting in [from, to)", () => {
    expect(slotsBeginningBetween(new Date("2026-01-01T10:00:00Z"), new Date("2026-01-01T22:00:00Z"))).toEqual([
      { date: "2026-01-02", slotIndex: 0 },
      { date: "2026-01-02", slotIndex: 1 },
      { date: "2026-01-02", slotIndex: 2 },
    ]);
    expect(slotsBeginningBetween(new Date("2026-01-01T10:00:00.001Z"), new Date("2026-01-01T14:00:00.001Z"))).toEqual([{ date: "2026-01-02", slotIndex: 1 }]);
    expect(slotsBeginningBetween(new Date("2026-01-02T05:00:00Z"), new Date("2026-01-02T11:00:00Z"))).toEqual([
      { date: "2026-01-02", slotIndex: 5 },
      { date: "2026-01-03", slotIndex: 0 },
    ]);
    expect(slotsBeginningBetween(new Date("2026-01-01T10:00:00Z"), new Date("2026-01-01T10:00:00Z"))).toEqual([]);
    expect(slotsBeginningBetween(new Date("2026-01-02T00:00:00Z"), new Date("2026-01-01T00:00:00Z"))).toEqual([]);
  });
  it("agrees with slotFirstBegins for any window", () => {
    const ms = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) });
    fc.assert(
      fc.property(ms, fc.integer({ min: 0, max: 72 * HOUR }), (from, span) => {
        const keys = slotsBeginningBetween(new Date(from), new Date(from + span));
        for (const k of keys) {
          const t = slotFirstBegins(k.date, k.slotIndex).getTime();
          expect(t >= from && t < from + span).toBe(true);
        }
        // Starts are 4 hours apart, so a span holds floor(span / 4h) or one more.
        expect(keys.length - Math.floor(span / (4 * HOUR))).toBeGreaterThanOrEqual(0);
        expect(keys.length - Math.floor(span / (4 * HOUR))).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe("calendar dates", () => {
  it("isValidDate accepts only strict YYYY-MM-DD days that exist", () => {
    for (const ok of ["2028-02-29", "2000-02-29", "2026-12-31", "2026-01-01"]) expect(isValidDate(ok), ok).toBe(true);
    for (const bad of [
      "2026-02-30",
      "2026-02-29",
      "2100-02-29",
      "2026-13-01",
      "2026-00-10",
      "2026-04-31",
      "2026-1-05",
      "20260105",
      "2026-01-05T00:00",
      " 2026-01-05",
      "2026-W01-1",
      "",
    ]) {
      expect(isValidDate(bad), bad).toBe(false);
    }
  });
  it("addDays does calendar arithmetic across months, leap days, years and DST changes", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-10-25", 0)).toBe("2026-10-25");
    expect(addDays("2026-01-01", 365)).toBe("2027-01-01");
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
    expect(() => addDays("2026-02-01", 0.5)).toThrow(RangeError);
  });
});

describe("property: slotOf agrees with luxon over random instants and zones", () => {
  const zones = [...Intl.supportedValuesOf("timeZone"), "UTC", "Etc/GMT+12", "Etc/GMT-14", "Etc/GMT+5", "europe/berlin", "Asia/Kolkata"];
  it("slot, labels, date and first beginning are consistent", () => {
    const instants = fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (instant, zone) => {
        const s = slotOf(instant, zone);
        const local = DateTime.fromJSDate(instant, { zone });
        expect(s.localHour).toBe(local.hour);
        expect(s.slotIndex).toBe(Math.floor(s.localHour / 4));
        expect(s.label).toBe(SLOT_LABELS[s.slotIndex]);
        expect(s.label.startsWith(`${String(s.slotIndex * 4).padStart(2, "0")}:00 to `)).toBe(true);
        expect(s.nextLabel).toBe(SLOT_LABELS[(s.slotIndex + 1) % 6]);
        expect(s.label.slice(-5)).toBe(s.nextLabel.slice(0, 5));
        expect(s.date).toBe(local.toISODate());
        expect(s.weekday).toBe(local.setLocale("en-US").weekdayLong);
        expect(isValidDate(s.date)).toBe(true);
        // No clock runs ahead of UTC+14, so the slot has already begun there; and it has ended
        // everywhere 31 hours later (26 hours of offsets, 4 of slot, 1 of a fall-back hour).
        const lag = instant.getTime() - slotFirstBegins(s.date, s.slotIndex).getTime();
        expect(lag).toBeGreaterThanOrEqual(0);
        expect(lag).toBeLessThan(31 * HOUR);
      }),
      { numRuns: 2000 },
    );
  });
});
