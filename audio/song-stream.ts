// A planned song (audio/song.ts) mixed block by block: the same samples as the whole-buffer render, with
// memory that does not grow with the song's length (a renderer's peak is a few blocks and the voiced
// lines, not minutes of stereo floats). Each section's bed is played twice: once to measure its level
// (the gain that sets it under the voice needs the whole bed), then again to be mixed, since keeping it
// would cost the memory this saves.
import { bedBlocks, MUSIC_RATE } from "./bed.ts";
import { resample, softLimit, type Pcm } from "./pcm.ts";
import { bedGain, type PlannedSong, type SongPart } from "./song.ts";

/** Seconds in a block: short enough to keep a renderer small, long enough to keep the per-block work negligible. */
export const BLOCK_SECONDS = 4;

function* silenceBlocks(seconds: number, blockSeconds: number): Generator<Pcm, void> {
  const n = Math.max(0, Math.round(seconds * MUSIC_RATE));
  const block = Math.max(1, Math.round(blockSeconds * MUSIC_RATE));
  for (let at = 0; at < n; at += block) {
    const k = Math.min(block, n - at);
    yield { samples: new Float32Array(k), right: new Float32Array(k), sampleRate: MUSIC_RATE };
  }
}

function* sectionBlocks(part: Exclude<SongPart, { silence: number }>, blockSeconds: number): Generator<Pcm, void> {
  let sumLeft = 0;
  let sumRight = 0;
  let n = 0;
  for (const b of bedBlocks(part.bed, blockSeconds)) {
    for (let i = 0; i < b.left.length; i++) {
      sumLeft += b.left[i] * b.left[i];
      sumRight += b.right[i] * b.right[i];
    }
    n += b.left.length;
  }
  const gain = bedGain(sumLeft, sumRight, n);
  // The voices in order, each brought up to the music's rate only while a block overlaps it.
  const voices = part.voices.map((v) => ({ at: Math.round(v.at * MUSIC_RATE), pcm: v.pcm, up: undefined as Float32Array | undefined }));
  let from = 0;
  for (const b of bedBlocks(part.bed, blockSeconds)) {
    const { left, right } = b;
    const to = from + left.length;
    for (let i = 0; i < left.length; i++) {
      left[i] *= gain;
      right[i] *= gain;
    }
    for (const v of voices) {
      if (v.at >= to) break; // placed in order: none after this one reaches the block yet
      v.up ??= resample(v.pcm, MUSIC_RATE).samples;
      const end = Math.min(to, v.at + v.up.length);
      for (let i = Math.max(from, v.at); i < end; i++) {
        left[i - from] += v.up[i - v.at];
        right[i - from] += v.up[i - v.at];
      }
    }
    // A voice wholly behind this block is done with: its samples are let go.
    while (voices.length && voices[0].at + (voices[0].up?.length ?? Infinity) <= to) voices.shift();
    yield softLimit({ samples: left, right, sampleRate: MUSIC_RATE });
    from = to;
  }
}

/** The song's samples in blocks of about `blockSeconds`, sample for sample those of `renderSongWithPlan`. */
export function* songBlocks(song: PlannedSong, blockSeconds = BLOCK_SECONDS): Generator<Pcm, void> {
  for (const part of song.parts) {
    if ("silence" in part) yield* silenceBlocks(part.silence, blockSeconds);
    else yield* sectionBlocks(part, blockSeconds);
  }
}
