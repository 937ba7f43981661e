// The placement rules (season, slots, near), each on its own, against independent computations, and
// through the rotation and the planner's candidate list with arbitrary tags: an unfit piece is never placed.
import { Seasons } from "astronomy-engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Piece } from "../../corpus/library.ts";
import { nearEvents, slotHours, type NearEvent } from "../../corpus/schema.ts";
import { candidatesFor, planViolations } from "../../planner/arrange.ts";
import { daysFromEvent, fitsNear, fitsPlacement, fitsSeason, fitsSlot, placementViolations, whereFor, type Tags } from "../../planner/placement.ts";
import { LibraryTooSmallError, rotationFor } from "../../planner/rotation.ts";
import { emptyHistory } from "../../planner/rules.ts";
import type { Tier } from "../../planner/time.ts";
import { seasonAt } from "../../planner/season.ts";
import { loadRotationLibrary } from "../helpers/rotation-library.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const date = fc.integer({ min: dayMs("1950-01-01") / DAY, max: dayMs("2150-12-31") / DAY }).map((d) => ymd(d * DAY));
const slotIndex = fc.integer({ min: 0, max: 5 });
const tier = fc.constantFrom<Tier>("north", "south", "unknown");
const seasonTags = fc.subarray(["spring", "summer", "autumn", "winter"]);
const slotTags = fc.option(fc.subarray([...slotHours], { minLength: 1 }), { nil: undefined });
const near = fc.option(fc.record({ event: fc.constantFrom(...nearEvents), days: fc.integer({ min: 1, max: 45 }) }), { nil: undefined });

/** What a visitor at UTC offset `offset` hours is shown (service.season.name) `minute` minutes into the slot. */
const shownSeason = (d: string, slot: number, hemisphere: "north" | "south", offset: number, minute: number) =>
  seasonAt(new Date(dayMs(d) + slot * 4 * HOUR - offset * HOUR + minute * 60_000), hemisphere, d).name;

describe("season", () => {
  it("fits only where every visitor of the tier is shown one of the piece's seasons, never at a place unknown", () => {
    fc.assert(
      fc.property(seasonTags, date, slotIndex, tier, (tags, d, slot, t) => {
        const fits = fitsSeason(tags, whereFor({ date: d, slotIndex: slot, tier: t }));
        if (!tags.length || t === "unknown") {
          expect(fits).toBe(!tags.length);
          return;
        }
        // Visitors from UTC+14 to UTC−12, at the first and last minute of their slot, and the end of a
        // daylight-saving slot of five hours at UTC−12: the season changes at most once in between.
        const shown = [14, 5, 0, -7, -12].flatMap((offset) => [0, 239].map((minute) => shownSeason(d, slot, t, offset, minute)));
        shown.push(shownSeason(d, slot, t, -12, 300));
        expect(fits).toBe(shown.every((s) => tags.includes(s)));
      }),
      { numRuns: 300 },
    );
  });

  it("straddles an equinox with both seasons, so a spring-only piece waits for the whole slot to be spring", () => {
    // The March 2026 equinox is at 14:46 UTC on 20 March: that date's slots span winter and spring in the north.
    const where = whereFor({ date: "2026-03-20", slotIndex: 2, tier: "north" });
    expect(where.seasons).toEqual(["winter", "spring"]);
    expect(fitsSeason(["spring"], where)).toBe(false);
    expect(fitsSeason(["winter", "spring"], where)).toBe(true);
    expect(whereFor({ date: "2026-01-10", slotIndex: 0, tier: "south" }).seasons).toEqual(["summer"]);
  });
});

describe("slots", () => {
  it("fit exactly the listed slot start hours (slotIndex × 4)", () => {
    fc.assert(
      fc.property(slotTags, date, slotIndex, tier, (tags, d, slot, t) => {
        expect(fitsSlot(tags, whereFor({ date: d, slotIndex: slot, tier: t }))).toBe(!tags || tags.includes((slot * 4) as (typeof slotHours)[number]));
      }),
    );
  });
});

/** The event's dates, computed here from astronomy-engine as the brief states them (north's winter solstice is December's). */
function eventDates(event: NearEvent, year: number, hemisphere: "north" | "south"): string[] {
  if (event === "new-year") return [year - 1, year, year + 1].map((y) => `${y}-01-01`);
  const months = {
    "spring-equinox": "mar_equinox",
    "summer-solstice": "jun_solstice",
    "autumn-equinox": "sep_equinox",
    "winter-solstice": "dec_solstice",
  } as const;
  const south = {
    "spring-equinox": "sep_equinox",
    "summer-solstice": "dec_solstice",
    "autumn-equinox": "mar_equinox",
    "winter-solstice": "jun_solstice",
  } as const;
  const field = (hemisphere === "north" ? months : south)[event];
  return [year - 1, year, year + 1].map((y) => ymd(Seasons(y)[field].date.getTime()));
}

