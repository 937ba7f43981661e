// The service rules (docs/behaviour.md §3–4) as pure functions over parts and history.
// The rotation builds services with them and the planner checks a model's arrangement with them.
import type { Kind } from "../corpus/schema.ts";

export type Role = "song" | "chant" | "reading" | "closing";

export const MIN_SECONDS = 15 * 60;
export const MAX_SECONDS = 40 * 60;
/** Readings and closings may not return to the same slot within this many days. */
export const READING_WINDOW_DAYS = 21;
/** How far back the rotation looks for when this slot last heard each piece (its least-recently-used preference). */
export const LOOKBACK_DAYS = 42;
/** How far back it looks for when the tier last heard each piece in any slot (a weaker preference). */
export const ANYWHERE_DAYS = 14;

export function roleOf(kind: Kind): Role | null {
  switch (kind) {
    case "song":
      return "song";
    case "chant":
      return "chant";
    case "prayer":
    case "practice":
      return "reading";
    case "ritual":
    case "blessing":
      return "closing";
    default:
      return null;
  }
}

export interface PlannedPart {
  path: string;
  kind: Kind;
  seconds: number;
}

/** Every structural rule a service breaks (empty when it holds). */
export function structuralViolations(parts: PlannedPart[]): string[] {
  const problems: string[] = [];
  const roles = parts.map((p) => roleOf(p.kind));
  const count = (r: Role) => roles.filter((x) => x === r).length;
  if (roles.includes(null)) problems.push("only songs, chants, prayers, practices, rituals and blessings belong in a service");
  if (count("song") < 1 || count("song") > 2) problems.push("a service holds one or two songs");
  if (count("chant") < 1 || count("chant") > 2) problems.push("a service holds one or two chants");
  if (count("reading") !== 1) problems.push("a service holds exactly one reading (a prayer or a practice)");
  if (count("closing") !== 1) problems.push("a service holds exactly one closing (a ritual or a blessing)");
  if (roles.length && roles[0] !== "song" && roles[0] !== "chant") problems.push("a service opens with a chant or a song");
  if (roles.length && roles[roles.length - 1] !== "closing") problems.push("a service ends with its closing");
  for (let i = 1; i < roles.length; i++) {
    if (roles[i] === "song" && roles[i - 1] === "song") {
      problems.push("two songs never stand side by side");
      break;
    }
  }
  if (new Set(parts.map((p) => p.path)).size !== parts.length) problems.push("a piece appears only once in a service");
  const total = parts.reduce((s, p) => s + p.seconds, 0);
  if (total < MIN_SECONDS || total > MAX_SECONDS) problems.push(`a service runs 15 to 40 minutes (this one runs ${Math.round(total / 60)})`);
  return problems;
}

/** What the recorded history forbids for one (date, slot, tier). */
export interface History {
  /** Pieces held by the date's other slots (same tier). */
  sameDate: Set<string>;
  /** Songs and chants held by any slot of the day before. */
  yesterday: Set<string>;
  /** Readings and closings this slot held on each of the previous days, nearest first (index 0 = yesterday). */
  sameSlotDaysAgo: Array<Set<string>>;
  /** Days since each piece last held this slot (1 = yesterday), within LOOKBACK_DAYS; absent = not in that time. */
  lastInSlot: Map<string, number>;
  /** Days since each piece last held any slot of the tier (0 = another slot of this date), within ANYWHERE_DAYS. */
  lastAnywhere: Map<string, number>;
  /** Other slots of this date with nothing recorded yet: songs and chants are kept back for them. */
  openSlots: number;
}

export const emptyHistory = (): History => ({
  sameDate: new Set(),
  yesterday: new Set(),
  sameSlotDaysAgo: [],
  lastInSlot: new Map(),
  lastAnywhere: new Map(),
  openSlots: 0,
});

/**
 * How far the novelty rules are loosened, in the documented order, when a small library cannot satisfy them:
 * 0 all rules · 1 the reading/closing window shrinks to 7 days · 2 yesterday's songs and chants may return ·
 * 3 the reading/closing window is dropped · 4 pieces of the date's other slots may return.
 * Structural rules are never loosened.
 */
export type Relaxation = 0 | 1 | 2 | 3 | 4;
export const RELAXATIONS: readonly string[] = [
  "none",
  "readings and closings may return to this slot after 7 days instead of 21",
  "yesterday's songs and chants may return",
  "readings and closings may return to this slot at any time",
  "pieces held by the date's other slots may return",
];

/** Whether one piece is allowed in this slot under the novelty rules at a relaxation level. */
export function allowedByNovelty(path: string, role: Role, history: History, level: Relaxation = 0): boolean {
  return noveltyFilter(history, level)(path, role);
}

/** allowedByNovelty for a whole library at once: the reading/closing window's days are joined a single time. */
export function noveltyFilter(history: History, level: Relaxation = 0): (path: string, role: Role) => boolean {
  const days = level === 0 ? READING_WINDOW_DAYS : level < 3 ? 7 : 0;
  const readLately = new Set(history.sameSlotDaysAgo.slice(0, days).flatMap((held) => [...held]));
  return (path, role) => {
    if (level < 4 && history.sameDate.has(path)) return false;
    if ((role === "song" || role === "chant") && level < 2 && history.yesterday.has(path)) return false;
    return !((role === "reading" || role === "closing") && readLately.has(path));
  };
}

/** Every novelty rule a service breaks (empty when it holds). */
export function noveltyViolations(parts: PlannedPart[], history: History): string[] {
  const problems: string[] = [];
  for (const p of parts) {
    const role = roleOf(p.kind);
    if (!role) continue;
    if (history.sameDate.has(p.path)) problems.push(`${p.path} is already in another slot of this date`);
    else if ((role === "song" || role === "chant") && history.yesterday.has(p.path)) problems.push(`${p.path} was sung yesterday`);
    else if ((role === "reading" || role === "closing") && !allowedByNovelty(p.path, role, history))
      problems.push(`${p.path} was read in this slot within the last ${READING_WINDOW_DAYS} days`);
  }
  return problems;
}
