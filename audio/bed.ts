// The band under a song, in stereo at 44.1 kHz, played the way its `style` asks: the first texture the
// style names leads (slow swells for "analog synth swells", an arpeggio for a fingerpicked guitar, struck
// chords for a piano, long bowed notes for a cello…), a second one colours it, a kit keeps time when
// drums are named, and every texture marks the beat in its own way, so the song moves at its tempo.
import { drum, key, padSwell, pluck, sustained, type Pulse, type Stereo } from "./instruments.ts";
import { barSeconds, chordAt, midiToHz, voiceChord, type Chord } from "./music.ts";
import type { Mood, Texture } from "./style.ts";

/** Music renders at CD rate in stereo; speech stays 24 kHz mono until it is mixed into a song. */
export const MUSIC_RATE = 44_100;

export interface BedOptions {
  chords: Chord[];
  bpm: number;
  beatsPerBar: number;
  seconds: number;
  textures?: Texture[];
  percussion?: boolean;
  mood?: Mood;
  sampleRate?: number;
}

/**
 * A sustained sound marks the beat: the level dips just before each beat and comes back over `recover`
 * seconds after it (a pad's breath is slow, a bow's change of stroke quick).
 */
function beatPulse(bpm: number, depth: number, recover: number): Pulse {
  const beat = 60 / bpm;
  const r = Math.min(recover, beat * 0.4);
  return (t) => {
    const into = t % beat;
    if (into < r) return 1 - depth * (1 - into / r);
    const before = beat - into; // the last 40 ms before the beat fall toward the dip, so the change is a stroke, not a click
    return before < 0.04 ? 1 - depth * (1 - before / 0.04) : 1;
  };
}

function playTexture(
  out: Stereo,
  texture: Texture,
  o: Required<Omit<BedOptions, "sampleRate" | "chords" | "seconds">>,
  chord: Chord,
  voicing: number[],
  barStart: number,
  level: number,
): void {
  const sr = out.sampleRate;
  const beat = 60 / o.bpm;
  const bar = beat * o.beatsPerBar;
  const at = (beatIndex: number) => Math.round((barStart + beatIndex * beat) * sr);
  const bright = o.mood === "bright" ? 0.65 : o.mood === "hushed" ? 0.25 : 0.45;
  switch (texture) {
    case "pad": {
      const pulse = beatPulse(o.bpm, o.textures.length === 1 && !o.percussion ? 0.5 : o.mood === "hushed" ? 0.35 : 0.45, 0.06);
      for (const m of voicing) padSwell(out, at(0), midiToHz(m), bar, 0.075 * level, pulse);
      return;
    }
    case "plucked": {
      // An arpeggio, one chord tone a beat, low–middle–high–middle.
      const order = [0, 1, 2, 1];
      for (let b = 0; b < o.beatsPerBar; b++) pluck(out, at(b), midiToHz(voicing[order[b % 4]]), (b === 0 ? 0.18 : 0.16) * level, -0.35, bright);
      return;
    }
    case "keys": {
      // The whole chord on the downbeat, then its tones broken an octave up on the other beats.
      for (const m of voicing) key(out, at(0), midiToHz(m), 0.06 * level, 0.3, o.mood === "hushed" ? 1.4 : 1.0);
      for (let b = 1; b < o.beatsPerBar; b++) for (const m of [voicing[b % 3], voicing[(b + 1) % 3] + 12]) key(out, at(b), midiToHz(m), 0.06 * level, 0.3, 0.7);
      return;
    }
    case "bowed":
    case "wind": {
      const pulse = beatPulse(o.bpm, 0.6, 0.07);
      const notes = texture === "bowed" ? voicing : [voicing[2]];
      const pans = texture === "bowed" ? [-0.4, -0.1, 0.2] : [0.4];
      notes.forEach((m, i) => sustained(out, at(0), midiToHz(m), bar, (texture === "bowed" ? 0.045 : 0.06) * level, pans[i], texture, pulse));
      return;
    }
  }
}

type Played = Required<Omit<BedOptions, "sampleRate">>;

function withDefaults(opts: BedOptions): Played {
  return { ...opts, textures: opts.textures ?? (["pad"] as Texture[]), percussion: opts.percussion ?? false, mood: opts.mood ?? ("warm" as Mood) };
}

/**
 * Plays the bars into `out` (a whole bed, or a window of one: instruments.ts `offset`), bar by bar. Before
 * each bar it yields the bar's first sample: no note of it or of any later bar starts earlier, so a
 * stream may hand on everything before it.
 */
