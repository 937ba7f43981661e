// Season and sky modules against dates published in almanacs (USNO seasons, NASA eclipse catalogue,
// IMO meteor calendar, standard Mercury elongation tables), plus the 21-day window and tier rules.
import { describe, expect, it } from "vitest";
import { REPRESENTATIVE_LATITUDE, dayLengthHours, seasonAt, type Hemisphere } from "../../planner/season.ts";
import { WINDOW_DAYS, skyFor } from "../../planner/sky.ts";

const MINUTE = 60_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe("equinoxes and solstices", () => {
  // USNO published times (UTC, to the minute). astronomy-engine agrees to within a minute.
  const published: Array<[string, string]> = [
    ["March equinox", "2026-03-20T14:46Z"],
    ["June solstice", "2026-06-21T08:24Z"],
    ["September equinox", "2026-09-23T00:05Z"],
    ["December solstice", "2026-12-21T20:50Z"],
    ["March equinox", "2027-03-20T20:25Z"],
    ["June solstice", "2027-06-21T14:11Z"],
    ["September equinox", "2027-09-23T06:01Z"],
    ["December solstice", "2027-12-22T02:42Z"],
  ];

  it("finds the 2026 and 2027 events in order, each within 5 minutes of the published time", () => {
    let instant = new Date("2026-01-01T00:00Z");
    for (const [event, when] of published) {
      const next = seasonAt(instant, "north", instant.toISOString().slice(0, 10)).next;
      expect(next.event).toBe(event);
      expect(Math.abs(Date.parse(next.at) - Date.parse(when))).toBeLessThan(5 * MINUTE);
      expect(next.date).toBe(when.slice(0, 10));
      instant = new Date(Date.parse(next.at) + MINUTE);
    }
  });

  it("names the event for the hemisphere and counts days from the visitor's date", () => {
    const north = seasonAt(new Date("2026-12-01T12:00Z"), "north", "2026-12-01");
    const south = seasonAt(new Date("2026-12-01T12:00Z"), "south", "2026-12-01");
    expect(north.next).toMatchObject({ event: "December solstice", name: "winter solstice", date: "2026-12-21", daysAway: 20 });
    expect(south.next).toMatchObject({ event: "December solstice", name: "summer solstice", daysAway: 20 });
    expect(seasonAt(new Date("2026-03-01T00:00Z"), "south", "2026-03-01").next.name).toBe("autumn equinox");
    expect(seasonAt(new Date("2026-06-01T00:00Z"), "south", "2026-06-01").next.name).toBe("winter solstice");
    // A visitor already on the 22nd (far east of UTC) before the instant: never negative.
    expect(seasonAt(new Date("2026-12-21T20:00Z"), "north", "2026-12-22").next.daysAway).toBe(0);
  });
});

describe("season names", () => {
  const cases: Array<[string, string, string]> = [
    ["2026-01-15", "winter", "summer"],
    ["2026-04-15", "spring", "autumn"],
    ["2026-07-15", "summer", "winter"],
    ["2026-10-15", "autumn", "spring"],
  ];
  it.each(cases)("%s is %s in the north and %s in the south", (day, north, south) => {
    expect(seasonAt(new Date(`${day}T12:00Z`), "north", day).name).toBe(north);
    expect(seasonAt(new Date(`${day}T12:00Z`), "south", day).name).toBe(south);
  });

  it("turns at the equinox instant, not at the date", () => {
    const equinox = Date.parse(seasonAt(new Date("2026-03-01T00:00Z"), "north", "2026-03-01").next.at);
    expect(seasonAt(new Date(equinox - MINUTE), "north", "2026-03-20").name).toBe("winter");
    expect(seasonAt(new Date(equinox + MINUTE), "north", "2026-03-20").name).toBe("spring");
    expect(seasonAt(new Date(equinox - MINUTE), "south", "2026-03-20").name).toBe("summer");
    expect(seasonAt(new Date(equinox + MINUTE), "south", "2026-03-20").name).toBe("autumn");
    expect(seasonAt(new Date(equinox), "north", "2026-03-20").basis).toBe("timezone");
  });
});

