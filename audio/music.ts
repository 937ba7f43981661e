// The harmony under a song: a chord progression in the song's key, one chord a bar, voice-led triads.
// The band that plays it is audio/bed.ts. Pure: no I/O.
import type { Key } from "./style.ts";

export interface Chord {
  /** Pitch class of the root. */
  root: number;
  minor: boolean;
  /** Roman numeral, for logs and tests. */
  numeral: string;
}

const MAJOR_STEPS = [0, 2, 4, 5, 7, 9, 11];
const MINOR_STEPS = [0, 2, 3, 5, 7, 8, 10];

// Four-bar progressions by scale degree (0-based). Major: I–vi–IV–V and kin; minor: i–VI–III–VII and kin.
const MAJOR_PROGRESSIONS = [
  [0, 5, 3, 4],
  [0, 3, 5, 4],
  [0, 4, 5, 3],
  [0, 3, 0, 4],
];
const MINOR_PROGRESSIONS = [
  [0, 5, 2, 6],
  [0, 3, 5, 4],
  [0, 5, 3, 4],
];
const MAJOR_NUMERALS = ["I", "ii", "iii", "IV", "V", "vi", "vii°"];
const MINOR_NUMERALS = ["i", "ii°", "III", "iv", "V", "VI", "VII"];

/** The triad on a scale degree; in minor the dominant is made major (harmonic minor), as songs do. */
export function diatonicChord(key: Key, degree: number): Chord {
  const steps = key.minor ? MINOR_STEPS : MAJOR_STEPS;
  const root = (key.tonic + steps[degree]) % 12;
  const third = (steps[(degree + 2) % 7] - steps[degree] + 12) % 12;
  const minor = key.minor && degree === 4 ? false : third === 3;
  return { root, minor, numeral: (key.minor ? MINOR_NUMERALS : MAJOR_NUMERALS)[degree] };
}

/** Four chords that repeat bar by bar; `variant` picks among the progressions (a song's seed). */
export function progression(key: Key, variant = 0): Chord[] {
  const list = key.minor ? MINOR_PROGRESSIONS : MAJOR_PROGRESSIONS;
  return list[variant % list.length].map((d) => diatonicChord(key, d));
}

export function chordPitchClasses(c: Chord): number[] {
  return [c.root, (c.root + (c.minor ? 3 : 4)) % 12, (c.root + 7) % 12];
}

export function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** MIDI notes of a chord between lo and hi (inclusive). */
export function chordNotesIn(c: Chord, lo: number, hi: number): number[] {
  const pcs = chordPitchClasses(c);
  const out: number[] = [];
  for (let m = lo; m <= hi; m++) if (pcs.includes(((m % 12) + 12) % 12)) out.push(m);
  return out;
}

/** A close triad near `previous` (smallest total movement), within MIDI 52–72: smooth voice leading. */
export function voiceChord(c: Chord, previous?: number[]): number[] {
  const candidates: number[][] = [];
  for (let bottom = 52; bottom <= 64; bottom++) {
    if (!chordPitchClasses(c).includes(bottom % 12)) continue;
    const notes = chordNotesIn(c, bottom, 72).slice(0, 3);
    if (notes.length === 3) candidates.push(notes);
  }
  if (!previous) return candidates.find((n) => n[0] >= 55) ?? candidates[0];
  const cost = (n: number[]) => n.reduce((s, m, i) => s + Math.abs(m - previous[i]), 0);
  return candidates.reduce((best, n) => (cost(n) < cost(best) ? n : best));
}

export function barSeconds(bpm: number, beatsPerBar: number): number {
  return (60 / bpm) * beatsPerBar;
}

/** The chord sounding in bar `bar` (bars count from 0; the progression repeats). */
export function chordAt(chords: Chord[], bar: number): Chord {
  return chords[bar % chords.length];
}
