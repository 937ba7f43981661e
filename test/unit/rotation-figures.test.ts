// The rotation over a year and over 60-day windows from random starts, all three tiers: every rule holds
// with zero relaxations, services are full (median ≥ 22 minutes), and a visitor who comes at the same hour
// every day meets the same song after a median of 14 days or more and the same chant after 10 or more, in
// every season and tier (issue 18); in every tier a third of readings or more are prayers and a third of
// closings or more are blessings, and the tier's median service is 22 minutes or more (issue 26). Run on a library of the corpus issue's size; smaller ones skip this file.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { ServiceRecord } from "../../planner/calendar.ts";
import { whereFor } from "../../planner/placement.ts";
import type { Role } from "../../planner/rules.ts";
import { TIERS } from "../../planner/calendar.ts";
import { median, returnIntervals, scheduleRange, scratchCalendar, serviceSeconds } from "../../planner/schedule.ts";
import { fullSized, loadRotationLibrary, ruleViolations } from "../helpers/rotation-library.ts";

const library = await loadRotationLibrary();
const RETURN_DAYS: Partial<Record<Role, number>> = { song: 14, chant: 10 };
const MEDIAN_MINUTES = 22;

/** Run a stretch and check it: the rules for every service, then the figures. */
async function stretch(from: string, days: number) {
  const calendar = scratchCalendar(library);
  const records = await scheduleRange(calendar, from, days);
  const problems = (await Promise.all(records.map((r) => ruleViolations(calendar, library, r)))).flat();
  return { from, records, problems };
}

/** Median return per group (tier, or tier and season), as `group → days`. */
function returns(records: ServiceRecord[], role: Role, groupOf: (r: ServiceRecord) => string): Record<string, number> {
  const groups = new Map<string, ServiceRecord[]>();
  for (const r of records) (groups.get(groupOf(r)) ?? groups.set(groupOf(r), []).get(groupOf(r))!).push(r);
  return Object.fromEntries([...groups].map(([g, rs]) => [g, median(returnIntervals(rs, role))]));
}

const atLeast = (figures: Record<string, number>, floor: number) => Object.fromEntries(Object.entries(figures).filter(([, v]) => !(v >= floor)));

describe.runIf(fullSized(library))("a year of the rotation (2027, 6 slots × 3 tiers)", () => {
  let year: Awaited<ReturnType<typeof stretch>>;
  beforeAll(async () => {
    year = await stretch("2027-01-01", 365);
  }, 180_000);

  it("keeps every structural, novelty and placement rule with zero relaxations", () => {
    expect(year.records).toHaveLength(365 * 18);
    expect(year.problems.slice(0, 20)).toEqual([]);
  });

  it(`has a median service of ${MEDIAN_MINUTES} minutes or more, none outside 15–40`, () => {
    const minutes = year.records.map((r) => serviceSeconds(r) / 60);
    expect(Math.min(...minutes)).toBeGreaterThanOrEqual(15);
    expect(Math.max(...minutes)).toBeLessThanOrEqual(40);
    // The library's lengths set the ceiling here; scripts/rotation-figures.ts shows where the minutes come from.
    expect(median(minutes), "median minutes").toBeGreaterThanOrEqual(MEDIAN_MINUTES);
  });

  it("prays in a third of readings or more and blesses in a third of closings or more, median 22 minutes or more, in every tier (issue 26)", () => {
    const short: string[] = [];
    for (const tier of TIERS) {
      const own = year.records.filter((r) => r.tier === tier);
      const parts = own.flatMap((r) => r.parts);
      const prayers = parts.filter((p) => p.kind === "prayer").length;
      const practices = parts.filter((p) => p.kind === "practice").length;
      const blessings = parts.filter((p) => p.kind === "blessing").length;
      const rituals = parts.filter((p) => p.kind === "ritual").length;
      // Counts, not ratios: a third exactly passes without a rounding error deciding it.
      if (prayers * 3 < prayers + practices) short.push(`${tier}: ${prayers} prayers of ${prayers + practices} readings`);
      if (blessings * 3 < blessings + rituals) short.push(`${tier}: ${blessings} blessings of ${blessings + rituals} closings`);
      const minutes = median(own.map((r) => serviceSeconds(r) / 60));
      if (!(minutes >= MEDIAN_MINUTES)) short.push(`${tier}: median ${minutes.toFixed(2)} minutes`);
    }
    expect(short).toEqual([]);
  });

  it("brings a song (chant) back to the same slot after a median of 14 (10) days or more, in every season and tier", () => {
    // A place unknown has no season: its year is split by the north's seasons, which are the same quarters.
    const seasonOf = (r: ServiceRecord) => `${r.tier} ${whereFor({ ...r, tier: r.tier === "unknown" ? "north" : r.tier }).seasons[0]}`;
    for (const [role, floor] of Object.entries(RETURN_DAYS) as Array<[Role, number]>) {
      const bySeason = returns(year.records, role, seasonOf);
      expect(Object.keys(bySeason)).toHaveLength(12);
      expect(atLeast(bySeason, floor), `${role} returns below ${floor} days`).toEqual({});
    }
  });
});

describe.runIf(fullSized(library))("60-day windows from random starts (6 slots × 3 tiers)", () => {
  const starts = fc
    .sample(fc.date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2032-12-31T00:00:00Z"), noInvalidDate: true }), 2)
    .map((d) => d.toISOString().slice(0, 10));
  let windows: Array<Awaited<ReturnType<typeof stretch>>>;
  beforeAll(async () => {
    windows = [];
    for (const from of starts) windows.push(await stretch(from, 60));
  }, 120_000);

  it("keep every rule with zero relaxations", () => {
    for (const w of windows) expect(w.problems.slice(0, 20), `from ${w.from}`).toEqual([]);
  });

  it(`have a median service of ${MEDIAN_MINUTES} minutes or more`, () => {
    for (const w of windows) expect(median(w.records.map((r) => serviceSeconds(r) / 60)), `from ${w.from}`).toBeGreaterThanOrEqual(MEDIAN_MINUTES);
  });

  it("bring songs and chants back to a slot no sooner than their median in each tier", () => {
    for (const w of windows) {
      for (const [role, floor] of Object.entries(RETURN_DAYS) as Array<[Role, number]>) {
        expect(
          atLeast(
            returns(w.records, role, (r) => r.tier),
            floor,
          ),
          `${role} from ${w.from}`,
        ).toEqual({});
      }
    }
  });
});
