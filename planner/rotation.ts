// The rotation: a deterministic service for (date, slot, tier) drawn from the library under every rule.
// Used whenever no plan was made (docs/behaviour.md §6). Same inputs, same service.
// Placement is a filter that is never loosened. Among what the rules allow it prefers the pieces this slot
// (then the tier's whole day) heard least recently, so a visitor who comes at the same hour every day meets
// the same song rarely, and services of 22.5–30 minutes (issue 18: fuller services, spec 15–40 still holds).
// Two services in six are spoken, a prayer and a blessing (planner/form.ts, issue 26).
import { createHash } from "node:crypto";
import { z } from "zod";
import type { Piece } from "../corpus/library.ts";
import { fitsForm, formOf, type Form } from "./form.ts";
import { LENGTH_WEIGHT, SPOKEN_TARGET_LOW, TARGET_SECONDS, freshness, lengthPenalty } from "./freshness.ts";
import { fitsPlacement, whereFor, type Where } from "./placement.ts";
import {
  MAX_SECONDS,
  MIN_SECONDS,
  RELAXATIONS,
  emptyHistory,
  noveltyFilter,
  roleOf,
  structuralViolations,
  type History,
  type PlannedPart,
  type Relaxation,
  type Role,
} from "./rules.ts";
import type { Tier } from "./time.ts";

export interface ServiceKey {
  date: string;
  slotIndex: number;
  tier: Tier;
}

/** A service key as stored in a record or a plan log (checked where those are read). */
export const ServiceKey = z.object({
  date: z.string(),
  slotIndex: z.number(),
  tier: z.enum(["north", "south", "unknown"] as const satisfies readonly Tier[]),
}) satisfies z.ZodType<ServiceKey>;

export interface RotationResult {
  parts: PlannedPart[];
  /** The loosened novelty rules, in words; empty when every rule held. */
  relaxed: string[];
}

export class LibraryTooSmallError extends Error {}

/** Small, fast, seedable PRNG (mulberry32) so a key always yields the same service. */
function seededRandom(seed: string): () => number {
  let a = createHash("sha256").update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every order of roles the structure allows: 1–2 songs, 1–2 chants, one reading, the closing last. */
export const TEMPLATES: Role[][] = (() => {
  const out = new Map<string, Role[]>();
  const permute = (rest: Role[], acc: Role[]) => {
    if (!rest.length) {
      const order = [...acc, "closing" as Role];
      if ((order[0] === "song" || order[0] === "chant") && !order.some((r, i) => r === "song" && order[i - 1] === "song")) out.set(order.join(","), order);
      return;
    }
    rest.forEach((r, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...acc, r]));
  };
  for (const songs of [1, 2]) for (const chants of [1, 2]) permute([...Array(songs).fill("song"), ...Array(chants).fill("chant"), "reading"], []);
  return [...out.values()];
})();

/** How many of each role's freshest pieces are combined (twice: by freshness, then with length counted); more finds nothing better. */
const TOP = 4;
/** Songs (chants) kept back per open slot of the date before a service takes two: a day that takes at most
 * half of what it may use leaves the next day as much (yesterday's songs and chants may not return). */
const KEEP_BACK = 2;

type Candidate = PlannedPart & { value: number };

/** A group of pieces chosen together, with their summed freshness and length. */
interface Pick {
  parts: Candidate[];
  value: number;
  seconds: number;
}

/** Each way to take one (or one or two, with `two`) of a list. */
function choices(list: Candidate[], two: boolean): Pick[] {
  const out: Pick[] = [];
  for (let i = 0; i < list.length; i++) {
    out.push({ parts: [list[i]], value: list[i].value, seconds: list[i].seconds });
    if (two)
      for (let j = i + 1; j < list.length; j++)
        out.push({ parts: [list[i], list[j]], value: list[i].value + list[j].value, seconds: list[i].seconds + list[j].seconds });
  }
  return out;
}

/**
 * Every pairing of two groups, keeping only the freshest per 10 seconds of length: the length penalty
 * hardly changes within 10 seconds, and it keeps the search to a few thousand steps per service.
 */
