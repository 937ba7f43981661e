// What the rotation prefers among the pieces the rules allow (issue 18): the least recently heard, in this
// slot first (a visitor who comes at the same hour every day) and in the tier's whole day, and services of
// 22.5–30 minutes (a spoken service: any length the rules allow up to 30). Pure; weights are in days of
// freshness, so length and rest trade in one unit.
import type { Piece } from "../corpus/library.ts";
import { ANYWHERE_DAYS, LOOKBACK_DAYS, MIN_SECONDS, roleOf, type History } from "./rules.ts";

/** The length a guided service aims at: inside it a service loses nothing; outside it, LENGTH_WEIGHT per minute. */
export const TARGET_SECONDS = { low: 22.5 * 60, high: 30 * 60 } as const;
/**
 * Where a spoken service's target begins (a prayer and a blessing: planner/form.ts): at the shortest service
 * the rules allow, so it has no preference for length and takes its songs and chants by freshness alone.
 * Long songs are few; spent on spoken services, which stay short of the median whatever they hold, they
 * were missing from guided ones (measured over a year: every target above this lowered the median).
 */
export const SPOKEN_TARGET_LOW = MIN_SECONDS;
// Tuned with scripts/rotation-figures.ts over a year of the library (see test/unit/rotation-figures.test.ts).
/** Days of freshness one minute of length is worth while a service is shorter than the target. */
export const LENGTH_WEIGHT = 45;
/**
 * Days a piece should rest before this slot hears it again: songs 20 and chants 13 keep the median return
 * above 14 and 10 days with a margin. Until then each day of rest is worth STEEP; after it only REST_SLOPE,
 * so a rested long piece can win over a longer-rested short one. Readings and closings already wait 21 days
 * (docs/behaviour.md §4), so for them length decides.
 */
const REST = { song: 20, chant: 13, reading: 0, closing: 0 } as const;
const STEEP = 3;
const REST_SLOPE = 0.1;
/** The tier's whole day counts too (a visitor may come at other hours), up to ANYWHERE_DAYS. */
const ANYWHERE_WEIGHT = 0.3;

/**
 * How welcome a piece is here, in days: the longer since this slot heard it (a visitor's own memory) and,
 * less, since the tier heard it anywhere. Pieces with a narrow window (a dated event, a season, a few slots)
 * get a little extra so they are heard while they may be; a seeded jitter breaks ties.
 */
export function freshness(piece: Piece, history: History, jitter: number): number {
  const never = LOOKBACK_DAYS + 1;
  const inSlot = history.lastInSlot.get(piece.path) ?? never;
  const rest = REST[roleOf(piece.kind)!];
  const rested = STEEP * Math.min(inSlot, rest) + REST_SLOPE * Math.max(0, inSlot - rest);
  const anywhere = history.lastAnywhere.get(piece.path) ?? ANYWHERE_DAYS + 1;
  const scarce = (piece.near ? 3 : 0) + (piece.season.length ? 1 : 0) + (piece.slots ? 0.5 : 0);
  return rested + ANYWHERE_WEIGHT * anywhere + scarce + jitter;
}

/** Penalty for a length outside the target (from `low`: SPOKEN_TARGET_LOW for a spoken service), in the same days as freshness. */
export function lengthPenalty(seconds: number, low: number = TARGET_SECONDS.low): number {
  const short = Math.max(0, low - seconds);
  const long = Math.max(0, seconds - TARGET_SECONDS.high);
  return ((short + long) / 60) * LENGTH_WEIGHT;
}
