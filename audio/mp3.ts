// MP3 encoding with lamejs (pure JavaScript, LGPL-3.0, used unmodified) and a frame counter that
// measures an MP3's length the way a player does, without decoding it.
import { Mp3Encoder } from "@breezystack/lamejs";
import type { Pcm } from "./pcm.ts";

/** Mono at 24 kHz is MPEG-2 layer III: 576 samples a frame; 64 kbps is plenty for one voice and a soft bed. */
export const MP3_KBPS = 64;

export function encodeMp3(pcm: Pcm, kbps = MP3_KBPS): Buffer {
  if (![16_000, 22_050, 24_000, 32_000, 44_100, 48_000].includes(pcm.sampleRate)) {
    throw new Error(`encodeMp3: ${pcm.sampleRate} Hz is not an MP3 sample rate this encoder is used with`);
  }
  const encoder = new Mp3Encoder(1, pcm.sampleRate, kbps);
  const chunks: Uint8Array[] = [];
  const block = 1152 * 16;
  const int16 = new Int16Array(block);
  for (let at = 0; at < pcm.samples.length; at += block) {
    const n = Math.min(block, pcm.samples.length - at);
    for (let i = 0; i < n; i++) {
      const s = pcm.samples[at + i];
      int16[i] = s >= 1 ? 32767 : s <= -1 ? -32768 : Math.round(s * 32767);
    }
    const out = encoder.encodeBuffer(n === block ? int16 : int16.subarray(0, n));
    if (out.length) chunks.push(Uint8Array.from(out));
  }
  const tail = encoder.flush();
  if (tail.length) chunks.push(Uint8Array.from(tail));
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