function combine(a: Pick[], b: Pick[]): Pick[] {
  // The best pair per bucket, in flat typed arrays: this runs thousands of times per service.
  const buckets = Math.floor((MAX_SECONDS + 1) / 10) + 1;
  const bestValue = new Float64Array(buckets).fill(-Infinity);
  const bestPair = new Int32Array(buckets).fill(-1);
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      const seconds = a[i].seconds + b[j].seconds;
      if (seconds > MAX_SECONDS) continue;
      const bucket = Math.floor(seconds / 10);
      const value = a[i].value + b[j].value;
      if (value > bestValue[bucket]) [bestValue[bucket], bestPair[bucket]] = [value, i * b.length + j];
    }
  }
  const out: Pick[] = [];
  for (const n of bestPair) {
    if (n < 0) continue;
    const [x, y] = [a[Math.floor(n / b.length)], b[n % b.length]];
    out.push({ parts: [...x.parts, ...y.parts], value: x.value + y.value, seconds: x.seconds + y.seconds });
  }
  return out;
}

/** The TOP highest of a list by a score, best first (a scan, not a sort: lists run to a hundred pieces). */
function highest(list: Candidate[], score: (c: Candidate) => number): Candidate[] {
  const best: Array<[number, Candidate]> = [];
  for (const c of list) {
    const v = score(c);
    if (best.length === TOP && v <= best[TOP - 1]![0]) continue;
    let i = best.length;
    while (i > 0 && best[i - 1]![0] < v) i--;
    best.splice(i, 0, [v, c]);
    if (best.length > TOP) best.pop();
  }
  return best.map(([, c]) => c);
}

export interface RotationInput {
  key: ServiceKey;
  pieces: Piece[];
  secondsOf: (piece: Piece) => number;
  history: History;
  /** Where the service stands (seasons, slot, date) for the placement rules; whereFor(key) when omitted. */
  where?: Where;
}

/** The service's form and where its length target begins; null: any kind of reading and closing, the full target. */
interface Shape {
  form: Form;
  low: number;
  /** Also weigh the TOP longest of each role whatever their freshness: a spoken service that found no 15 minutes among the usual candidates. */
  longest?: boolean;
}

function tryLevel(
  input: RotationInput,
  placed: Piece[],
  level: Relaxation,
  keepBack: boolean,
  shape: Shape | null,
  random: () => number,
): PlannedPart[] | null {
  const byRole = new Map<Role, Candidate[]>();
  const allowed = noveltyFilter(input.history, level);
  for (const piece of placed) {
    const role = roleOf(piece.kind)!;
    if (!allowed(piece.path, role) || (shape && !fitsForm(shape.form, role, piece.kind))) continue;
    const value = freshness(piece, input.history, random());
    (byRole.get(role) ?? byRole.set(role, []).get(role)!).push({ path: piece.path, kind: piece.kind, seconds: input.secondsOf(piece), value });
  }
  // The freshest TOP, and the freshest TOP once length counts too (more finds nothing better): otherwise,
  // once the long pieces have been used, the freshest would all be short and nothing might reach the target.
  const top = (role: Role) => {
    const list = byRole.get(role) ?? [];
    const longest = shape?.longest ? highest(list, (c) => c.seconds) : [];
    return [...new Set([...highest(list, (c) => c.value), ...highest(list, (c) => c.value + (c.seconds / 60) * LENGTH_WEIGHT), ...longest])];
  };
  // Two songs (or chants) only while enough are left for the date's open slots: a small library then gives
  // some services one of each rather than leaving a later slot nothing the novelty rules allow. A preference:
  // when no service of one song can be made, two are taken before any novelty rule is loosened.
  const two = (role: Role) => !keepBack || (byRole.get(role)?.length ?? 0) >= 2 + KEEP_BACK * input.history.openSlots;
  const music = combine(choices(top("song"), two("song")), choices(top("chant"), two("chant")));
  const spoken = combine(choices(top("reading"), false), choices(top("closing"), false));
  let best: Pick | null = null;
  let bestScore = -Infinity;
  for (const m of music) {
    for (const s of spoken) {
      const seconds = m.seconds + s.seconds;
      if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) continue;
      const score = m.value + s.value - lengthPenalty(seconds, shape?.low);
      if (score > bestScore) [best, bestScore] = [{ parts: [...m.parts, ...s.parts], value: m.value + s.value, seconds }, score];
    }
  }
  return best
    ? arranged(
        best.parts.map(({ path, kind, seconds }) => ({ path, kind, seconds })),
        random,
      )
    : null;
}

