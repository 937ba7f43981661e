// The band's instruments, each one note at a time added into a stereo pair of buffers: a swelling pad,
// a plucked string (Karplus–Strong), a struck key, a bowed string, a breathed reed, and a soft kit.
// Wavetables keep them cheap: a per-sample table lookup instead of several Math.sin calls. Pure: no I/O.

export interface Stereo {
  left: Float32Array;
  right: Float32Array;
  sampleRate: number;
  /** A window of a longer bed (audio/bed.ts streams in blocks): the bed's sample index of `left[0]`. */
  offset?: number;
  /** The bed's whole length in samples, where notes are cut off (default: the end of this window). */
  end?: number;
}

/**
 * Where a note starting at the bed's sample `start` is written in `out`, and how many samples it keeps:
 * cut at the bed's end, as in a whole buffer, so a window renders the very samples a whole bed would.
 */
function place(out: Stereo, start: number, seconds: number): { base: number; len: number } {
  const base = start - (out.offset ?? 0);
  const end = out.end ?? (out.offset ?? 0) + out.left.length;
  return { base, len: Math.max(0, Math.min(end - start, out.left.length - base, Math.round(seconds * out.sampleRate))) };
}

const TABLE = 4096;
function table(harmonics: number[]): Float32Array {
  return Float32Array.from({ length: TABLE + 1 }, (_, i) => {
    const ph = (2 * Math.PI * i) / TABLE;
    return harmonics.reduce((s, a, h) => s + a * Math.sin((h + 1) * ph), 0);
  });
}
// Warm sine with a little 2nd and 3rd (pad); saw-like rolling off (bowed); odd harmonics (reed); bell-ish (keys).
const PAD = table([1, 0.18, 0.06]);
const BOWED = table([1, 0.5, 0.33, 0.22, 0.16, 0.1, 0.07, 0.05]);
const REED = table([1, 0.05, 0.45, 0.03, 0.22, 0.02, 0.1]);
const KEYS = table([1, 0.35, 0.12, 0.06]);

/** Equal-power pan: -1 left … +1 right. */
function gains(pan: number): [number, number] {
  const a = ((pan + 1) * Math.PI) / 4;
  return [Math.cos(a), Math.sin(a)];
}

interface Osc {
  wave: Float32Array;
  hz: number;
  /** Amplitude envelope at t seconds into the note. */
  env: (t: number) => number;
  seconds: number;
  gain: number;
  pan: number;
  /** Vibrato depth as a fraction of the pitch (bowed strings and reeds move a little). */
  vibrato?: number;
  /** Second oscillator detuned by this ratio on the other side (a pad's slow chorus). */
  detune?: number;
}

const CONTROL = 64;

function play(out: Stereo, start: number, o: Osc): void {
  const sr = out.sampleRate;
  const { base, len } = place(out, start, o.seconds);
  const [gl, gr] = gains(o.pan);
  const d = o.detune ?? 0;
  let a = 0;
  let b = TABLE / 3; // out of phase, so two oscillators do not open with a doubled click
  // Envelope and vibrato change slowly: computed every CONTROL samples (about 1.5 ms) and interpolated
  // between, which cuts the per-sample cost to a table lookup and a few multiplications.
  let e = o.env(0) * o.gain;
  let eStep = 0;
  let vib = 1;
  for (let i = 0; i < len; i++) {
    if (i % CONTROL === 0) {
      const t = i / sr;
      const next = o.env((i + CONTROL) / sr) * o.gain;
      e = o.env(t) * o.gain;
      eStep = (next - e) / CONTROL;
      vib = o.vibrato ? 1 + o.vibrato * Math.sin(2 * Math.PI * 5.2 * t) : 1;
    } else e += eStep;
    const ia = a | 0;
    const va = o.wave[ia] + (o.wave[ia + 1] - o.wave[ia]) * (a - ia);
    if (d) {
      const ib = b | 0;
      const vb = o.wave[ib] + (o.wave[ib + 1] - o.wave[ib]) * (b - ib);
      out.left[base + i] += (va * 0.75 + vb * 0.25) * e * gl;
      out.right[base + i] += (va * 0.25 + vb * 0.75) * e * gr;
      b += (o.hz * (1 + d) * vib * TABLE) / sr;
      if (b >= TABLE) b -= TABLE;
    } else {
      out.left[base + i] += va * e * gl;
      out.right[base + i] += va * e * gr;
    }
    a += (o.hz * (1 - d) * vib * TABLE) / sr;
    if (a >= TABLE) a -= TABLE;
  }
}

/** A gain over time in seconds from the start of the bed (a pulse on the beat for sustained sounds). */
export type Pulse = (seconds: number) => number;
const steady: Pulse = () => 1;