function* playBars(o: Played, out: Stereo): Generator<number, void> {
  const sr = out.sampleRate;
  const bar = barSeconds(o.bpm, o.beatsPerBar);
  const beat = 60 / o.bpm;
  const bars = Math.ceil(o.seconds / bar);
  const padOnly = o.textures.every((t) => t === "pad");
  const strong = o.beatsPerBar === 3 ? [0] : [0, 2];
  const kitLevel = o.mood === "hushed" ? 0.6 : o.mood === "bright" ? 1.2 : 0.9;
  let voicing: number[] | undefined;
  for (let b = 0; b < bars; b++) {
    const chord = chordAt(o.chords, b);
    voicing = voiceChord(chord, voicing);
    const start = b * bar;
    yield Math.round(start * sr);
    const bassHz = midiToHz(36 + chord.root); // C2–B2: under the chords, still heard on small speakers
    // A pad-only style gets a held low note rather than plucked bass: swells, never plucks.
    if (padOnly) padSwell(out, Math.round(start * sr), bassHz, bar, 0.12, beatPulse(o.bpm, o.percussion ? 0.35 : 0.5, 0.06), 0.2);
    else
      for (let k = 0; k < o.beatsPerBar; k++) pluck(out, Math.round((start + k * beat) * sr), bassHz, k === 0 ? 0.2 : strong.includes(k) ? 0.16 : 0.12, 0, 0);
    o.textures.slice(0, 2).forEach((t, i) => playTexture(out, t, o, chord, voicing!, start, i === 0 ? 1 : 0.5));
    // Swells leading give a voice's syllables the loudest onsets; a felt pulse under them (a soft low
    // thump on each beat, as ambient music keeps time) lets the song still move at its tempo.
    if (o.textures[0] === "pad" && !o.percussion)
      for (let k = 0; k < o.beatsPerBar; k++) drum(out, Math.round((start + k * beat) * sr), "kick", k === 0 ? 0.5 : 0.4);
    if (o.percussion) {
      for (let k = 0; k < o.beatsPerBar; k++) {
        const i = Math.round((start + k * beat) * sr);
        if (strong.includes(k)) drum(out, i, "kick", 0.35 * kitLevel);
        else drum(out, i, "brush", 0.26 * kitLevel);
        drum(out, i, "shaker", 0.05 * kitLevel);
      }
    }
  }
}

/** The fades over 2 s in and 4 s out, on `ch` holding the bed's samples from `from` (of `n` in all). */
function fade(ch: Float32Array, from: number, n: number, sr: number): void {
  const fadeIn = Math.min(n, 2 * sr);
  const fadeOut = Math.min(n, 4 * sr);
  for (let k = 0; k < ch.length; k++) {
    const i = from + k;
    if (i < fadeIn) ch[k] *= i / fadeIn;
    if (n - 1 - i < fadeOut) ch[k] *= (n - 1 - i) / fadeOut;
  }
}

function lengthOf(o: BedOptions): number {
  return Math.round(o.seconds * (o.sampleRate ?? MUSIC_RATE));
}

/** Render the bed whole: bass, the style's textures and its kit, faded in over 2 s and out over 4 s. */
export function renderBed(opts: BedOptions): Stereo {
  const o = withDefaults(opts);
  const sr = opts.sampleRate ?? MUSIC_RATE;
  const n = lengthOf(opts);
  const out: Stereo = { left: new Float32Array(n), right: new Float32Array(n), sampleRate: sr };
  for (const _ of playBars(o, out));
  fade(out.left, 0, n, sr);
  fade(out.right, 0, n, sr);
  return out;
}

/**
 * The same bed in blocks of `blockSeconds`, sample for sample: its notes are played into a window a few
 * bars long that moves along the bed, so memory stays the same however long the song.
 */
export function* bedBlocks(opts: BedOptions, blockSeconds = 4): Generator<Stereo, void> {
  const o = withDefaults(opts);
  const sr = opts.sampleRate ?? MUSIC_RATE;
  const n = lengthOf(opts);
  const bar = barSeconds(o.bpm, o.beatsPerBar);
  const block = Math.max(1, Math.round(blockSeconds * sr));
  // A note starts within its bar and lasts at most a bar and a half-second release, or 4 s (a key's
  // ring): the window holds a block, the bar being played and the longest note after it, with room.
  const size = block + Math.ceil((3 * bar + 4) * sr);
  const win: Stereo = { left: new Float32Array(size), right: new Float32Array(size), sampleRate: sr, offset: 0, end: n };
  const emit = (to: number): Stereo => {
    const from = win.offset ?? 0;
    const k = to - from;
    const out: Stereo = { left: win.left.slice(0, k), right: win.right.slice(0, k), sampleRate: sr };
    fade(out.left, from, n, sr);
    fade(out.right, from, n, sr);
    for (const ch of [win.left, win.right]) ch.copyWithin(0, k).fill(0, size - k);
    win.offset = to;
    return out;
  };
  for (const barStart of playBars(o, win)) while (barStart - (win.offset ?? 0) >= block) yield emit((win.offset ?? 0) + block);
  while ((win.offset ?? 0) < n) yield emit(Math.min(n, (win.offset ?? 0) + block));
}