describe("calendar seasons", () => {
  const cases: Array<[string, Hemisphere, string, string, string, number]> = [
    ["2026-02-28", "north", "winter", "spring", "2026-03-01", 1],
    ["2026-03-01", "north", "spring", "summer", "2026-06-01", 92],
    ["2026-05-31", "north", "spring", "summer", "2026-06-01", 1],
    ["2026-08-31", "north", "summer", "autumn", "2026-09-01", 1],
    ["2026-11-30", "north", "autumn", "winter", "2026-12-01", 1],
    ["2026-12-01", "north", "winter", "spring", "2027-03-01", 90],
    ["2026-12-31", "north", "winter", "spring", "2027-03-01", 60],
    ["2028-02-29", "north", "winter", "spring", "2028-03-01", 1],
    ["2026-03-01", "south", "autumn", "winter", "2026-06-01", 92],
    ["2026-12-01", "south", "summer", "autumn", "2027-03-01", 90],
    ["2026-09-01", "south", "spring", "summer", "2026-12-01", 91],
  ];
  it.each(cases)("%s (%s): %s, then %s from %s in %i days", (day, hemisphere, current, next, nextBegins, daysAway) => {
    expect(seasonAt(new Date(`${day}T12:00Z`), hemisphere, day).calendar).toEqual({ current, next, nextBegins, daysAway });
  });

  it("rejects a malformed local date", () => {
    expect(() => seasonAt(new Date("2026-01-01T00:00Z"), "north", "2026-02-30")).toThrow(RangeError);
    expect(() => seasonAt(new Date("2026-01-01T00:00Z"), "north", "1/2/2026")).toThrow(RangeError);
  });
});

describe("day length", () => {
  it("uses 45 N and 35 S", () => {
    expect(REPRESENTATIVE_LATITUDE).toEqual({ north: 45, south: -35 });
  });

  it("has the expected extremes at the representative latitudes", () => {
    expect(dayLengthHours("2026-06-21", 45)).toBeCloseTo(15.6, 1);
    expect(dayLengthHours("2026-12-21", 45)).toBeCloseTo(8.8, 1);
    expect(dayLengthHours("2026-06-21", -35)).toBeCloseTo(9.8, 1);
    expect(dayLengthHours("2026-12-21", -35)).toBeCloseTo(14.5, 1);
    expect(dayLengthHours("2026-03-20", 45)).toBeCloseTo(12.1, 1); // refraction makes the equinox day a little over 12 h
  });

  it("handles polar day and night, where there is no sunrise or sunset", () => {
    expect(dayLengthHours("2026-06-21", 80)).toBe(24);
    expect(dayLengthHours("2026-12-21", 80)).toBe(0);
    expect(dayLengthHours("2026-06-21", -80)).toBe(0);
  });

  // Around every solstice of 2026 and 2027: the trend flips at the solstice, and the hours agree with it.
  const solstices: Array<[string, "June" | "December"]> = [
    ["2026-06-21", "June"],
    ["2026-12-21", "December"],
    ["2027-06-21", "June"],
    ["2027-12-22", "December"],
  ];
  describe.each(solstices)("around the solstice of %s", (day, month) => {
    it.each(["north", "south"] as const)("in the %s", (hemisphere) => {
      const before = addDays(day, -3),
        after = addDays(day, 3);
      const b = seasonAt(new Date(`${before}T12:00Z`), hemisphere, before).daylight;
      const a = seasonAt(new Date(`${after}T12:00Z`), hemisphere, after).daylight;
      const summerSolstice = (month === "June") === (hemisphere === "north");
      expect(b.trend).toBe(summerSolstice ? "lengthening" : "shortening");
      expect(a.trend).toBe(summerSolstice ? "shortening" : "lengthening");
      const lat = REPRESENTATIVE_LATITUDE[hemisphere];
      // The latitude the hours are for is said beside them: a visitor in Singapore is not told 8.9 hours as its own.
      expect([b.latitude, a.latitude]).toEqual([lat, lat]);
      const [early, mid, late] = [-20, 0, 20].map((n) => dayLengthHours(addDays(day, n), lat)) as [number, number, number];
      if (summerSolstice) expect(mid).toBeGreaterThan(Math.max(early, late));
      else expect(mid).toBeLessThan(Math.min(early, late));
    });
  });
});

