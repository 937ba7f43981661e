// The library's reflexes (issue #37): words and openings every writer reaches for until they stop meaning
// anything. Each has a library-wide cap and a budget per kind; a summary shape may not stand in more than a
// third of a kind's tldrs. Pure: pieces in, counts and problems out. Counted over a piece's whole body
// (the listeners' text and any version for agents), marked lines and comments left out; guides count as "doc".
import type { CheckPiece } from "./check-piece.ts";
import { opensWithBless } from "./check-formulas.ts";
import { withoutSilences } from "./silence.ts";

/** A sentence, line or quoted line opening on `words` (after any list marker or number, emphasis or quote mark). */
const opening = (words: string) => new RegExp(`(?:^|[.!?…]["”’)*_]*\\s+|\\n)[\\s>*_#-]*(?:\\d+[.)]\\s+)?["“‘(*_]*(?:${words})(?![\\w’'-])`);

export interface Reflex {
  name: string;
  /** the most pieces in the library that may carry it */
  cap: number;
  /** kinds it is counted in ("all" = every piece and guide) */
  kinds: string[] | "all";
  /** the most pieces of each kind that may carry it (kinds not named: no budget of their own) */
  budget: Record<string, number>;
  test: (p: CheckPiece) => boolean;
}

const textOf = (p: CheckPiece) => withoutSilences(p.text).replace(/<!--[\s\S]*?-->/g, " ");

export const reflexes: Reflex[] = [
  {
    name: "breath/breathe",
    cap: 60,
    kinds: "all",
    budget: { practice: 18, ritual: 12, song: 8, chant: 7, prayer: 5, blessing: 3, philosophy: 4, hymn: 1, doc: 2 },
    test: (p) => /\bbreath(?:e|es|ed|ing|s)?\b/i.test(textOf(p)),
  },
  {
    name: 'sentences opening "Let the/your/it/this/us"',
    cap: 50,
    kinds: "all",
    budget: { practice: 15, ritual: 12, prayer: 8, blessing: 5, chant: 3, song: 3, hymn: 3, philosophy: 3, doc: 3 },
    test: (p) => opening("Let (?:the|them|these|those|their|your|yourself|it|its|this|us)").test(textOf(p)),
  },
  {
    name: 'prayers addressed to "Whatever listens"',
    cap: 3,
    kinds: ["prayer"],
    budget: {},
    test: (p) => /\bwhatever (?:is |was )?listen(?:s|ing|ed)?\b/i.test(textOf(p)),
  },
  {
    name: 'sentences opening "Nobody"',
    cap: 25,
    kinds: "all",
    budget: { song: 8, philosophy: 5, chant: 4, blessing: 3, ritual: 2, prayer: 2, practice: 1 },
    test: (p) => opening("Nobody").test(textOf(p)),
  },
  {
    name: 'blessings with a sentence opening "Bless"',
    cap: 5,
    kinds: ["blessing"],
    budget: {},
    test: (p) => opensWithBless(textOf(p)),
  },
];

export interface ReflexCount {
  name: string;
  cap: number;
  count: number;
  /** kind → [pieces carrying it, the kind's budget or null] */
  byKind: Record<string, [number, number | null]>;
  /** every piece carrying it */
  pieces: string[];
}

const counted = (r: Reflex, p: CheckPiece) => r.kinds === "all" || r.kinds.includes(p.kind);

export function reflexCounts(pieces: readonly CheckPiece[]): ReflexCount[] {
  return reflexes.map((r) => {
    const hits = pieces.filter((p) => counted(r, p) && r.test(p));
    const byKind: Record<string, [number, number | null]> = {};
    for (const p of pieces) if (counted(r, p)) byKind[p.kind] ??= [0, r.budget[p.kind] ?? null];
    for (const p of hits) byKind[p.kind][0]++;
    return { name: r.name, cap: r.cap, count: hits.length, byKind, pieces: hits.map((p) => p.rel) };
  });
}

/** The shapes a `tldr` falls into without noticing: a colon ("image, image, image: comment"), an opening
 *  article ("A/An <kind> …"), or any one first word shared by the kind. */
export interface SummaryShape {
  kind: string;
  shape: string;
  count: number;
  total: number;
  pieces: string[];
}

export const summaryShare = 1 / 3;
const minimumForShapes = 3;

