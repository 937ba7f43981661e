// The marked forms of spoken pieces (corpus/WRITING.md, "Silences and directions"), each a line of its own:
//   [silence: 30 seconds]                                   held silence
//   [direction: the guide hums a low note — 20 seconds]     not spoken; its time held as silence
//   [direction: everyone answers together]                  not spoken; no time held
// The checker adds held time to a piece's `seconds`, recordings hold it and never speak a direction,
// pages show directions as directions. Anything else in square brackets on a line of its own is refused.

export type Mark = { kind: "silence"; seconds: number } | { kind: "direction"; text: string; seconds: number };

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  sixteen: 16,
  twenty: 20,
  thirty: 30,
  "thirty-two": 32,
  forty: 40,
  sixty: 60,
};
const NUMBER = `(\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join("|")})`;

/** A number written as digits or as a word ("four", "thirty-two"); NaN when it is neither. */
export function numberOf(text: string): number {
  const t = text.toLowerCase();
  return /^\d/.test(t) ? Number(t) : (NUMBER_WORDS[t] ?? NaN);
}

const DURATION_PART = new RegExp(`${NUMBER}\\s*(hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)\\b`, "gi");

/** Seconds of a length such as "30 seconds", "2 minutes", "1 minute 30 seconds", "45s"; null unless the whole text is one. */
export function durationSeconds(text: string): number | null {
  let total = 0;
  let rest = text;
  for (const [whole, n, unit] of text.matchAll(DURATION_PART)) {
    const u = unit[0].toLowerCase();
    total += numberOf(n) * (u === "h" ? 3600 : u === "m" ? 60 : 1);
    rest = rest.replace(whole, "");
  }
  return rest.replace(/\band\b/gi, "").trim() === "" && total > 0 ? Math.round(total * 10) / 10 : null;
}

const SILENCE = /^\s*\[\s*silence\s*:\s*([^\]]+)\]\s*$/i;
const DIRECTION = /^\s*\[\s*direction\s*:\s*([^\]]+?)\s*\]\s*$/i;
/** The held time at a direction's end, after a dash: "… — 20 seconds". */
const HELD = /\s+(?:—|–|--?)\s+([^—–]+)$/;

/** The mark a line holds, or null when the line is not a marked form. */
export function markOf(line: string): Mark | null {
  const s = SILENCE.exec(line);
  if (s) {
    const seconds = durationSeconds(s[1].trim());
    return seconds === null ? null : { kind: "silence", seconds };
  }
  const d = DIRECTION.exec(line);
  if (!d) return null;
  const held = HELD.exec(d[1]);
  const seconds = held ? durationSeconds(held[1].trim()) : null;
  const text = seconds === null ? d[1] : d[1].slice(0, held!.index);
  return text.trim() ? { kind: "direction", text: text.trim(), seconds: seconds ?? 0 } : null;
}

/** Total seconds held by a text's silences and directions. */
export function totalSilence(text: string): number {
  let total = 0;
  for (const line of text.split("\n")) total += markOf(line)?.seconds ?? 0;
  return Math.round(total);
}

/** The text without its marked lines (for word counts: neither silences nor directions are spoken). */
export function withoutSilences(text: string): string {
  return text
    .split("\n")
    .filter((l) => markOf(l) === null)
    .join("\n");
}

// A line that reads as a stage direction: what a guide or a group does, or a whole line in parentheses.
// Lines a listener is asked to do ("Breathe in.") are spoken instructions and stay unmarked.
const STAGE =
  /^(?:(?:[-*+]|\d+[.)])\s+)?[*_]*\(?\s*(?:the guide|the leader|guide:|leader:|all:|everyone (?:answers|says|hums|sings|rises|stands|sits|repeats|responds|joins|turns|together)|each person (?:turns|picks|says|takes|hums|bows|nods))\b/i;

/** Why a line of a spoken piece is an unmarked direction or an unknown bracket form, or null when it is fine. */
export function unmarkedDirection(line: string): string | null {
  const t = line.trim();
  if (!t || markOf(t)) return null;
  if (/^\[[^\]]*\]$/.test(t)) return `"${t}" is not a known form: use [silence: 30 seconds] or [direction: what happens — 20 seconds]`;
  if (/^[*_]*\([^)]*\)[*_.]*$/.test(t)) return `"${t}" reads as a stage direction: mark it [direction: …] or write it for one listener`;
  if (STAGE.test(t)) return `"${t.slice(0, 60)}…" reads as a stage direction: mark it [direction: … — time] or write it for one listener`;
  return null;
}
