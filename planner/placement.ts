// Placement rules (docs/behaviour.md §5; corpus/WRITING.md): where a piece's `season`, `slots` and `near`
// tags allow it. Pure and never relaxed: the rotation places nothing that breaks them, and the planner's
// model is never offered such a piece. They join the structural and novelty rules of rules.ts.
import type { NearEvent } from "../corpus/schema.ts";
import type { PlannedPart } from "./rules.ts";
import type { Tier } from "./time.ts";
import { daysBetween, seasonNameAt, solarEventDate, type SeasonName } from "./season.ts";
import { slotFirstBegins } from "./time.ts";

/** What the placement rules look at for one service. */
export interface Where {
  date: string;
  slotIndex: number;
  tier: Tier;
  /**
   * Every season a visitor of the tier can be shown (`service.season.name`) while this slot runs anywhere:
   * one, or two when an equinox or solstice falls inside the slot's 31 hours; none for a place unknown.
   */
  seasons: readonly SeasonName[];
}

/** A piece's placement tags, as the library loads them (omitted = anywhere). */
export interface Tags {
  season: readonly string[];
  slots?: readonly number[];
  near?: { event: NearEvent; days: number };
}

// A (date, slot) starts first at UTC+14 and ends last at UTC−12: 26 hours later plus the slot itself,
// which lasts up to 5 hours on a daylight-saving day. Checking both ends covers every visitor's instant,
// because seasons change only every three months.
const SLOT_SPAN_MS = 31 * 3600_000;

export function whereFor(key: { date: string; slotIndex: number; tier: Tier }): Where {
  const { date, slotIndex, tier } = key;
  if (tier === "unknown") return { date, slotIndex, tier, seasons: [] };
  const start = slotFirstBegins(date, slotIndex);
  const first = seasonNameAt(start, tier);
  const last = seasonNameAt(new Date(start.getTime() + SLOT_SPAN_MS), tier);
  return { date, slotIndex, tier, seasons: first === last ? [first] : [first, last] };
}

// Solstices and equinoxes are named as the hemisphere says them (the south's winter solstice is in June).
const EVENT_SEASON: Record<Exclude<NearEvent, "new-year">, SeasonName> = {
  "winter-solstice": "winter",
  "summer-solstice": "summer",
  "spring-equinox": "spring",
  "autumn-equinox": "autumn",
};

/**
 * Whole days from `date` to the nearest occurrence of the event at the tier. Solstices and equinoxes are
 * dated by their UTC date, as `season.next.date` shows them; new-year is 1 January. Null where the event
 * has no date: a solstice or equinox at a place unknown.
 */
export function daysFromEvent(event: NearEvent, date: string, tier: Tier): number | null {
  if (event !== "new-year" && tier === "unknown") return null;
  const id = `${event}|${date}|${tier}`;
  let days = eventDays.get(id);
  if (days === undefined) {
    if (eventDays.size > 4096) eventDays.clear(); // bounded: asked for every tagged piece of every service
    eventDays.set(id, (days = nearestEvent(event, date, tier)));
  }
  return days;
}

const eventDays = new Map<string, number>();

function nearestEvent(event: NearEvent, date: string, tier: Tier): number {
  const year = Number(date.slice(0, 4));
  let nearest = Infinity;
  for (const y of [year - 1, year, year + 1]) {
    const on = event === "new-year" ? `${String(y).padStart(4, "0")}-01-01` : solarEventDate(y, EVENT_SEASON[event], tier as "north" | "south");
    nearest = Math.min(nearest, Math.abs(daysBetween(date, on)));
  }
  return nearest;
}

/** `season`: only when every season the slot can show is one of the piece's; never at a place unknown. */
export function fitsSeason(season: readonly string[], where: Where): boolean {
  return !season.length || (where.seasons.length > 0 && where.seasons.every((s) => season.includes(s)));
}

/** `slots`: only in the listed slots (slot start hours, slotIndex × 4). */
export function fitsSlot(slots: readonly number[] | undefined, where: Where): boolean {
  return !slots || slots.includes(where.slotIndex * 4);
}

/** `near`: only within `days` of the event (solstices and equinoxes never at a place unknown). */
export function fitsNear(near: Tags["near"], where: Where): boolean {
  if (!near) return true;
  const days = daysFromEvent(near.event, where.date, where.tier);
  return days !== null && days <= near.days;
}

export function fitsPlacement(tags: Tags, where: Where): boolean {
  return fitsSeason(tags.season, where) && fitsSlot(tags.slots, where) && fitsNear(tags.near, where);
}

/** Why a piece may not stand here, in words (empty when it may). */
export function placementProblems(path: string, tags: Tags, where: Where): string[] {
  const problems: string[] = [];
  if (!fitsSeason(tags.season, where))
    problems.push(`${path} belongs to ${tags.season.join(" and ")}, not ${where.seasons.join("/") || "a place with no season"}`);
  if (!fitsSlot(tags.slots, where)) problems.push(`${path} fits the slots starting at ${tags.slots!.join(", ")}:00, not ${where.slotIndex * 4}:00`);
  if (!fitsNear(tags.near, where)) problems.push(`${path} belongs within ${tags.near!.days} days of the ${tags.near!.event}`);
  return problems;
}

/** Every placement rule a service breaks (empty when it holds). A path without tags fits anywhere. */
export function placementViolations(parts: PlannedPart[], where: Where, tagsOf: (path: string) => Tags | undefined): string[] {
  return parts.flatMap((p) => {
    const tags = tagsOf(p.path);
    return tags ? placementProblems(p.path, tags, where) : [];
  });
}
