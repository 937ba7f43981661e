// Small filters applied to the voice: trimming, a rumble high-pass, loudness, and a room for chants.
import { rms, type Pcm } from "./pcm.ts";

/** Cut leading and trailing near-silence (flite pads each utterance), keeping `keep` seconds. */
export function trim(pcm: Pcm, threshold = 0.004, keep = 0.03): Pcm {
  const x = pcm.samples;
  let a = 0;
  let b = x.length - 1;
  while (a < x.length && Math.abs(x[a]) < threshold) a++;
  while (b > a && Math.abs(x[b]) < threshold) b--;
  if (a >= b) return { samples: new Float32Array(0), sampleRate: pcm.sampleRate };
  const k = Math.round(keep * pcm.sampleRate);
  return { samples: x.slice(Math.max(0, a - k), Math.min(x.length, b + 1 + k)), sampleRate: pcm.sampleRate };
}

/** Second-order high-pass (RBJ biquad): removes rumble below `hz` that small speakers turn into mud. */
export function highpass(pcm: Pcm, hz: number): Pcm {
  const w = (2 * Math.PI * hz) / pcm.sampleRate;
  const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const b0 = (1 + cos) / 2 / a0;
  const b1 = -(1 + cos) / a0;
  const a1 = (-2 * cos) / a0;
  const a2 = (1 - alpha) / a0;
  const out = new Float32Array(pcm.samples.length);
  let x1 = 0,
    x2 = 0,
    y1 = 0,
    y2 = 0;
  for (let i = 0; i < out.length; i++) {
    const x0 = pcm.samples[i];
    const y0 = b0 * x0 + b1 * x1 + b0 * x2 - a1 * y1 - a2 * y2;
    out[i] = y0;
    x2 = x1;
    x1 = x0;
    y2 = y1;
    y1 = y0;
  }
  return { samples: out, sampleRate: pcm.sampleRate };
}

/**
 * Scale so the voiced parts (50 ms windows above a tenth of the loudest) have RMS `target`.
 * Measuring only where the voice speaks keeps long marked silences from inflating the gain.
 */
export function normalizeActive(pcm: Pcm, target: number, ceiling = 0.89): Pcm {
  const n = Math.round(0.05 * pcm.sampleRate);
  const levels: number[] = [];
  for (let i = 0; i + n <= pcm.samples.length; i += n) levels.push(rms(pcm.samples, i, i + n));
  const loudest = Math.max(0, ...levels);
  const active = levels.filter((l) => l > loudest / 10);
  if (!active.length) return pcm;
  const level = Math.sqrt(active.reduce((s, l) => s + l * l, 0) / active.length);
  let peak = 0;
  for (const s of pcm.samples) peak = Math.max(peak, Math.abs(s));
  const gain = Math.min(target / level, ceiling / peak);
  return { samples: pcm.samples.map((s) => s * gain), sampleRate: pcm.sampleRate };
}

/**
 * A small stone room: four feedback combs into two all-passes (Schroeder), mixed under the dry voice.
 * The output is longer than the input by `tail` seconds, so the last word rings out.
 */
export function room(pcm: Pcm, opts: { wet?: number; decay?: number; tail?: number } = {}): Pcm {
  const { wet = 0.22, decay = 0.78, tail = 1.5 } = opts;
  const sr = pcm.sampleRate;
  const n = pcm.samples.length + Math.round(tail * sr);
  const dry = new Float32Array(n);
  dry.set(pcm.samples);
  const wetSum = new Float32Array(n);
  for (const ms of [29.7, 37.1, 41.1, 43.7]) {
    const d = Math.round((ms / 1000) * sr);
    const buf = new Float32Array(d);
    let lp = 0;
    for (let i = 0, j = 0; i < n; i++) {
      const y = buf[j];
      lp = 0.7 * y + 0.3 * lp; // damping: high frequencies die first, as in a real room
      buf[j] = dry[i] + lp * decay;
      wetSum[i] += y * 0.25;
      j = j + 1 === d ? 0 : j + 1;
    }
  }
  for (const ms of [5.0, 1.7]) {
    const d = Math.round((ms / 1000) * sr);
    const buf = new Float32Array(d);
    for (let i = 0, j = 0; i < n; i++) {
      const bufOut = buf[j];
      const input = wetSum[i];
      buf[j] = input + bufOut * 0.5;
      wetSum[i] = bufOut - input * 0.5;
      j = j + 1 === d ? 0 : j + 1;
    }
  }
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = dry[i] + wet * wetSum[i];
  return { samples: out, sampleRate: sr };
}