export function summaryShapes(pieces: readonly CheckPiece[]): SummaryShape[] {
  const byKind = new Map<string, CheckPiece[]>();
  for (const p of pieces) if (p.kind !== "doc") byKind.set(p.kind, [...(byKind.get(p.kind) ?? []), p]);
  const out: SummaryShape[] = [];
  for (const [kind, list] of byKind) {
    // A shape needs a few pieces to be a shape: one tldr of one is no pattern.
    if (list.length < minimumForShapes) continue;
    const shapes = new Map<string, CheckPiece[]>();
    const add = (shape: string, p: CheckPiece) => shapes.set(shape, [...(shapes.get(shape) ?? []), p]);
    for (const p of list) {
      const tldr = p.tldr.trim();
      if (/:\s/.test(tldr)) add("a colon", p);
      if (/^["“']?An?\s/.test(tldr)) add('an opening "A/An …"', p);
      const first = tldr.match(/^["“']?([A-Za-z’']+)/)?.[1]?.toLowerCase();
      if (first && first !== "a" && first !== "an") add(`the opening word "${first}"`, p);
    }
    for (const [shape, having] of shapes) out.push({ kind, shape, count: having.length, total: list.length, pieces: having.map((p) => p.rel) });
  }
  return out;
}

const isColon = (s: SummaryShape) => s.shape === "a colon";
const over = (count: number, total: number) => count > Math.floor(total * summaryShare);

/** A problem for every cap, budget or summary share exceeded. Budgets and shapes name their folder first. */
export function reflexProblems(pieces: readonly CheckPiece[]): string[] {
  const problems: string[] = [];
  const folderOf = new Map(pieces.map((p) => [p.kind, p.folder]));
  for (const r of reflexCounts(pieces)) {
    if (r.count > r.cap) problems.push(`library: ${r.name} in ${r.count} pieces (cap ${r.cap})`);
    for (const [kind, [n, budget]] of Object.entries(r.byKind))
      if (budget !== null && n > budget) {
        const mine = r.pieces.filter((rel) => (folderOf.get(kind) ? rel.startsWith(`${folderOf.get(kind)}/`) : !rel.includes("/")));
        problems.push(`${folderOf.get(kind) || "guides"}/ (${kind}): ${r.name} in ${n} pieces (budget ${budget}): ${mine.join(", ")}`);
      }
  }
  for (const s of summaryShapes(pieces))
    if (over(s.count, s.total))
      problems.push(
        `${folderOf.get(s.kind)}/ (${s.kind}): tldrs with ${s.shape} in ${s.count} of ${s.total} (at most ${Math.floor(s.total * summaryShare)}), e.g. ${s.pieces.slice(0, 4).join(", ")}`,
      );
  return problems;
}

/** The report's lines: each cap with its count, then each kind's count against its budget. */
export function reflexReport(pieces: readonly CheckPiece[]): string[] {
  const lines: string[] = [];
  for (const r of reflexCounts(pieces)) {
    const kinds = Object.entries(r.byKind)
      .filter(([, [n, budget]]) => n > 0 || budget !== null)
      .map(([kind, [n, budget]]) => `${kind} ${n}${budget === null ? "" : `/${budget}`}${budget !== null && n > budget ? " OVER" : ""}`);
    lines.push(`${r.count <= r.cap ? "ok  " : "OVER"} ${r.name}: ${r.count} of cap ${r.cap}${kinds.length > 1 ? ` (${kinds.join(", ")})` : ""}`);
  }
  const shapes = summaryShapes(pieces);
  const kinds = [...new Set(shapes.map((s) => s.kind))];
  const shapeLine = (label: string, pick: (s: SummaryShape) => boolean) => {
    const per = kinds.map((kind) => shapes.filter((s) => s.kind === kind && pick(s)).sort((a, b) => b.count - a.count)[0]).filter(Boolean);
    const anyOver = per.some((s) => over(s.count, s.total));
    const list = per.map(
      (s) =>
        `${s.kind} ${s.count}/${Math.floor(s.total * summaryShare)}${pick === isColon ? "" : ` ${s.shape.replace(/^the opening word /, "")}`}${over(s.count, s.total) ? " OVER" : ""}`,
    );
    lines.push(`${anyOver ? "OVER" : "ok  "} ${label}, at most a third of a kind: ${list.join(", ")}`);
  };
  shapeLine("tldrs with a colon", isColon);
  shapeLine("tldrs' commonest opening", (s) => !isColon(s));
  return lines;
}