/** Put the chosen pieces into one of the templates their counts allow (seeded), the closing last. */
function arranged(parts: PlannedPart[], random: () => number): PlannedPart[] {
  const count = (role: Role) => parts.filter((p) => roleOf(p.kind) === role).length;
  const fitting = TEMPLATES.filter((t) => t.filter((r) => r === "song").length === count("song") && t.filter((r) => r === "chant").length === count("chant"));
  const template = fitting[Math.floor(random() * fitting.length)]!;
  const queue = (role: Role) => {
    const q = parts.filter((p) => roleOf(p.kind) === role);
    return q.length === 2 && random() < 0.5 ? q.reverse() : q;
  };
  const queues = new Map((["song", "chant", "reading", "closing"] as Role[]).map((role) => [role, queue(role)]));
  return template.map((role) => queues.get(role)!.shift()!);
}

/** Build the rotation service for a key. Throws LibraryTooSmallError only when no structure can be met at all. */
export function rotationFor(input: RotationInput): RotationResult {
  const seed = `${input.key.date}|${input.key.slotIndex}|${input.key.tier}`;
  const where = input.where ?? whereFor(input.key);
  // Placement first and for good: the novelty levels below never bring back a piece that does not fit here.
  const placed = input.pieces.filter((p) => roleOf(p.kind) && fitsPlacement(p, where));
  const form = formOf(input.key);
  const shape: Shape = { form, low: form === "spoken" ? SPOKEN_TARGET_LOW : TARGET_SECONDS.low };
  // The form is a preference of the rotation, not a rule: when no prayer and blessing reach 15 minutes among
  // the usual candidates, the longest pieces are weighed too (a year of 2027 had one such service), and only
  // when that fails are any reading and closing taken, still before a single novelty rule is loosened.
  const attempt = (level: Relaxation, s: Shape | null, tag: string) =>
    tryLevel(input, placed, level, true, s, seededRandom(`${seed}|${level}${tag}`)) ??
    tryLevel(input, placed, level, false, s, seededRandom(`${seed}|${level}${tag}|2`));
  for (const level of [0, 1, 2, 3, 4] as Relaxation[]) {
    const parts =
      attempt(level, shape, "") ?? (form === "spoken" ? (attempt(level, { ...shape, longest: true }, "|long") ?? attempt(level, null, "|any")) : null);
    if (parts) {
      if (structuralViolations(parts).length) throw new Error(`rotation broke a structural rule: ${structuralViolations(parts).join("; ")}`);
      return { parts, relaxed: RELAXATIONS.slice(1, level + 1) as string[] };
    }
  }
  throw new LibraryTooSmallError("The library cannot fill a 15-minute service here under the structural and placement rules.");
}

/**
 * Whether the library can fill every slot of `date` for a place unknown, with nothing heard before: the least a
 * library must do to serve at all. Throws LibraryTooSmallError as the rotation does, so a start can refuse a folder
 * that would otherwise answer every `now` with a failure.
 */
export function checkLibraryFillsADay(pieces: Piece[], secondsOf: (piece: Piece) => number, date: string): void {
  // Six slots of four hours (planner/time.ts): two of them spoken, which asks the most of a small library.
  for (let slotIndex = 0; slotIndex < 6; slotIndex++) rotationFor({ key: { date, slotIndex, tier: "unknown" }, pieces, secondsOf, history: emptyHistory() });
}
