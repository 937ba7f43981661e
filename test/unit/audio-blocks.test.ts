// The renderer streams (issue 36): a piece rendered in blocks of a few seconds must be the piece rendered
// whole — the same length, the same samples — and its MP3, decoded again by an independent decoder (mpg123),
// must sound the same. Blocks here are short (1.5 s) so notes, voices and fades all cross their edges.
import { MPEGDecoder } from "mpg123-decoder";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bedBlocks, renderBed } from "../../audio/bed.ts";
import { encodeMp3, encodeMp3Blocks, loadMp3Encoder } from "../../audio/mp3.ts";
import { progression } from "../../audio/music.ts";
import { concat, type Pcm } from "../../audio/pcm.ts";
import { renderPieceBlocks, renderPiecePcm, type PieceInput } from "../../audio/piece.ts";
import { parseStyle, type Texture } from "../../audio/style.ts";

// The LAME encoder compiles once per process, on first need (audio/mp3.ts).
await loadMp3Encoder();

let decoder: MPEGDecoder;
beforeAll(async () => {
  decoder = new MPEGDecoder();
  await decoder.ready;
});
afterAll(() => decoder.free());

function largestDifference(a: Float32Array, b: Float32Array): number {
  let most = 0;
  for (let i = 0; i < a.length; i++) most = Math.max(most, Math.abs(a[i] - b[i]));
  return most;
}

async function decoded(mp3: Uint8Array): Promise<Float32Array[]> {
  await decoder.reset();
  const d = decoder.decode(mp3);
  expect(d.errors).toEqual([]);
  return d.channelData;
}

/** Whole and in blocks: equal lengths and samples, and MP3s that decode to the same sound. */
async function expectSame(input: PieceInput, blockSeconds: number): Promise<{ whole: Pcm; blocks: number }> {
  const whole = renderPiecePcm(input);
  const { format, blocks } = renderPieceBlocks(input, blockSeconds);
  const parts = [...blocks];
  const streamed = concat(parts, format.sampleRate);
  expect(streamed.samples.length).toBe(whole.samples.length);
  expect(streamed.sampleRate).toBe(whole.sampleRate);
  expect(!!streamed.right).toBe(!!whole.right);
  expect(largestDifference(streamed.samples, whole.samples)).toBeLessThan(1e-6);
  if (whole.right) expect(largestDifference(streamed.right!, whole.right)).toBeLessThan(1e-6);
  const [a, b] = [await decoded(encodeMp3(whole)), await decoded(encodeMp3Blocks(parts, format))];
  expect(b.length).toBe(a.length);
  a.forEach((channel, i) => {
    expect(b[i].length).toBe(channel.length);
    expect(largestDifference(b[i], channel)).toBeLessThan(1e-3);
  });
  return { whole, blocks: parts.length };
}

describe("rendering in blocks", () => {
  it("plays every band's bed in blocks sample for sample as it plays it whole", () => {
    const styles: Array<[number, Texture[], boolean]> = [
      [72, ["plucked", "pad"], true],
      [48, ["pad"], false],
      [126, ["keys", "bowed"], false],
      [66, ["wind"], true],
    ];
    for (const [bpm, textures, percussion] of styles) {
      const opts = { chords: progression({ tonic: 2, minor: bpm > 100 }, bpm % 4), bpm, beatsPerBar: bpm === 66 ? 3 : 4, seconds: 23.7, textures, percussion };
      const whole = renderBed(opts);
      let at = 0;
      for (const block of bedBlocks(opts, 1.3)) {
        expect(largestDifference(block.left, whole.left.subarray(at, at + block.left.length))).toBe(0);
        expect(largestDifference(block.right, whole.right.subarray(at, at + block.right.length))).toBe(0);
        at += block.left.length;
      }
      expect(at).toBe(whole.left.length);
    }
  });

  it("renders a long song with a marked silence and a break in blocks as it renders it whole", async () => {
    const style = "warm fingerpicked acoustic guitar and soft piano in D major, 92 bpm, brushed snare";
    expect(parseStyle(style, "x").bpm).toBe(92);
    const lyrics = [
      "[Verse 1]",
      "The kettle ticks as it cools on the stove,",
      "the window keeps the last of the light.",
      "",
      "[Rest — four slow beats]",
      "",
      "[Chorus]",
      "Stay a while, stay a while,",
      "the night is long enough for both.",
      "[silence: 3 seconds]",
      "[Verse 2]",
      "A coat on the hook and the door on the latch,",
      "the stair that creaks in the same place.",
    ].join("\n");
    const { whole, blocks } = await expectSame({ kind: "song", text: lyrics, style, seconds: 40, seed: "songs/test-blocks" }, 1.5);
    expect(whole.samples.length / whole.sampleRate).toBeGreaterThan(38);
    expect(blocks).toBeGreaterThan(25);
  }, 180_000);

  it("reads a reading and a chant part by part as it reads them whole", async () => {
    const reading = "May the morning be slow.\n\n[silence: 2 seconds]\n\nMay the work be kind, and the evening kinder still.";
    await expectSame({ kind: "prayer", text: reading, seconds: 20 }, 1.5);
    await expectSame({ kind: "chant", text: "Breathe in the quiet,\nbreathe out the day.", seconds: 25 }, 1.5);
  }, 120_000);
});
