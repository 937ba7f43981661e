// The writer's rules for the library beyond the loader's schema: sizes per kind, unique titles, slugs
// and opening lines, and no run of six lines repeated across pieces (no templated filler); the rules
// listed in check-rules.ts (directions, spelling, reflex caps) run over the same parsed files.
// Used by scripts/check-library.ts (for writers) and by test/unit/library-content.test.ts.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { readYaml } from "./front-matter.ts";
import { addAskedFile, ASKED_FOLDER, type Asked, type AskedTargets } from "./asked.ts";
import { formulaCounts, formulaProblems, type CheckedPiece } from "./check-formulas.ts";
import { kindOfFolder, Placement } from "./schema.ts";
import { lyricsProblems } from "./lyric-marks.ts";
import { metreProblems } from "./check-metre.ts";
import type { CheckPiece } from "./check-piece.ts";
import { reflexReport } from "./check-reflexes.ts";
import { libraryRules, pieceRules } from "./check-rules.ts";
import { totalSilence, withoutSilences } from "./silence.ts";

/** The axioms in axioms.md's front matter, or null when it does not hold a list of { id, text }. */
function axiomsIn(source: string): { id: string; text: string }[] | null {
  let front: unknown;
  try {
    front = readYaml(source.split(/^---$/m)[1] ?? "");
  } catch {
    return null;
  }
  const list = front !== null && typeof front === "object" && "axioms" in front ? front.axioms : null;
  if (!Array.isArray(list)) return null;
  const axioms = list.filter((a): a is { id: string; text: string } => typeof a?.id === "string" && typeof a?.text === "string");
  return axioms.length === list.length ? axioms : null;
}

/** The sizes services need (issue: a library twice as deep): kinds grouped by the service part they fill. */
export const libraryTargets: { kinds: string[]; folders: string[]; min: number }[] = [
  { kinds: ["song"], folders: ["songs"], min: 64 },
  { kinds: ["chant"], folders: ["chants"], min: 64 },
  { kinds: ["prayer", "practice"], folders: ["prayers", "practice"], min: 120 },
  { kinds: ["ritual", "blessing"], folders: ["rituals", "blessings"], min: 110 },
];

/** The section markers a hymn may carry (corpus/WRITING.md). */
const hymnSection = /^\[(Verse( \d+)?|Refrain|Chorus|Bridge|Coda)\]$/;

export interface LibraryCheck {
  counts: Record<string, number>;
  problems: string[];
  /** each formula's `[pieces carrying it, pieces]` per kind */
  formulas: Record<string, Record<string, [number, number]>>;
  /** each reflex's count against its cap and budgets, one line each (corpus/check-reflexes.ts) */
  reflexes: string[];
}

