// PCM as Float32Array in [-1, 1] with its sample rate (mono, or stereo when `right` is there), and the
// few pure operations the renderers need. Everything allocates new arrays: inputs are never mutated.

export interface Pcm {
  /** Mono, or the left channel of a stereo pair. */
  samples: Float32Array;
  sampleRate: number;
  /** The right channel, for music (songs are stereo at 44.1 kHz; speech is mono at 24 kHz). */
  right?: Float32Array;
}

/** The rate speech renders at: a reading's MP3 is written at it too (MPEG-2 layer III, mono). */
export const SAMPLE_RATE = 24_000;

export function silence(seconds: number, sampleRate = SAMPLE_RATE, stereo = false): Pcm {
  const n = Math.max(0, Math.round(seconds * sampleRate));
  return stereo ? { samples: new Float32Array(n), right: new Float32Array(n), sampleRate } : { samples: new Float32Array(n), sampleRate };
}

export function seconds(pcm: Pcm): number {
  return pcm.samples.length / pcm.sampleRate;
}

export function concat(parts: Pcm[], sampleRate = parts[0]?.sampleRate ?? SAMPLE_RATE): Pcm {
  for (const p of parts) if (p.sampleRate !== sampleRate) throw new Error(`concat: ${p.sampleRate} Hz part in a ${sampleRate} Hz sequence`);
  const out = new Float32Array(parts.reduce((n, p) => n + p.samples.length, 0));
  const stereo = parts.some((p) => p.right);
  const right = stereo ? new Float32Array(out.length) : undefined;
  let at = 0;
  for (const p of parts) {
    out.set(p.samples, at);
    right?.set(p.right ?? p.samples, at); // a mono part sounds in the middle
    at += p.samples.length;
  }
  return right ? { samples: out, right, sampleRate } : { samples: out, sampleRate };
}

function gcd(a: number, b: number): number {
  return b ? gcd(b, a % b) : a;
}

/**
 * Resample with a windowed-sinc (Lanczos, a = 8) kernel. Upsampling flite's 16 kHz to 24 kHz this way
 * adds none of the aliasing hiss above 8 kHz that linear interpolation leaves. For a rational ratio
 * (16 → 24 kHz has three phases) the kernel is computed once per phase, not once per sample.
 */
export function resample(pcm: Pcm, to: number): Pcm {
  if (pcm.sampleRate === to) return pcm;
  const ratio = pcm.sampleRate / to;
  const n = Math.floor(pcm.samples.length / ratio);
  const out = new Float32Array(n);
  const a = 8;
  // Downsampling widens the kernel so it also low-passes below the new Nyquist frequency.
  const scale = Math.max(1, ratio);
  const width = Math.ceil(a * scale) * 2 + 1;
  const phases = to / gcd(pcm.sampleRate, to);
  const src = pcm.samples;
  const cache = new Map<number, Float64Array>();
  const kernel = (frac: number): Float64Array => {
    const key = Math.round(frac * phases);
    let w = phases <= 4096 ? cache.get(key) : undefined;
    if (w) return w;
    w = new Float64Array(width);
    let sum = 0;
    for (let k = 0; k < width; k++) {
      const x = (k - (width - 1) / 2 - frac) / scale;
      w[k] = Math.abs(x) >= a ? 0 : x === 0 ? 1 : (a * Math.sin(Math.PI * x) * Math.sin((Math.PI * x) / a)) / (Math.PI * Math.PI * x * x);
      sum += w[k];
    }
    for (let k = 0; k < width; k++) w[k] /= sum; // unity gain at DC
    if (phases <= 4096) cache.set(key, w);
    return w;
  };
  const half = (width - 1) / 2;
  for (let i = 0; i < n; i++) {
    const center = i * ratio;
    const base = Math.floor(center);
    const w = kernel(center - base);
    let acc = 0;
    const first = base - half;
    if (first >= 0 && first + width <= src.length) {
      for (let k = 0; k < width; k++) acc += src[first + k] * w[k];
    } else {
      for (let k = 0; k < width; k++) {
        const j = first + k;
        if (j >= 0 && j < src.length) acc += src[j] * w[k];
      }
    }
    out[i] = acc;
  }
  return { samples: out, sampleRate: to };
}

