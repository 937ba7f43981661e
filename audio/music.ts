// The bed under a song: a chord progression in the song's key, one chord a bar, played by a soft
// pad (voice-led triads) and a plucked bass (Karplus–Strong) on the strong beats. Pure: no I/O.
import { SAMPLE_RATE, type Pcm } from "./pcm.ts";
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

export interface BedOptions {
  chords: Chord[];
  bpm: number;
  beatsPerBar: number;
  seconds: number;
  sampleRate?: number;
}

export function barSeconds(bpm: number, beatsPerBar: number): number {
  return (60 / bpm) * beatsPerBar;
}

/** The chord sounding in bar `bar` (bars count from 0; the progression repeats). */
export function chordAt(chords: Chord[], bar: number): Chord {
  return chords[bar % chords.length];
}

/** Render the bed: pad and bass, peak around 0.5 before mixing, with a fade in and out. */
export function renderBed(o: BedOptions): Pcm {
  const sr = o.sampleRate ?? SAMPLE_RATE;
  const n = Math.round(o.seconds * sr);
  const out = new Float32Array(n);
  const bar = barSeconds(o.bpm, o.beatsPerBar);
  const bars = Math.ceil(o.seconds / bar);
  const beat = 60 / o.bpm;
  let voicing: number[] | undefined;
  for (let b = 0; b < bars; b++) {
    const chord = chordAt(o.chords, b);
    voicing = voiceChord(chord, voicing);
    const start = Math.round(b * bar * sr);
    // The pad overlaps into the next bar by its release, so chords cross-fade rather than cut.
    for (const midi of voicing) padNote(out, start, bar, midiToHz(midi), sr, 0.075);
    const bassMidi = 36 + chord.root; // C2–B2: low enough to sit under the pad, high enough for small speakers
    const strong = o.beatsPerBar === 3 ? [0] : [0, 2];
    for (const beatIndex of strong) pluck(out, start + Math.round(beatIndex * beat * sr), midiToHz(bassMidi), sr, beatIndex === 0 ? 0.32 : 0.2);
  }
  // Fade in over two seconds and out over the last four, so the bed opens and closes gently.
  const fadeIn = Math.min(n, 2 * sr);
  const fadeOut = Math.min(n, 4 * sr);
  for (let i = 0; i < fadeIn; i++) out[i] *= i / fadeIn;
  for (let i = 0; i < fadeOut; i++) out[n - 1 - i] *= i / fadeOut;
  return { samples: out, sampleRate: sr };
}

// The pad's waveform, one cycle: a sine with a little 2nd and 3rd harmonic (warm, not buzzy).
// A table lookup per sample costs far less than three Math.sin calls.
const TABLE_SIZE = 4096;
const PAD_WAVE = Float32Array.from({ length: TABLE_SIZE + 1 }, (_, i) => {
  const ph = (2 * Math.PI * i) / TABLE_SIZE;
  return Math.sin(ph) + 0.18 * Math.sin(2 * ph) + 0.06 * Math.sin(3 * ph);
});

/** One pad note: two slightly detuned oscillators (a slow beating chorus), slow attack, long release. */
function padNote(out: Float32Array, start: number, seconds: number, hz: number, sr: number, gain: number): void {
  const attack = Math.min(0.8, seconds * 0.4);
  const release = 0.9;
  const len = Math.min(out.length - start, Math.round((seconds + release) * sr));
  const stepA = (hz * 0.9985 * TABLE_SIZE) / sr;
  const stepB = (hz * 1.0015 * TABLE_SIZE) / sr;
  let a = 0;
  let b = TABLE_SIZE / 3; // start the pair out of phase, so the note does not open with a click of doubled level
  for (let i = 0; i < len; i++) {
    const t = i / sr;
    const env = t < attack ? t / attack : t < seconds ? 1 : Math.max(0, 1 - (t - seconds) / release);
    const ia = a | 0;
    const ib = b | 0;
    const v = PAD_WAVE[ia] + (PAD_WAVE[ia + 1] - PAD_WAVE[ia]) * (a - ia) + PAD_WAVE[ib] + (PAD_WAVE[ib + 1] - PAD_WAVE[ib]) * (b - ib);
    out[start + i] += v * env * gain * 0.5;
    a += stepA;
    if (a >= TABLE_SIZE) a -= TABLE_SIZE;
    b += stepB;
    if (b >= TABLE_SIZE) b -= TABLE_SIZE;
  }
}

/** Karplus–Strong plucked string: a noise burst through a delay line with a damped average. */
function pluck(out: Float32Array, start: number, hz: number, sr: number, gain: number): void {
  const period = Math.max(2, Math.round(sr / hz));
  const line = new Float32Array(period);
  // A fixed pseudo-random burst, so the same song always renders the same bytes.
  let seed = Math.round(hz * 1000);
  for (let i = 0; i < period; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    line[i] = (seed / 0x7fffffff) * 2 - 1;
  }
  // Pre-smooth the burst for a round, felt-like attack rather than a bright twang.
  for (let k = 0; k < 3; k++) for (let i = 1; i < period; i++) line[i] = 0.5 * (line[i] + line[i - 1]);
  const len = Math.min(out.length - start, Math.round(1.8 * sr));
  let idx = 0;
  for (let i = 0; i < len; i++) {
    const next = (idx + 1) % period;
    const v = line[idx];
    line[idx] = 0.996 * 0.5 * (line[idx] + line[next]);
    // A 4 ms rise: a string's attack is quick, but a jump from silence to full level is a click.
    const env = Math.min(1, i / (0.004 * sr)) * (i < len - 0.2 * sr ? 1 : (len - i) / (0.2 * sr));
    out[start + i] += v * gain * env;
    idx = next;
  }
}
