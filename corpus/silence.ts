// The one marked form of spoken pieces (corpus/WRITING.md, "Directions"): a line of its own in square brackets,
// never spoken, saying what happens and, after a dash, how long it takes:
//   [direction: the guide hums a low note — 20 seconds]     not spoken; its time held as silence
//   [direction: everyone answers together]                  not spoken; no time held
//   [silence: 30 seconds]                                   the short form of [direction: silence — 30 seconds]
// The checker adds held time to a piece's `seconds`, recordings hold it and never speak a direction,
// pages show a silence as a pause and any other direction as a direction. Anything else in square
// brackets on a line of its own is refused (corpus/check-directions.ts).

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

/** `[keyword: body]` on a line of its own; the keyword says which of the two spellings of a direction it is. */
const MARK = /^\s*\[\s*(silence|direction)\s*:\s*([^\]]+?)\s*\]\s*$/i;
/** The held time at a direction's end, after a dash: "… — 20 seconds". */
const HELD = /\s+(?:—|–|--?)\s+([^—–]+)$/;

/** The mark a line holds, or null when the line is not a marked form (or a silence without a length). */
export function markOf(line: string): Mark | null {
  const m = MARK.exec(line);
  if (!m) return null;
  const [, keyword, body] = m;
  // The short form: the whole body is the length.
  if (keyword.toLowerCase() === "silence") {
    const seconds = durationSeconds(body);
    return seconds === null ? null : { kind: "silence", seconds };
  }
  const held = HELD.exec(body);
  const seconds = held ? durationSeconds(held[1].trim()) : null;
  const text = (seconds === null ? body : body.slice(0, held!.index)).trim();
  if (!text) return null;
  // The long form of a silence: nothing happens but quiet, for a time.
  if (/^(?:silence|quiet|a silence|a pause|pause)$/i.test(text) && seconds) return { kind: "silence", seconds };
  return { kind: "direction", text, seconds: seconds ?? 0 };
}

/** The length in seconds a silence line asks for, or null when the line is not a silence marker. */
export function silenceSeconds(line: string): number | null {
  const m = markOf(line);
  return m?.kind === "silence" ? m.seconds : null;
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
