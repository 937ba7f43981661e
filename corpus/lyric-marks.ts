// The bracket forms of song lyrics (corpus/WRITING.md, "Songs: sections, breaks and rests"), each a line of its own:
//   [Verse 1], [Chorus — both], [Bridge, almost a whisper]      a section: heads the sung lines under it
//   [Rest — four slow beats]                                     a hold: the voice rests, the music goes on
//   [Instrumental break — fiddle over the guitar, 8 bars]        a hold
//   [Trumpet solo — 8 bars], [Intro — rain and fan hum, 4 bars]  a hold
//   [silence: 3 seconds]                                         the band stops too
// A hold has a length in beats (at the song's tempo), bars or seconds. Pure: no I/O.
import { numberOf } from "./silence.ts";

export type LyricMark =
  | { kind: "section"; label: string }
  | { kind: "hold"; label: string; length: HoldLength }
  | { kind: "silence"; seconds: number }
  | { kind: "problem"; why: string };

export interface HoldLength {
  amount: number;
  unit: "beats" | "bars" | "seconds";
}

const SECTION = /^(verse|chorus|pre-chorus|post-chorus|bridge|intro|outro|coda|tag|refrain|hook|final chorus|last chorus|round)\b/i;
// Names that ask for the voice to stop while the music plays.
const HOLD = /^(rest|instrumental|interlude|break|solo)\b|\b(solo|break|instrumental|takes a chorus|takes the tune)\b/i;
const LENGTH = /\b(\d+(?:\.\d+)?|[a-z]+(?:-[a-z]+)?)\s+(?:(?:slow|quiet|long|short|soft|full|empty|whole|more)\s+)?(beats?|bars?|measures?|seconds?)\b/gi;

/** The length a hold's label states ("four slow beats", "8 bars", "20 seconds"), or null. */
export function holdLength(label: string): HoldLength | null {
  for (const m of label.matchAll(LENGTH)) {
    const amount = numberOf(m[1]);
    if (!Number.isFinite(amount) || amount <= 0) continue;
    const u = m[2].toLowerCase();
    return { amount, unit: u.startsWith("beat") ? "beats" : u.startsWith("second") ? "seconds" : "bars" };
  }
  return null;
}

/** Seconds a hold lasts at a tempo. */
export function holdSeconds(length: HoldLength, bpm: number, beatsPerBar: number): number {
  const beat = 60 / bpm;
  return length.unit === "seconds" ? length.amount : length.unit === "beats" ? length.amount * beat : length.amount * beatsPerBar * beat;
}

/** The mark a lyrics line holds, or null when the line is not in square brackets. */
export function lyricMark(line: string): LyricMark | null {
  const m = /^\s*\[\s*([^\]]*?)\s*\]\s*$/.exec(line);
  if (!m) return null;
  const label = m[1];
  const silence = /^silence\s*:\s*(.+)$/i.exec(label);
  if (silence) {
    const length = holdLength(silence[1]);
    return length?.unit === "seconds" ? { kind: "silence", seconds: length.amount } : { kind: "problem", why: `[${label}]: a silence needs seconds` };
  }
  const length = holdLength(label);
  const name = label.split(/\s+[—–-]\s+|,/)[0];
  if (HOLD.test(name) || HOLD.test(label) || (length && /^(intro|outro|coda|tag)\b/i.test(name))) {
    return length
      ? { kind: "hold", label, length }
      : { kind: "problem", why: `[${label}]: a break, solo or rest needs its length (", 8 bars", "— four slow beats", ", 20 seconds")` };
  }
  if (SECTION.test(name)) return { kind: "section", label };
  return {
    kind: "problem",
    why: `[${label}] is not a known form: a section ([Verse 1], [Chorus]…), a hold ([Instrumental break — 4 bars], [Rest — four beats]) or [silence: 3 seconds]`,
  };
}

/** Problems with a song's lyrics: unknown bracket forms, holds without a length, stage directions in parentheses. */
export function lyricsProblems(lyrics: string): string[] {
  const out: string[] = [];
  const lines = lyrics.split("\n");
  lines.forEach((line, i) => {
    const mark = lyricMark(line);
    if (mark?.kind === "problem") out.push(mark.why);
    if (/^\s*\([a-z][^)]*\)\s*$/.test(line)) out.push(`"${line.trim()}" reads as a direction: put it in the section's marker ([Outro — hummed])`);
    // A section with no sung line under it is music alone: it must say how long.
    if (mark?.kind === "section") {
      const next = lines.slice(i + 1).find((l) => l.trim());
      if (next === undefined || lyricMark(next)) out.push(`[${mark.label}] has no sung lines: give it a length ([${mark.label}, 4 bars]) or words`);
    }
  });
  return out;
}
