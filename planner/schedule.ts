// A stretch of the rotation computed ahead, in the order the server records it (date, then slot, then tier),
// and the figures that judge it: service length, and how soon a song or chant comes back to a visitor who
// attends the same slot every day. Used by `npm run schedule`, the rotation tests and scripts/rotation-figures.ts.
import type { Library } from "../corpus/library.ts";
import { Media } from "../corpus/media.ts";
import { openKeyValueStore } from "../storage/index.ts";
import { ServiceCalendar, TIERS, type ServiceRecord } from "./calendar.ts";
import { roleOf, type Role } from "./rules.ts";
import type { Tier } from "./time.ts";
import { addDays, isValidDate } from "./time.ts";
import { daysBetween } from "./season.ts";

/** A calendar over a fresh memory store: nothing is written anywhere, no model is asked. */
export function scratchCalendar(library: Library, media: Media = new Media("/nonexistent")): ServiceCalendar {
  return new ServiceCalendar(openKeyValueStore({ kind: "memory" }), library, media);
}

/** Record (through the server's own ServiceCalendar.ensure) every service of `days` dates from `from`. */
export async function scheduleRange(calendar: ServiceCalendar, from: string, days: number, tiers: readonly Tier[] = TIERS): Promise<ServiceRecord[]> {
  if (!isValidDate(from)) throw new RangeError(`scheduleRange: invalid date ${JSON.stringify(from)}`);
  const out: ServiceRecord[] = [];
  for (let d = 0; d < days; d++) {
    const date = addDays(from, d);
    for (let slotIndex = 0; slotIndex < 6; slotIndex++) for (const tier of tiers) out.push(await calendar.ensure({ date, slotIndex, tier }));
  }
  return out;
}

export const median = (values: number[]): number => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const serviceSeconds = (r: ServiceRecord): number => r.parts.reduce((s, p) => s + p.seconds, 0);

/**
 * Days between consecutive services of the same slot and tier that hold the same piece of a role: what a
 * visitor who comes at that hour every day experiences. One number per return.
 */
export function returnIntervals(records: ServiceRecord[], role: Role, tier?: Tier): number[] {
  const last = new Map<string, string>();
  const gaps: number[] = [];
  const ordered = records.filter((r) => !tier || r.tier === tier).sort((a, b) => a.date.localeCompare(b.date));
  for (const r of ordered) {
    for (const p of r.parts) {
      if (roleOf(p.kind) !== role) continue;
      const id = `${r.tier}|${r.slotIndex}|${p.path}`;
      const before = last.get(id);
      if (before) gaps.push(daysBetween(before, r.date));
      last.set(id, r.date);
    }
  }
  return gaps;
}

/** One tier's figures over a stretch (issue 26): how long its services run and how often they pray and bless. */
export interface TierFigures {
  services: number;
  medianMinutes: number;
  /** Share of readings that are prayers, and of closings that are blessings (0–1). */
  prayerShare: number;
  blessingShare: number;
}

/** The share of a role's parts that are of one kind, over some services. */
export function kindShare(records: ServiceRecord[], role: Role, kind: string): number {
  const parts = records.flatMap((r) => r.parts.filter((p) => roleOf(p.kind) === role));
  return parts.length ? parts.filter((p) => p.kind === kind).length / parts.length : 0;
}

export function tierFigures(records: ServiceRecord[]): Partial<Record<Tier, TierFigures>> {
  const tiers = [...new Set(records.map((r) => r.tier))];
  return Object.fromEntries(
    tiers.map((tier) => {
      const own = records.filter((r) => r.tier === tier);
      return [
        tier,
        {
          services: own.length,
          medianMinutes: Math.round(median(own.map(serviceSeconds)) / 6) / 10,
          prayerShare: Math.round(kindShare(own, "reading", "prayer") * 1000) / 1000,
          blessingShare: Math.round(kindShare(own, "closing", "blessing") * 1000) / 1000,
        },
      ];
    }),
  );
}

export interface Figures {
  services: number;
  medianMinutes: number;
  shortestMinutes: number;
  longestMinutes: number;
  /** Median days before the same song (chant) returns to the same slot, per tier. */
  songReturnDays: Partial<Record<Tier, number>>;
  chantReturnDays: Partial<Record<Tier, number>>;
  tiers: Partial<Record<Tier, TierFigures>>;
}

export function figuresOf(records: ServiceRecord[]): Figures {
  const minutes = records.map((r) => serviceSeconds(r) / 60);
  const tiers = [...new Set(records.map((r) => r.tier))];
  const per = (role: Role) => Object.fromEntries(tiers.map((t) => [t, median(returnIntervals(records, role, t))]));
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    services: records.length,
    medianMinutes: round(median(minutes)),
    shortestMinutes: round(Math.min(...minutes)),
    longestMinutes: round(Math.max(...minutes)),
    songReturnDays: per("song"),
    chantReturnDays: per("chant"),
    tiers: tierFigures(records),
  };
}
