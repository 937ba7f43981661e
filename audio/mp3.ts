// MP3 encoding with LAME compiled to WebAssembly (wasm-media-encoders: MIT wrapper, LAME is LGPL,
// used unmodified), and a frame counter that measures an MP3's length as a player does, without decoding.
// Not lamejs (pure JS): it is several times slower on real songs, enough to overrun the render budget.
import type { createMp3Encoder } from "wasm-media-encoders";
import type { Pcm } from "./pcm.ts";

/** Mono at 24 kHz is MPEG-2 layer III: 576 samples a frame; 64 kbps is plenty for one voice. */
export const MP3_KBPS = 64 as const;
/** Music (stereo, 44.1 kHz, MPEG-1 layer III): 128 kbps joint stereo keeps a band's top end at a size a phone can stream. */
export const MUSIC_KBPS = 128 as const;

// One encoder per process, reconfigured for each file (configure() starts a fresh stream). Encoding is
// synchronous, so two files never interleave in it. Compiled on first need, not at import: a top-level await
// here made the server (which only reads MP3 lengths) compile LAME, and split its start-up's module
// evaluation in two, the second half one long task on a running event loop. The package itself is loaded then too:
// the server and the stdio bin, which never encode, do not load it.
let encoder: Awaited<ReturnType<typeof createMp3Encoder>> | undefined;
let loading: Promise<void> | undefined;

/** Compiles the LAME encoder once per process; `encodeMp3` and `encodeMp3Blocks` need it done. */
export function loadMp3Encoder(): Promise<void> {
  loading ??= import("wasm-media-encoders").then((lame) => lame.createMp3Encoder()).then((e) => void (encoder = e));
  return loading;
}

function loadedEncoder(): NonNullable<typeof encoder> {
  if (!encoder) throw new Error("the MP3 encoder is not loaded yet: await loadMp3Encoder() before encoding");
  return encoder;
}

const RATES_OK = [16_000, 22_050, 24_000, 32_000, 44_100, 48_000] as const;
const KBPS_OK = [32, 40, 48, 64, 80, 96, 112, 128, 160, 192] as const;

/** Encode mono or stereo PCM; stereo is written at MUSIC_KBPS unless `kbps` says otherwise. */
export function encodeMp3(pcm: Pcm, kbps?: (typeof KBPS_OK)[number]): Buffer {
  return encodeMp3Blocks([pcm], { sampleRate: pcm.sampleRate, stereo: !!pcm.right }, kbps);
}

/**
 * Encode PCM that arrives in blocks (all at `format`'s rate and channels) into one MP3 stream, as if it
 * were one buffer: only the blocks in hand and the MP3 so far are held.
 */
export function encodeMp3Blocks(
  blocks: Iterable<Pcm>,
  format: { sampleRate: number; stereo: boolean },
  kbps: (typeof KBPS_OK)[number] = format.stereo ? MUSIC_KBPS : MP3_KBPS,
): Buffer {
  const rate = RATES_OK.find((r) => r === format.sampleRate);
  if (!rate) throw new Error(`encodeMp3: ${format.sampleRate} Hz is not an MP3 sample rate; resample first`);
  if (!KBPS_OK.includes(kbps)) throw new Error(`encodeMp3: ${kbps} kbps is not offered`);
  // outputSampleRate pinned: left alone, LAME may pick a lower rate for a low bitrate.
  const encoder = loadedEncoder();
  encoder.configure({ sampleRate: rate, channels: format.stereo ? 2 : 1, bitrate: kbps, outputSampleRate: rate });
  const chunks: Buffer[] = [];
  // Fed a minute at most at a time; the returned view belongs to the encoder, so it is copied at once.
  const most = rate * 60;
  for (const pcm of blocks) {
    if (pcm.sampleRate !== rate) throw new Error(`encodeMp3: a ${pcm.sampleRate} Hz block in a ${rate} Hz stream`);
    for (let at = 0; at < pcm.samples.length; at += most) {
      const left = pcm.samples.subarray(at, at + most);
      const channels = format.stereo ? [left, (pcm.right ?? pcm.samples).subarray(at, at + most)] : [left];
      chunks.push(Buffer.from(encoder.encode(channels)));
    }
  }
  chunks.push(Buffer.from(encoder.finalize()));
  return Buffer.concat(chunks);
}

const BITRATES: Record<string, number[]> = {
  // kbps by index, layer III: MPEG-1, and MPEG-2/2.5
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

export interface Mp3Info {
  frames: number;
  sampleRate: number;
  seconds: number;
}

/**
 * Walk the layer III frames of an MP3 (skipping an ID3v2 tag) and add up their durations.
 * Throws when the data holds no frames, so a broken file is never reported as playable.
 */
export function mp3Info(data: Uint8Array): Mp3Info {
  let at = 0;
  if (data[0] === 0x49 && data[1] === 0x44 && data[2] === 0x33) {
    at = 10 + ((data[6] << 21) | (data[7] << 14) | (data[8] << 7) | data[9]);
  }
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff || (data[at + 1] & 0xe0) !== 0xe0) {
      at++; // resynchronise past junk
      continue;
    }
    const version = (data[at + 1] >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    const layer = (data[at + 1] >> 1) & 3; // 1: layer III
    const bitrateIndex = data[at + 2] >> 4;
    const rateIndex = (data[at + 2] >> 2) & 3;
    const padding = (data[at + 2] >> 1) & 1;
    const rate = RATES[version]?.[rateIndex];
    const kbps = BITRATES[version === 3 ? "v1" : "v2"][bitrateIndex];
    if (layer !== 1 || !rate || !kbps) {
      at++;
      continue;
    }
    const perFrame = version === 3 ? 1152 : 576;
    const length = Math.floor(((perFrame / 8) * kbps * 1000) / rate) + padding;
    frames++;
    samples += perFrame;
    sampleRate = rate;
    at += length;
  }
  if (!frames) throw new Error("no MP3 frames found");
  return { frames, sampleRate, seconds: samples / sampleRate };
}