/** A pad swell: rises over `rise` of the note, holds, releases over 1.5 s; `pulse` breathes it on the beat. */
export function padSwell(out: Stereo, start: number, hz: number, seconds: number, gain: number, pulse: Pulse = steady, rise = 0.45): void {
  const attack = seconds * rise;
  const release = 1.5;
  const at = start / out.sampleRate;
  play(out, start, {
    wave: PAD,
    hz,
    seconds: seconds + release,
    gain,
    pan: 0,
    detune: 0.002,
    env: (t) => pulse(at + t) * (t < attack ? Math.sin(((t / attack) * Math.PI) / 2) : t < seconds ? 1 : Math.max(0, 1 - (t - seconds) / release)),
  });
}

/** A bowed or breathed note: a quick bow or breath onset, a slight swell and vibrato, a short release. */
export function sustained(
  out: Stereo,
  start: number,
  hz: number,
  seconds: number,
  gain: number,
  pan: number,
  kind: "bowed" | "wind",
  pulse: Pulse = steady,
): void {
  const attack = kind === "bowed" ? 0.09 : 0.05;
  const at = start / out.sampleRate;
  play(out, start, {
    wave: kind === "bowed" ? BOWED : REED,
    hz,
    seconds: seconds + 0.35,
    gain,
    pan,
    vibrato: kind === "bowed" ? 0.004 : 0.0025,
    env: (t) =>
      pulse(at + t) * (t < attack ? t / attack : t < seconds ? 0.75 + 0.25 * Math.exp(-(t - attack) * 3) : Math.max(0, 1 - (t - seconds) / 0.35) * 0.75),
  });
}

/** A struck key: an immediate attack and a long exponential decay (piano, Rhodes, vibraphone, celesta). */
export function key(out: Stereo, start: number, hz: number, gain: number, pan: number, decay = 1.1): void {
  play(out, start, {
    wave: KEYS,
    hz,
    seconds: Math.min(4, decay * 3),
    gain,
    pan,
    env: (t) => Math.min(1, t / 0.004) * Math.exp(-t / decay),
  });
}

/** Karplus–Strong plucked string: a noise burst through a damped delay line. `bright` 0–1. */
export function pluck(out: Stereo, start: number, hz: number, gain: number, pan: number, bright = 0.4, seconds = 1.8): void {
  const sr = out.sampleRate;
  const period = Math.max(2, Math.round(sr / hz));
  const line = new Float32Array(period);
  let seed = Math.round(hz * 1000) + start; // fixed per note: the same song always renders the same bytes
  for (let i = 0; i < period; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    line[i] = (seed / 0x7fffffff) * 2 - 1;
  }
  // Pre-smoothing sets the tone: more passes, a rounder, felt-like attack.
  const passes = Math.round(4 - 3 * bright);
  for (let k = 0; k < passes; k++) for (let i = 1; i < period; i++) line[i] = 0.5 * (line[i] + line[i - 1]);
  const { base, len } = place(out, start, seconds);
  const [gl, gr] = gains(pan);
  let idx = 0;
  for (let i = 0; i < len; i++) {
    const next = idx + 1 === period ? 0 : idx + 1;
    const v = line[idx];
    line[idx] = 0.996 * 0.5 * (line[idx] + line[next]);
    // A 4 ms rise: quick like a string, never a click.
    const env = Math.min(1, i / (0.004 * sr)) * (i < len - 0.2 * sr ? 1 : (len - i) / (0.2 * sr));
    out.left[base + i] += v * gain * env * gl;
    out.right[base + i] += v * gain * env * gr;
    idx = next;
  }
}

let noiseSeed = 12345;
function noise(): number {
  noiseSeed = (noiseSeed * 1103515245 + 12345) & 0x7fffffff;
  return (noiseSeed / 0x7fffffff) * 2 - 1;
}

/** The kit: a soft kick (a falling sine), a brush or snare (filtered noise), a shaker (short bright noise). */
export function drum(out: Stereo, start: number, kind: "kick" | "brush" | "shaker", gain: number): void {
  const sr = out.sampleRate;
  const seconds = kind === "kick" ? 0.35 : kind === "brush" ? 0.22 : 0.07;
  const { base, len } = place(out, start, seconds);
  const [gl, gr] = gains(kind === "kick" ? 0 : kind === "brush" ? 0.15 : -0.3);
  noiseSeed = 12345 + start; // deterministic
  let phase = 0;
  let lp = 0;
  let prev = 0;
  for (let i = 0; i < len; i++) {
    const t = i / sr;
    let v: number;
    if (kind === "kick") {
      phase += (2 * Math.PI * (48 + 70 * Math.exp(-t * 30))) / sr;
      v = Math.sin(phase) * Math.exp(-t * 9);
    } else {
      const n = noise();
      lp += (n - lp) * (kind === "brush" ? 0.35 : 0.8);
      const hp = lp - prev; // a little high-pass: air, not rumble
      prev = lp;
      v = (kind === "brush" ? lp * 0.6 + hp : hp) * Math.exp(-t * (kind === "brush" ? 18 : 60));
    }
    const env = Math.min(1, i / (0.002 * sr));
    out.left[base + i] += v * gain * env * gl;
    out.right[base + i] += v * gain * env * gr;
  }
}