describe("moon", () => {
  it("names the full moon of 2026-01-03 and finds the next phases", () => {
    const { moon } = skyFor("2026-01-03", "north");
    expect(moon.phase).toBe("full moon");
    expect(moon.illumination).toBeGreaterThanOrEqual(0.99);
    expect(moon.nextFull).toBe("2026-01-03");
    expect(moon.nextNew).toBe("2026-01-18");
    expect(skyFor("2026-01-04", "north").moon.nextFull).toBe("2026-02-01");
    expect(skyFor("2026-02-02", "north").moon.nextFull).toBe("2026-03-03");
  });

  const phases: Array<[string, string]> = [
    ["2026-01-06", "waning gibbous"],
    ["2026-01-10", "last quarter"],
    ["2026-01-14", "waning crescent"],
    ["2026-01-18", "new moon"],
    ["2026-01-22", "waxing crescent"],
    ["2026-01-26", "first quarter"],
    ["2026-01-30", "waxing gibbous"],
  ];
  it.each(phases)("%s is %s", (day, phase) => {
    const { moon } = skyFor(day, "unknown");
    expect(moon.phase).toBe(phase);
    expect(moon.illumination).toBeGreaterThanOrEqual(0);
    expect(moon.illumination).toBeLessThanOrEqual(1);
  });
});

describe("eclipses and the 21-day window", () => {
  it("finds the total lunar eclipse of 2026-03-03 exactly 21 days ahead, but not 22", () => {
    expect(WINDOW_DAYS).toBe(21);
    expect(skyFor("2026-02-10", "north").eclipses).toEqual([
      { date: "2026-02-17", kind: "solar", type: "annular" },
      { date: "2026-03-03", kind: "lunar", type: "total" },
    ]);
    expect(skyFor("2026-02-09", "north").eclipses).toEqual([{ date: "2026-02-17", kind: "solar", type: "annular" }]);
    expect(skyFor("2026-03-03", "south").eclipses).toContainEqual({ date: "2026-03-03", kind: "lunar", type: "total" });
    expect(skyFor("2026-03-04", "south").eclipses).toEqual([]);
  });

  it("finds the total solar eclipse of 2026-08-12", () => {
    expect(skyFor("2026-08-01", "north").eclipses).toContainEqual({ date: "2026-08-12", kind: "solar", type: "total" });
  });

  it("applies the window to showers and to the Voyagers", () => {
    // Geminids peak 2026-12-14: 21 days after 2026-11-23, 22 after 2026-11-22.
    expect(skyFor("2026-11-23", "north").showers.map((s) => s.name)).toContain("Geminids");
    expect(skyFor("2026-11-22", "north").showers.map((s) => s.name)).not.toContain("Geminids");
    // Voyager 1 launched 1977-09-05: its 49th anniversary is 21 days after 2026-08-15.
    const launch = (day: string) => skyFor(day, "north").voyagers.find((v) => v.name === "Voyager 1" && v.occasion.includes("launch"));
    expect(launch("2026-08-15")).toMatchObject({ date: "2026-09-05", occasion: "49th anniversary of launch" });
    expect(launch("2026-08-14")).toBeUndefined();
  });

  it("keeps every event inside the window", () => {
    for (const day of ["2026-01-01", "2026-02-10", "2026-06-01", "2026-10-01"]) {
      const sky = skyFor(day, "north");
      const last = addDays(day, 21);
      for (const d of [...sky.events, ...sky.eclipses, ...sky.voyagers].map((e) => e.date).concat(sky.showers.map((s) => s.peak))) {
        expect(d >= day && d <= last).toBe(true);
      }
      expect(sky.events.map((e) => e.date)).toEqual([...sky.events.map((e) => e.date)].sort());
    }
  });
});

describe("planetary events", () => {
  // Mercury's greatest elongations of 2026 (published tables; east = evening, west = morning).
  const mercury: Array<[string, string, number]> = [
    ["2026-02-19", "evening", 18.1],
    ["2026-04-03", "morning", 27.8],
    ["2026-06-15", "evening", 24.5],
    ["2026-08-02", "morning", 19.5],
    ["2026-10-12", "evening", 25.2],
    ["2026-11-20", "morning", 19.6],
  ];
  it.each(mercury)("Mercury at greatest elongation on %s (%s, %f°)", (day, sky, degrees) => {
    const events = skyFor(addDays(day, -10), "north").events.filter((e) => e.body === "Mercury" && e.kind === "greatest elongation");
    expect(events).toHaveLength(1);
    expect(events[0]!.date).toBe(day);
    expect(events[0]!.detail).toContain(`${degrees.toFixed(1)}°`);
    expect(events[0]!.detail).toContain(sky);
  });

  it("finds oppositions and conjunctions with the sun", () => {
    const events = (day: string) => skyFor(day, "north").events.map((e) => `${e.date} ${e.kind} ${e.body}`);
    expect(events("2026-01-01")).toEqual(
      expect.arrayContaining([
        "2026-01-10 opposition Jupiter",
        "2026-01-09 conjunction with the sun Mars",
        "2026-01-06 conjunction with the sun Venus",
        "2026-01-21 conjunction with the sun Mercury",
      ]),
    );
    expect(events("2026-09-20")).toContain("2026-10-04 opposition Saturn");
    expect(events("2027-02-01")).toContain("2027-02-19 opposition Mars");
    expect(events("2026-10-10")).toContain("2026-10-24 conjunction with the sun Venus");
  });

  it("reports the moon passing close to planets, at most 5° apart", () => {
    const passes = skyFor("2026-02-10", "north").events.filter((e) => e.kind === "moon near planet");
    expect(passes.length).toBeGreaterThan(0);
    for (const p of passes) expect(Number(/([\d.]+)°/.exec(p.detail)![1])).toBeLessThanOrEqual(5);
  });
});