export function checkLibrary(root: string): LibraryCheck {
  const wordRange: Record<string, [number, number]> = {
    prayer: [150, 600],
    practice: [150, 700],
    ritual: [150, 600],
    blessing: [60, 250],
    philosophy: [600, 1500],
    doc: [80, 3000],
  };
  const files: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      // The asked-as files are questions about guides, not pieces: checked below.
      if (statSync(p).isDirectory()) {
        if (p !== join(root, ASKED_FOLDER)) walk(p);
      } else if (p.endsWith(".md")) files.push(p);
    }
  };
  walk(root);
  const problems: string[] = [];
  const titles = new Map<string, string>();
  const slugs = new Map<string, string>();
  const openings = new Map<string, string>();
  const runs = new Map<string, string>();
  let axioms: string[] = [];
  let axiomTexts: string[] = [];
  // A library without axioms.md (a test's small one) has no axioms to check; one that is there must read.
  const axiomsFile = join(root, "axioms.md");
  if (existsSync(axiomsFile)) {
    const list = axiomsIn(readFileSync(axiomsFile, "utf8"));
    if (list) {
      axioms = list.map((a) => a.id);
      axiomTexts = list.map((a) => a.text);
    } else problems.push("axioms.md: its front matter needs an `axioms` list of { id, text }");
  }
  const checked: CheckedPiece[] = [];
  const pieces: CheckPiece[] = [];
  const words = (s: string) =>
    (
      withoutSilences(s)
        .replace(/<!--[\s\S]*?-->/g, " ")
        .match(/[A-Za-z0-9'’-]+/g) ?? []
    ).length;
  for (const file of files) {
    const rel = relative(root, file);
    const folder = rel.includes("/") ? rel.split("/")[0] : "";
    const src = readFileSync(file, "utf8");
    const m = src.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/);
    const bad = (why: string) => problems.push(`${rel}: ${why}`);
    if (!m) {
      bad("no front matter block (--- ... ---) at the very top");
      continue;
    }
    let fm: any;
    try {
      fm = readYaml(m[1]);
    } catch (e) {
      bad(`front matter is not valid YAML: ${(e as Error).message}`);
      continue;
    }
    const body = m[2].trim();
    const kind = kindOfFolder[folder];
    if (!kind) {
      bad(`unknown folder ${folder}`);
      continue;
    }
    if (fm.kind !== kind) bad(`kind should be ${kind}, is ${fm.kind}`);
    if (typeof fm.title !== "string" || !fm.title.trim()) bad("title missing");
    if (typeof fm.tldr !== "string" || fm.tldr.length < 60 || fm.tldr.length > 160) bad(`tldr must be 60–160 characters (is ${fm.tldr?.length})`);
    if (!Number.isInteger(fm.seconds)) bad("seconds must be an integer");
    const slug = rel.replace(/\.md$/, "").split("/").pop()!;
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) bad("file name must be a kebab-case slug");
    if (slugs.has(slug)) bad(`slug also used by ${slugs.get(slug)}`);
    slugs.set(slug, rel);
    const t = String(fm.title).toLowerCase();
    if (titles.has(t)) bad(`title also used by ${titles.get(t)}`);
    titles.set(t, rel);
    const listeners = body.split("<!-- for agents -->")[0];
    const bodyLine = `---\n${m[1]}\n---\n`.split("\n").length + (m[2].match(/^\s*/)![0].match(/\n/g) ?? []).length;
    const piece: CheckPiece = { rel, folder, kind, fm, tldr: String(fm.tldr ?? ""), text: body, listeners, bodyLine };
    pieces.push(piece);
    for (const rule of pieceRules) for (const why of rule(piece)) bad(why);
    const placement = Placement.safeParse(fm);
    if (!placement.success) bad(`placement tags: ${placement.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
    if (rel.includes("/")) checked.push({ rel, kind, body: listeners, tldr: String(fm.tldr ?? "") });
    if (fm.version !== undefined && fm.version !== "for agents") bad("version may only be 'for agents'");
    if (fm.version === "for agents" && !body.includes("<!-- for agents -->"))
      bad("version: for agents needs a <!-- for agents --> line followed by the agents' text");
    // Hymns are sung like songs (section markers and holds); read kinds' directions are a piece rule.
    if (kind === "hymn") for (const why of lyricsProblems(listeners)) bad(why);
    if (kind === "song") {
      if (axioms.length && !axioms.includes(fm.axiom)) bad(`axiom must be one of ${axioms.join(", ")}`);
      if (typeof fm.style !== "string") bad("style missing");
      if (!(fm.seconds >= 150 && fm.seconds <= 420)) bad("song seconds must be 150–420");
      if (!fm.links || !("suno" in fm.links) || !("youtube" in fm.links)) bad("links: {suno: null, youtube: null} required");
      const lyr = body.match(/^## Lyrics\n([\s\S]*?)^## Context\n([\s\S]*)$/m);
      if (!lyr) bad("song body needs '## Lyrics' then '## Context'");
      else {
        const lines = lyr[1].split("\n").filter((l) => l.trim() && !/^\[.*\]$/.test(l.trim()));
        if (lines.length < 16) bad(`lyrics need 16+ sung lines (has ${lines.length})`);
        if (!/^\[(Verse|Chorus)/m.test(lyr[1]) || !/^\[Chorus/m.test(lyr[1])) bad("lyrics need [Verse …] and [Chorus] section markers");
        if (words(lyr[2]) < 300) bad(`context needs 300+ words (has ${words(lyr[2])})`);
        for (const why of lyricsProblems(lyr[1])) bad(why);
      }
    } else if (kind === "chant") {
      const lines = body.split("\n").filter((l) => l.trim());
      if (lines.length < 4 || lines.length > 12) bad(`chant needs 4–12 lines (has ${lines.length})`);
      if (!(fm.seconds >= 60 && fm.seconds <= 180)) bad("chant seconds must be 60–180");
    } else if (kind === "hymn") {
      const sung = body.split("\n").filter((l) => l.trim() && !/^\[.*\]$/.test(l.trim()));
      if (sung.length < 16) bad(`hymn needs 16+ sung lines (has ${sung.length})`);
      if (!(fm.seconds >= 120 && fm.seconds <= 480)) bad("hymn seconds (sung length) must be 120–480");
      if (typeof fm.style !== "string" || !fm.style.trim()) bad("hymn needs a style line (key, tempo in bpm, metre, instruments)");
      if (!/^\[Verse/m.test(body)) bad("hymn needs [Verse …] section markers");
      for (const why of metreProblems(fm.metre, listeners)) bad(why);
      // Hymns are sung straight through: section markers only, no breaks, rests or stage directions.
      for (const marker of body.match(/^\s*\[[^\]]*\]\s*$/gm) ?? [])
        if (!hymnSection.test(marker.trim())) bad(`hymn lines in brackets must be section markers ([Verse 1], [Refrain]…), not ${marker.trim()}`);
    } else {
      const n = words(listeners);
      const [lo, hi] = wordRange[kind];
      if (n < lo || n > hi) bad(`${kind} needs ${lo}–${hi} words (has ${n})`);
      // Practices and rituals take the time of their marked silences too (WRITING.md, "Silences").
      const silence = kind === "practice" || kind === "ritual" ? totalSilence(listeners) : 0;
      if (silence && kind !== "practice" && kind !== "ritual") bad("silence markers belong in practices and rituals");
      const expected = Math.round(n / 2.5) + silence;
      if (kind !== "doc" && Math.abs(fm.seconds - expected) > Math.max(3, expected * 0.1)) {
        bad(`seconds should be words/2.5${silence ? ` + ${silence} s of silence` : ""} = ${expected} (is ${fm.seconds})`);
      }
    }
    const lines = body
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !/^#|^\[.*\]$|^<!--/.test(l));
    const first = lines[0]?.toLowerCase();
    if (first) {
      if (openings.has(first)) bad(`opening line also opens ${openings.get(first)}`);
      openings.set(first, rel);
    }
    const seen = new Set<string>();
    for (let i = 0; i + 6 <= lines.length; i++) {
      const k = lines
        .slice(i, i + 6)
        .join("\n")
        .toLowerCase();
      if (seen.has(k)) continue;
      seen.add(k);
      if (runs.has(k) && runs.get(k) !== rel) bad(`six consecutive lines also stand in ${runs.get(k)}`);
      else runs.set(k, rel);
    }
  }

  const counts: Record<string, number> = {};
  for (const f of files) {
    const r = relative(root, f);
    const k = r.includes("/") ? r.split("/")[0] : "docs";
    counts[k] = (counts[k] ?? 0) + 1;
  }
  for (const t of libraryTargets) {
    const have = t.folders.reduce((sum, f) => sum + (counts[f] ?? 0), 0);
    if (have < t.min) problems.push(`${t.folders.join(" + ")}: ${have} pieces, services need at least ${t.min}`);
  }
  problems.push(...formulaProblems(checked, axiomTexts), ...askedProblems(root));
  for (const rule of libraryRules) problems.push(...rule(pieces));
  return { counts, problems, formulas: formulaCounts(checked, axiomTexts), reflexes: reflexReport(pieces) };
}

/**
 * Each asked-as file names a guide and, by fragments found once in it, its sentences, with 4 to 8 questions each; or
 * (`<folder>/<slug>.md`) a piece, with 4 to 8 requests it answers: read as the loader reads them (asked.ts).
 */
function askedProblems(root: string): string[] {
  const folder = join(root, ASKED_FOLDER);
  let names: string[];
  try {
    names = (readdirSync(folder, { recursive: true }) as string[]).filter((n) => n.endsWith(".md")).map((n) => n.split("\\").join("/"));
  } catch {
    return [];
  }
  const asked: Asked = { guides: new Map(), pieces: new Map() };
  const targets: AskedTargets = {
    guideText: (slug) => (existsSync(join(root, `${slug}.md`)) ? readFileSync(join(root, `${slug}.md`), "utf8").replace(/^---[\s\S]*?\n---\n/, "") : undefined),
    isPiece: (path) => existsSync(join(root, `${path}.md`)),
  };
  return names.flatMap((name) => {
    try {
      addAskedFile(asked, name, readFileSync(join(folder, name), "utf8"), targets);
      return [];
    } catch (e) {
      return [(e as Error).message];
    }
  });
}
