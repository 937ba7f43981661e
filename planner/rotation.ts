// The rotation: a deterministic service for (date, slot, tier) drawn from the library under every rule.
// Used whenever no plan was made (spec §1.8). Same inputs, same service.
import { createHash } from "node:crypto";
import type { Piece } from "../corpus/library.ts";
import {
  MAX_SECONDS,
  MIN_SECONDS,
  RELAXATIONS,
  allowedByNovelty,
  roleOf,
  structuralViolations,
  type History,
  type PlannedPart,
  type Relaxation,
  type Role,
  type Tier,
} from "./rules.ts";

export interface ServiceKey {
  date: string;
  slotIndex: number;
  tier: Tier;
}

export interface RotationResult {
  parts: PlannedPart[];
  /** The loosened rules, in words; empty when every rule held. */
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

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
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

export interface RotationInput {
  key: ServiceKey;
  pieces: Piece[];
  secondsOf: (piece: Piece) => number;
  history: History;
  /** The tier's season now, so seasonal pieces come first in their season (and wait in others). */
  season?: string | null;
}

function tryLevel(input: RotationInput, level: Relaxation, random: () => number): PlannedPart[] | null {
  const { pieces, secondsOf, history, season } = input;
  const pool = new Map<Role, PlannedPart[]>();
  // In-season pieces first, then timeless ones, then other seasons'; a place unknown prefers the timeless.
  const seasonRank = (p: Piece) => (!p.season.length ? (season ? 1 : 0) : season && p.season.includes(season) ? 0 : 2);
  for (const piece of shuffled(pieces, random)) {
    const role = roleOf(piece.kind);
    if (!role || !allowedByNovelty(piece.path, role, history, level)) continue;
    (pool.get(role) ?? pool.set(role, []).get(role)!).push({ path: piece.path, kind: piece.kind, seconds: secondsOf(piece), rank: seasonRank(piece) } as PlannedPart & { rank: number });
  }
  for (const list of pool.values()) list.sort((a, b) => (a as PlannedPart & { rank: number }).rank - (b as PlannedPart & { rank: number }).rank);

  for (const template of shuffled(TEMPLATES, random)) {
    const lists = template.map((role) => pool.get(role) ?? []);
    if (lists.some((l) => !l.length)) continue;
    // A few seeded draws, leaning toward the front of each list (in-season pieces first).
    for (let attempt = 0; attempt < 40; attempt++) {
      const used = new Set<string>();
      const parts: PlannedPart[] = [];
      for (const list of lists) {
        const spread = Math.min(list.length, 4 + attempt);
        let pick = list[Math.floor(random() * spread)];
        for (let k = 0; used.has(pick.path) && k < list.length; k++) pick = list[(list.indexOf(pick) + 1) % list.length];
        if (used.has(pick.path)) break;
        used.add(pick.path);
        parts.push({ path: pick.path, kind: pick.kind, seconds: pick.seconds });
      }
      const total = parts.reduce((s, p) => s + p.seconds, 0);
      if (parts.length === template.length && total >= MIN_SECONDS && total <= MAX_SECONDS) return parts;
    }
  }
  return null;
}

/** Build the rotation service for a key. Throws LibraryTooSmallError only when no structure can be met at all. */
export function rotationFor(input: RotationInput): RotationResult {
  const seed = `${input.key.date}|${input.key.slotIndex}|${input.key.tier}`;
  for (const level of [0, 1, 2, 3, 4] as Relaxation[]) {
    const parts = tryLevel(input, level, seededRandom(`${seed}|${level}`));
    if (parts) {
      if (structuralViolations(parts).length) throw new Error(`rotation broke a structural rule: ${structuralViolations(parts).join("; ")}`);
      return { parts, relaxed: RELAXATIONS.slice(1, level + 1) as string[] };
    }
  }
  throw new LibraryTooSmallError("The library cannot fill a 15-minute service under the structural rules.");
}