describe("planets visible", () => {
  const when = (day: string, tier: "north" | "south", planet: string) => skyFor(day, tier).planets!.visible.find((p) => p.planet === planet)?.when;

  it("gives null planets for an unknown place, but still the moon and events", () => {
    const sky = skyFor("2026-01-10", "unknown");
    expect(sky.planets).toBeNull();
    expect(sky.events.length).toBeGreaterThan(0);
  });

  it("sees planets at opposition all night from both hemispheres", () => {
    expect(when("2026-01-10", "north", "Jupiter")).toBe("through the night");
    expect(when("2026-01-10", "south", "Jupiter")).toBe("through the night");
    expect(when("2026-10-04", "north", "Saturn")).toBe("through the night");
  });

  it("follows Mercury's apparitions and hides Venus near the sun", () => {
    expect(when("2026-02-19", "north", "Mercury")).toBe("after sunset"); // a good northern evening apparition
    expect(when("2026-04-03", "south", "Mercury")).toBe("before dawn"); // a good southern morning one
    expect(when("2026-10-24", "north", "Venus")).toBeUndefined(); // inferior conjunction
    expect(when("2026-01-06", "south", "Venus")).toBeUndefined(); // superior conjunction
  });
});

describe("showers and Voyagers", () => {
  it("lists the Perseids for the north but not at 35 S, where the radiant barely rises", () => {
    expect(skyFor("2026-08-01", "north").showers).toEqual([{ name: "Perseids", peak: "2026-08-12", zhr: 100 }]);
    expect(skyFor("2026-08-01", "south").showers).toEqual([]);
    expect(skyFor("2026-08-01", "unknown").showers.map((s) => s.name)).toEqual(["Perseids"]);
  });

  it("crosses the year end", () => {
    expect(skyFor("2026-12-20", "north").showers.map((s) => `${s.peak} ${s.name}`)).toEqual(["2026-12-22 Ursids", "2027-01-03 Quadrantids"]);
  });

  it("gives anniversaries with distances from the linear approximation", () => {
    const v = skyFor("2026-08-10", "north").voyagers;
    expect(v.map((x) => `${x.date} ${x.name}: ${x.occasion}`)).toEqual([
      "2026-08-20 Voyager 2: 49th anniversary of launch",
      "2026-08-25 Voyager 1: 14th anniversary of crossing into interstellar space",
    ]);
    // Voyager 1 reaches about one light-day (24 h) around late 2026; Voyager 2 is about 20 light-hours out.
    expect(v[1]!.lightHours).toBeGreaterThan(23.3);
    expect(v[1]!.lightHours).toBeLessThan(24.2);
    expect(v[0]!.lightHours).toBeGreaterThan(19.5);
    expect(v[0]!.lightHours).toBeLessThan(20.5);
    expect(skyFor("2026-10-20", "south").voyagers).toEqual([
      expect.objectContaining({ name: "Voyager 2", date: "2026-11-05", occasion: "8th anniversary of crossing into interstellar space" }),
    ]);
    expect(skyFor("2026-03-01", "north").voyagers).toEqual([]);
  });
});

describe("cache", () => {
  it("returns equal results without sharing mutable state, and rejects bad dates", () => {
    const a = skyFor("2026-05-01", "north");
    a.events.length = 0;
    expect(skyFor("2026-05-01", "north").events.length).toBeGreaterThan(0);
    expect(() => skyFor("2026-13-01", "north")).toThrow(RangeError);
  });
});
