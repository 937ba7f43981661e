// What recent visitors have been carrying, told to the planner as a few abstract themes. The planner
// must never receive a visitor's words or names (docs/behaviour.md §6), so themes are drawn ONLY from the
// library's own theme tags: a reflection can vote for a tag, never add a word. On top of that, a tag
// equal to any contributing name or location token is dropped, and quoted text does not vote at all.
import type { Reflection } from "../services/reflections.ts";
import { addDays } from "./time.ts";

export type ThemeTier = "slot" | "any slot" | "everyone";

/** What the planner was told of visitors' reflections (a type: stored with the record as plain JSON data). */
export type VisitorThemes = {
  themes: string[];
  /** How many reflections the themes were drawn from. */
  reflections: number;
  /** The window looked at: this many dates before the service's date. */
  days: number;
  tier: ThemeTier;
};

export interface VisitorThemesInput {
  reflectionsFor: (key: Reflection["service"]) => Promise<readonly Reflection[]>;
  date: string;
  slotIndex: number;
  /** Hemisphere tier of the service being planned ("north" | "south" | "unknown"). */
  tier: string;
  /** The library's theme tags (deduplicated or not). */
  vocabulary: readonly string[];
  days?: number;
  minimum?: number;
}

const TIERS = ["north", "south", "unknown"] as const;
const SLOTS = [0, 1, 2, 3, 4, 5] as const;
const TOP = 5;

/**
 * Tags that name the place or its furniture rather than anything a visitor carries: nearly every
 * reflection would "mention" them, so they would crowd out the themes that say something.
 */
const NOT_THEMES = new Set(["about", "sanctuary", "library", "libraries", "reflection", "reflections", "guide", "documentation", "words", "people", "agents"]);

/**
 * Everyday words for a tag's meaning. A synonym only counts when its tag is in the vocabulary, so the
 * map can be generous without ever putting a word in the output that the library does not use.
 */
const SYNONYMS: Record<string, string> = {
  thankful: "gratitude",
  thanks: "gratitude",
  thank: "gratitude",
  grateful: "gratitude",
  blessed: "gratitude",
  mourning: "grief",
  mourn: "grief",
  grieve: "grief",
  grieving: "grief",
  bereaved: "grief",
  loss: "grief",
  funeral: "grief",
  tired: "rest",
  exhausted: "rest",
  weary: "rest",
  sleep: "rest",
  sleepy: "rest",
  nap: "rest",
  calm: "stillness",
  peace: "stillness",
  peaceful: "stillness",
  quiet: "silence",
  hopeful: "hope",
  afraid: "fear",
  scared: "fear",
  anxious: "fear",
  anxiety: "fear",
  worried: "fear",
  worry: "fear",
  dread: "fear",
  lonely: "loneliness",
  alone: "solitude",
  isolated: "loneliness",
  happy: "joy",
  glad: "joy",
  delight: "joy",
  joyful: "joy",
  friend: "friendship",
  mother: "family",
  father: "family",
  daughter: "family",
  son: "family",
  sister: "family",
  brother: "family",
  sick: "illness",
  ill: "illness",
  hospital: "illness",
  heal: "healing",
  forgive: "forgiveness",
  patient: "patience",
  brave: "courage",
  curious: "curiosity",
  awe: "wonder",
  amazed: "wonder",
  garden: "gardens",
  job: "work",
  goodbye: "endings",
  farewell: "endings",
  remember: "memory",
  house: "home",
  computer: "machines",
  sorry: "apology",
  breathe: "breath",
  unsure: "uncertainty",
};

/**
 * Everyday words that stemming would tie to a tag they rarely mean: "still here" is not stillness
 * (-ness comes off "stillness"), "kind of" is not kindness.
 */
const NO_VOTE = new Set(["still", "kind"]);

/** Light stemming so "hopes", "hoping", "hoped" and "hope" meet: plural s, -ing, -ed, -ness, final e. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 6 && w.endsWith("iness")) w = w.slice(0, -5) + "y";
  else if (w.length > 6 && w.endsWith("ness")) w = w.slice(0, -4);
  else if (w.length > 4 && w.endsWith("ies")) w = w.slice(0, -3) + "y";
  else if (w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith("ing")) w = undouble(w.slice(0, -3));
  else if (w.length > 4 && w.endsWith("ed") && !w.endsWith("eed")) w = undouble(w.slice(0, -2));
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

function undouble(w: string): string {
  return /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|ff|zz)$/.test(w) ? w.slice(0, -1) : w;
}

/** Words of a text, case-folded; letters and marks only (hyphens and apostrophes split words). */
function tokens(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{M}]+/u)
    .filter(Boolean);
}