describe("near", () => {
  // Dates within two months of every event, so both sides of each window are exercised.
  const nearDate = fc
    .tuple(fc.integer({ min: 1950, max: 2150 }), fc.constantFrom("01-01", "03-20", "06-21", "09-22", "12-21"), fc.integer({ min: -60, max: 60 }))
    .map(([y, md, off]) => ymd(dayMs(`${y}-${md}`) + off * DAY));

  it("fits only within `days` of the event at the visitor's hemisphere; solstices and equinoxes never at a place unknown", () => {
    fc.assert(
      fc.property(
        near.filter((n) => n !== undefined),
        nearDate,
        slotIndex,
        tier,
        (n, d, slot, t) => {
          const fits = fitsNear(n, whereFor({ date: d, slotIndex: slot, tier: t }));
          if (t === "unknown" && n!.event !== "new-year") {
            expect(fits).toBe(false);
            return;
          }
          const hemisphere = t === "unknown" ? "north" : t; // only new-year reaches here for unknown
          const distance = Math.min(...eventDates(n!.event, Number(d.slice(0, 4)), hemisphere).map((e) => Math.abs(dayMs(d) - dayMs(e)) / DAY));
          expect(fits).toBe(distance <= n!.days);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("knows which solstice is whose", () => {
    const at = (d: string, t: Tier) => whereFor({ date: d, slotIndex: 0, tier: t });
    const winter = { event: "winter-solstice" as const, days: 3 };
    expect(fitsNear(winter, at("2026-12-18", "north"))).toBe(true); // solstice 2026-12-21 UTC
    expect(fitsNear(winter, at("2026-12-25", "north"))).toBe(false);
    expect(fitsNear(winter, at("2026-06-21", "south"))).toBe(true);
    expect(fitsNear(winter, at("2026-12-21", "south"))).toBe(false);
    expect(fitsNear(winter, at("2026-12-21", "unknown"))).toBe(false);
    expect(fitsNear({ event: "new-year", days: 5 }, at("2026-12-28", "unknown"))).toBe(true);
    expect(daysFromEvent("new-year", "2027-01-06", "south")).toBe(5);
  });
});

describe("placement through the rotation and the planner's candidates", async () => {
  const library = await loadRotationLibrary();
  // Real pieces with arbitrary tags, so the rules are tested against tags no writer has used yet.
  const retagged = fc
    .array(fc.record({ season: seasonTags, slots: slotTags, near }), { minLength: library.pieces.length, maxLength: library.pieces.length })
    .map((tags) =>
      library.pieces.map((p, i): Piece => {
        const t = tags[i]!;
        // Tag only one piece in four, or almost nothing could be placed anywhere.
        if (i % 4) return { ...p, season: [], slots: undefined, near: undefined };
        return { ...p, season: t.season, slots: t.slots, near: t.near };
      }),
    );
  const key = fc.record({ date, slotIndex, tier });

  it("the rotation never places an unfit piece (and refuses rather than bend the rule)", () => {
    fc.assert(
      fc.property(retagged, key, (pieces, k) => {
        const byPath = new Map<string, Tags>(pieces.map((p) => [p.path, p]));
        try {
          const { parts } = rotationFor({ key: k, pieces, secondsOf: (p) => p.declaredSeconds, history: emptyHistory() });
          expect(placementViolations(parts, whereFor(k), (path) => byPath.get(path))).toEqual([]);
        } catch (err) {
          expect(err).toBeInstanceOf(LibraryTooSmallError);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("the model is never offered an unfit piece, and an unfit choice is a violation", () => {
    fc.assert(
      fc.property(retagged, key, (pieces, k) => {
        const where = whereFor(k);
        const candidates = candidatesFor({ pieces } as never, emptyHistory(), (p) => p.declaredSeconds, where);
        for (const c of candidates) expect(fitsPlacement(c, where)).toBe(true);
        const unfit = pieces.find((p) => p.kind === "song" && !fitsPlacement(p, where));
        if (unfit) {
          const plan = { pieces: [unfit.path], name: "Two words", word: "A plain opening of a few words, long enough." };
          expect(planViolations(plan, [...candidates, unfit], emptyHistory(), (p) => p.declaredSeconds, [], where).join(" ")).toContain(unfit.path);
        }
      }),
      { numRuns: 40 },
    );
  });
});
