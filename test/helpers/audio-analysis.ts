// Measurements of rendered audio, for the tests: we cannot listen,
// so we check loudness per window, the pitch a voice holds, and which chord a bed is playing.
import { resample, rms, type Pcm } from "../../audio/pcm.ts";

/** RMS of consecutive windows of `windowSeconds`. */
export function windowRms(pcm: Pcm, windowSeconds: number, from = 0, to = pcm.samples.length / pcm.sampleRate): number[] {
  const n = Math.round(windowSeconds * pcm.sampleRate);
  const out: number[] = [];
  const end = Math.min(pcm.samples.length, Math.round(to * pcm.sampleRate));
  for (let i = Math.round(from * pcm.sampleRate); i + n <= end; i += n) out.push(rms(pcm.samples, i, i + n));
  return out;
}

export interface PitchFrame {
  /** Centre of the frame, seconds. */
  t: number;
  /** Fundamental in Hz, or null where the frame is unvoiced or quiet. */
  f0: number | null;
  /** Peak normalised autocorrelation, 0–1: how periodic the frame is (harmonics-to-noise). */
  clarity: number;
}

/**
 * Autocorrelation pitch tracker on an 8 kHz copy (cheap, and enough for voices up to 500 Hz).
 * A frame is voiced when its normalised correlation peak passes `threshold`.
 */
export function pitchTrack(pcm: Pcm, opts: { minHz?: number; maxHz?: number; hop?: number; threshold?: number } = {}): PitchFrame[] {
  const { minHz = 65, maxHz = 500, hop = 0.01, threshold = 0.6 } = opts;
  const x = resample(pcm, 8000).samples;
  const sr = 8000;
  const frame = Math.round(0.04 * sr);
  const minLag = Math.floor(sr / maxHz);
  const maxLag = Math.ceil(sr / minHz);
  const quiet = 0.02 * Math.max(1e-9, rms(x)); // far below the speech level: background, not voice
  const out: PitchFrame[] = [];
  for (let start = 0; start + frame + maxLag < x.length; start += Math.round(hop * sr)) {
    const t = (start + frame / 2) / sr;
    if (rms(x, start, start + frame) < quiet) {
      out.push({ t, f0: null, clarity: 0 });
      continue;
    }
    const corr = new Float64Array(maxLag + 2);
    for (let lag = minLag - 1; lag <= maxLag + 1; lag++) {
      let xy = 0;
      let xx = 0;
      let yy = 0;
      for (let i = start; i < start + frame; i++) {
        xy += x[i] * x[i + lag];
        xx += x[i] * x[i];
        yy += x[i + lag] * x[i + lag];
      }
      corr[lag] = xy / Math.sqrt(xx * yy || 1);
    }
    // The first lag whose peak comes near the best avoids octave-low errors (multiples of the period).
    let best = minLag;
    for (let lag = minLag; lag <= maxLag; lag++) if (corr[lag] > corr[best]) best = lag;
    let lag = best;
    for (let l = minLag; l < best; l++) {
      if (corr[l] > 0.9 * corr[best] && corr[l] >= corr[l - 1] && corr[l] >= corr[l + 1]) {
        lag = l;
        break;
      }
    }
    const clarity = corr[lag];
    // Parabolic interpolation of the peak for sub-sample precision.
    const a = corr[lag - 1];
    const b = corr[lag];
    const c = corr[lag + 1];
    const shift = a - 2 * b + c === 0 ? 0 : (0.5 * (a - c)) / (a - 2 * b + c);
    out.push({ t, f0: clarity >= threshold ? sr / (lag + shift) : null, clarity });
  }
  return out;
}

export function semitones(f: number, ref: number): number {
  return 12 * Math.log2(f / ref);
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.round((p / 100) * (s.length - 1))))] : NaN;
}

/**
 * Energy of each pitch class (C = 0 … B = 11) between `from` and `to` seconds, summed over MIDI
 * notes 36–83 (C2–B5) with Goertzel filters, normalised to sum 1.
 */