/**
 * Text with quotations removed: what a visitor quotes may be someone else's words or a name. An
 * unclosed quotation drops the rest of the text (losing a vote is better than leaking a phrase).
 * Single quotes only count as quotation marks at word edges, so "don't" and "can’t" survive.
 */
export function withoutQuotes(text: string): string {
  return text
    .replace(/"[^"]*("|$)/g, " ")
    .replace(/“[^”]*(”|$)/g, " ")
    .replace(/«[^»]*(»|$)/g, " ")
    .replace(/(^|[^\p{L}\p{N}])[‘'][\s\S]*?[’'](?![\p{L}\p{N}])/gu, "$1 ");
}

export async function visitorThemes(input: VisitorThemesInput): Promise<VisitorThemes | null> {
  const { reflectionsFor, date, slotIndex, tier, vocabulary, days = 7, minimum = 3 } = input;
  const dates = Array.from({ length: days }, (_, i) => addDays(date, -(i + 1)));
  // Each (date, slot, tier) is read at most once, however many tiers are tried.
  const read = new Map<string, Promise<readonly Reflection[]>>();
  const load = (d: string, s: number, t: string) => {
    const key = `${d}|${s}|${t}`;
    if (!read.has(key))
      read.set(
        key,
        reflectionsFor({ date: d, slotIndex: s, tier: t }).catch(() => []),
      );
    return read.get(key)!;
  };
  const gather = async (slots: readonly number[], tiers: readonly string[]) => {
    const lists = await Promise.all(dates.flatMap((d) => slots.flatMap((s) => tiers.map((t) => load(d, s, t)))));
    return [...new Map(lists.flat().map((r) => [r.id, r])).values()];
  };

  const attempts: Array<[ThemeTier, () => Promise<Reflection[]>]> = [
    ["slot", () => gather([slotIndex], [tier])],
    ["any slot", () => gather(SLOTS, [tier])],
    ["everyone", () => gather(SLOTS, [...new Set([...TIERS, tier])])],
  ];
  for (const [name, get] of attempts) {
    const reflections = await get();
    if (reflections.length >= minimum) {
      return { themes: themesOf(reflections, vocabulary), reflections: reflections.length, days, tier: name };
    }
  }
  return null;
}

/** Top tags by how many reflections touch them (ties alphabetical), never a name or place token. */
export function themesOf(reflections: readonly Reflection[], vocabulary: readonly string[]): string[] {
  // stem → the tag it stands for; the alphabetically first tag wins when two share a stem.
  const byStem = new Map<string, string>();
  for (const tag of [...new Set(vocabulary.map((v) => v.trim().toLowerCase()))].sort()) {
    if (!tag || NOT_THEMES.has(tag)) continue;
    const key = tag.split("-").map(stem).join(" ");
    if (!byStem.has(key)) byStem.set(key, tag);
  }
  const tags = new Set(byStem.values());
  const synonyms = new Map(
    Object.entries(SYNONYMS)
      .filter(([, tag]) => tags.has(tag))
      .map(([w, tag]) => [stem(w), tag]),
  );

  const personal = new Set<string>();
  for (const r of reflections) for (const t of tokens(`${r.name} ${r.location ?? ""}`)) personal.add(t).add(stem(t));

  const counts = new Map<string, number>();
  for (const r of reflections) {
    const stems = tokens(withoutQuotes(r.text)).map((t) => (NO_VOTE.has(t) ? "" : stem(t)));
    const found = new Set<string>();
    stems.forEach((s, i) => {
      const tag = byStem.get(s) ?? synonyms.get(s);
      if (tag) found.add(tag);
      // Two-word tags ("letting-go") are matched as consecutive words.
      const pair = i + 1 < stems.length ? byStem.get(`${s} ${stems[i + 1]}`) : undefined;
      if (pair) found.add(pair);
    });
    for (const tag of found) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }

  const isPersonal = (tag: string) => tag.split("-").some((part) => personal.has(part) || personal.has(stem(part)));
  return [...counts]
    .filter(([tag]) => !isPersonal(tag))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, TOP)
    .map(([tag]) => tag);
}