/** Add `src` (scaled by gain) into `dest` starting at sample `at`; what falls past the end is dropped. */
export function mixInto(dest: Float32Array, src: Float32Array, at: number, gain = 1): void {
  const end = Math.min(dest.length, at + src.length);
  for (let i = Math.max(0, at); i < end; i++) dest[i] += src[i - at] * gain;
}

export function rms(samples: Float32Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i] * samples[i];
  return to > from ? Math.sqrt(sum / (to - from)) : 0;
}

export function peak(samples: Float32Array): number {
  let p = 0;
  for (const s of samples) p = Math.max(p, Math.abs(s));
  return p;
}

/** Short raised-cosine fades at both ends, so a cut never clicks. */
export function fadeEdges(pcm: Pcm, fadeSeconds = 0.01): Pcm {
  const out = pcm.samples.slice();
  const n = Math.min(Math.round(fadeSeconds * pcm.sampleRate), Math.floor(out.length / 2));
  for (let i = 0; i < n; i++) {
    const g = 0.5 - 0.5 * Math.cos((Math.PI * i) / n);
    out[i] *= g;
    out[out.length - 1 - i] *= g;
  }
  return { samples: out, sampleRate: pcm.sampleRate };
}

/** Soft limiter for the final mix: transparent below `knee`, smoothly approaching 1 above it. */
export function softLimit(pcm: Pcm, knee = 0.8): Pcm {
  const room = 1 - knee;
  const limit = (s: number) => {
    const a = Math.abs(s);
    if (a <= knee) return s;
    return Math.sign(s) * (knee + room * Math.tanh((a - knee) / room));
  };
  const samples = pcm.samples.map(limit);
  return pcm.right ? { samples, right: pcm.right.map(limit), sampleRate: pcm.sampleRate } : { samples, sampleRate: pcm.sampleRate };
}

/** 16-bit mono WAV, for listening tools and debugging; the service itself serves MP3. */
export function toWav(pcm: Pcm): Buffer {
  const n = pcm.samples.length;
  const b = Buffer.alloc(44 + n * 2);
  b.write("RIFF", 0);
  b.writeUInt32LE(36 + n * 2, 4);
  b.write("WAVEfmt ", 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(pcm.sampleRate, 24);
  b.writeUInt32LE(pcm.sampleRate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36);
  b.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) b.writeInt16LE(Math.round(Math.max(-1, Math.min(1, pcm.samples[i])) * 32767), 44 + i * 2);
  return b;
}

/** Parse a PCM WAV (8/16-bit, any channel count: the first channel is kept). */
export function fromWav(buf: Uint8Array): Pcm {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  if (b.toString("ascii", 0, 4) !== "RIFF" || b.toString("ascii", 8, 12) !== "WAVE") throw new Error("not a WAV file");
  let at = 12;
  let channels = 1;
  let rate = 0;
  let bits = 16;
  while (at + 8 <= b.length) {
    const id = b.toString("ascii", at, at + 4);
    const size = b.readUInt32LE(at + 4);
    if (id === "fmt ") {
      channels = b.readUInt16LE(at + 10);
      rate = b.readUInt32LE(at + 12);
      bits = b.readUInt16LE(at + 22);
    } else if (id === "data") {
      const bytes = bits / 8;
      const frames = Math.floor(Math.min(size, b.length - at - 8) / (bytes * channels));
      const out = new Float32Array(frames);
      for (let i = 0; i < frames; i++) {
        const o = at + 8 + i * bytes * channels;
        out[i] = bits === 16 ? b.readInt16LE(o) / 32768 : (b.readUInt8(o) - 128) / 128;
      }
      return { samples: out, sampleRate: rate };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error("WAV file has no data chunk");
}