export function chroma(pcm: Pcm, from: number, to: number): number[] {
  const x = pcm.samples;
  const sr = pcm.sampleRate;
  const start = Math.max(0, Math.round(from * sr));
  const end = Math.min(x.length, Math.round(to * sr));
  const out = new Array<number>(12).fill(0);
  for (let midi = 36; midi < 84; midi++) {
    const f = 440 * 2 ** ((midi - 69) / 12);
    const k = 2 * Math.cos((2 * Math.PI * f) / sr);
    let s1 = 0;
    let s2 = 0;
    for (let i = start; i < end; i++) {
      // Hann window, so energy from neighbouring semitones leaks less into this bin.
      const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i - start)) / (end - start));
      const s0 = x[i] * w + k * s1 - s2;
      s2 = s1;
      s1 = s0;
    }
    out[midi % 12] += s1 * s1 + s2 * s2 - k * s1 * s2;
  }
  const total = out.reduce((a, b) => a + b, 0) || 1;
  return out.map((v) => v / total);
}

export interface Triad {
  root: number;
  minor: boolean;
  /** Share of the chroma energy on the triad's three notes. */
  score: number;
}

/** The major or minor triad whose notes hold the most of a chroma vector's energy. */
export function bestTriad(c: number[]): Triad {
  let best: Triad = { root: 0, minor: false, score: -1 };
  for (let root = 0; root < 12; root++) {
    for (const minor of [false, true]) {
      const score = c[root] + c[(root + (minor ? 3 : 4)) % 12] + c[(root + 7) % 12];
      if (score > best.score) best = { root, minor, score };
    }
  }
  return best;
}

const NAMES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"];
export function triadName(t: Triad): string {
  return NAMES[t.root] + (t.minor ? "m" : "");
}

/**
 * Onset strength every 10 ms: rises over 30 ms in the log level of 40 ms windows (longer than a bass
 * note's period, so a low tone does not ripple the level), of the signal or of its first difference.
 */
function onsets(pcm: Pcm, from: number, to: number, highpass: boolean): number[] {
  const sr = pcm.sampleRate;
  const a = Math.round(from * sr);
  const b = Math.min(pcm.samples.length, Math.round(to * sr));
  const x = pcm.samples;
  const sq = new Float64Array(b - a + 1);
  for (let i = a + 1; i < b; i++) sq[i - a + 1] = sq[i - a] + (highpass ? x[i] - x[i - 1] : x[i]) ** 2;
  const win = Math.round(0.04 * sr);
  const energy: number[] = [];
  for (let i = 0; i + win < sq.length; i += Math.round(0.01 * sr)) energy.push(Math.log(1 + 1000 * Math.sqrt((sq[i + win] - sq[i]) / win)));
  // A rise over 30 ms: a swell that comes back over a few frames counts as one onset, not as several faint ones.
  const rise = energy.map((e, i) => (i >= 3 ? Math.max(0, e - energy[i - 3]) : 0));
  const mean = rise.reduce((s, v) => s + v, 0) / (rise.length || 1);
  return rise.map((v) => (mean ? v / mean : 0));
}

/**
 * The tempo a recording moves at, in beats per minute: onsets in two bands (the whole signal, where a
 * low pulse shows, and its first difference, where plucks, brushes and bow strokes show) autocorrelated
 * over lags of 40–200 bpm, weighted by a broad prior around 100 bpm (one octave either side), so a beat
 * is preferred over its half or its double, as a listener tapping along would.
 */
export function tempoOf(pcm: Pcm, from = 0, to = pcm.samples.length / pcm.sampleRate): number {
  const hop = 0.01;
  const low = onsets(pcm, from, to, false);
  const high = onsets(pcm, from, to, true);
  const sum = low.map((v, i) => v + high[i]);
  const mean = sum.reduce((s, v) => s + v, 0) / (sum.length || 1);
  const x = sum.map((v) => v - mean);
  let best = 0;
  let bestBpm = NaN;
  for (let lag = Math.round(60 / 200 / hop); lag <= Math.round(60 / 40 / hop); lag++) {
    let acc = 0;
    for (let i = 0; i + lag < x.length; i++) acc += x[i] * x[i + lag];
    const bpm = 60 / (lag * hop);
    const score = (acc / (x.length - lag)) * Math.exp(-0.5 * Math.log2(bpm / 100) ** 2);
    if (score > best) [best, bestBpm] = [score, bpm];
  }
  return bestBpm;
}
