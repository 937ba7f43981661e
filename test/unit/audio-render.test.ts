// The audio engine end to end on short texts: flite (WASM) voices, MP3s decoded again with an
// independent decoder (mpg123 in WASM), and the lengths, silences, pitches and chords measured.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MPEGDecoder } from "mpg123-decoder";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bestTriad, chroma, median, pitchTrack, semitones, triadName, windowRms } from "../helpers/audio-analysis.ts";
import { encodeMp3, loadMp3Encoder, mp3Info } from "../../audio/mp3.ts";
import { barSeconds, chordAt, chordPitchClasses, progression } from "../../audio/music.ts";
import { seconds, SAMPLE_RATE, type Pcm } from "../../audio/pcm.ts";
import { renderPieceToFile } from "../../audio/piece.ts";
import { renderSong } from "../../audio/song.ts";
import { renderChant, renderSilence, renderSpeech } from "../../audio/speech.ts";

// The LAME encoder compiles once per process, on first need (audio/mp3.ts).
await loadMp3Encoder();

let decoder: MPEGDecoder;
let dir: string;
beforeAll(async () => {
  decoder = new MPEGDecoder();
  await decoder.ready;
  dir = await mkdtemp(join(tmpdir(), "audio-test-"));
});
afterAll(async () => {
  decoder.free();
  await rm(dir, { recursive: true, force: true });
});

/** Encode, then decode with mpg123: what a listener's player would get. */
async function roundTripFirstChannel(pcm: Pcm): Promise<Pcm> {
  await decoder.reset();
  const d = decoder.decode(encodeMp3(pcm));
  expect(d.errors).toEqual([]);
  return { samples: d.channelData[0], sampleRate: d.sampleRate };
}

/** The longest run of 50 ms windows under `threshold` RMS: [start, end] in seconds. */
function longestQuiet(pcm: Pcm, threshold = 1e-3): [number, number] {
  const w = windowRms(pcm, 0.05);
  let best: [number, number] = [0, 0];
  let start = -1;
  w.forEach((r, i) => {
    if (r < threshold && start < 0) start = i;
    if ((r >= threshold || i === w.length - 1) && start >= 0) {
      const end = r >= threshold ? i : i + 1;
      if (end - start > best[1] - best[0]) best = [start, end];
      start = -1;
    }
  });
  return [best[0] * 0.05, best[1] * 0.05];
}

describe("MP3", () => {
  it("is mono 24 kHz, lasts what was encoded, and the frame count says so without decoding", async () => {
    const pcm = renderSilence(5);
    const mp3 = encodeMp3(pcm);
    const info = mp3Info(mp3);
    const back = await roundTripFirstChannel(pcm);
    expect(back.sampleRate).toBe(SAMPLE_RATE);
    expect(Math.abs(seconds(back) - 5)).toBeLessThan(0.2);
    expect(Math.abs(info.seconds - seconds(back))).toBeLessThan(0.05);
    expect((mp3.length * 8) / info.seconds / 1000).toBeCloseTo(64, 0);
    expect(() => mp3Info(new Uint8Array(1000))).toThrow(/no MP3 frames/);
  });
});

describe("speech", () => {
  const text = "Breathe in, and let the day grow quiet.\n\n[silence: 4 seconds]\n\nYou are welcome here, just as you are.";

  it("renders a marked silence as digital silence of that length, between the words", async () => {
    const pcm = renderSpeech(text);
    const back = await roundTripFirstChannel(pcm);
    expect(Math.abs(seconds(back) - seconds(pcm))).toBeLessThan(1);
    const [start, end] = longestQuiet(back);
    // The marker's 4 s, give or take a 50 ms window at each edge; nothing else in the reading is that quiet.
    expect(end - start).toBeGreaterThan(3.85);
    expect(end - start).toBeLessThan(4.3);
    expect(start).toBeGreaterThan(1.5); // after the first line…
    expect(end).toBeLessThan(seconds(back) - 2); // …and before the second
    const inside = windowRms(back, 0.5, start + 0.2, end - 0.2);
    for (const r of inside) expect(r).toBeLessThan(1e-4);
    // The voice itself is at speech level, not faint.
    expect(Math.max(...windowRms(back, 0.5))).toBeGreaterThan(0.05);
  });

  it("reads at a calm pace (the library's lengths assume 150 words a minute) in the voice's own register", () => {
    const words =
      "No grand words today. Just thanks.\nThank you for the bread, and whoever baked it.\n\nFor the apples, and the tree that made them without knowing anyone would eat them.";
    const pcm = renderSpeech(words);
    const wpm = words.split(/\s+/).length / (seconds(pcm) / 60);
    expect(wpm).toBeGreaterThan(115);
    expect(wpm).toBeLessThan(160);
    const f0 = pitchTrack(pcm).flatMap((p) => (p.f0 ? [p.f0] : []));
    expect(f0.length).toBeGreaterThan(100);
    expect(median(f0)).toBeGreaterThan(140); // slt's own register, well clear of octave errors
    expect(median(f0)).toBeLessThan(200);
  });
});

describe("chant", () => {
  it("holds its reciting note, falls a tone on each round's last line, and keeps the repeats", async () => {
    const lines = ["Hold on, a minute more.", "The dark is turning."];
    const once = renderChant(lines, { note: 220 });
    const twice = renderChant(lines, { note: 220, rounds: 2 });
    // Two rounds: the second round plus the 2.4 s between rounds, less the one lead and tail not repeated.
    expect(seconds(twice) - seconds(once)).toBeGreaterThan(seconds(once) - 2.3 + 2.4 - 0.2);
    expect(seconds(twice) - seconds(once)).toBeLessThan(seconds(once) - 2.3 + 2.4 + 0.2);
    const f0 = pitchTrack(await roundTripFirstChannel(twice)).flatMap((p) => (p.f0 ? [p.f0] : []));
    const near = (hz: number) => f0.filter((f) => Math.abs(semitones(f, hz)) < 0.5).length / f0.length;
    expect(near(220)).toBeGreaterThan(0.4);
    expect(near(220 * 2 ** (-2 / 12))).toBeGreaterThan(0.2);
    expect(near(220) + near(220 * 2 ** (-2 / 12))).toBeGreaterThan(0.85);
  });
});

describe("song", () => {
  const key = { tonic: 7, minor: false }; // G major: G Em C D
  const bpm = 100;
  const lyrics = "[Verse 1]\nMove when the light moves,\nnot before and not for long.";

  it("fills its declared length, opens on a bed that changes chords, and intones on chord tones", async () => {
    const song = renderSong(lyrics, { key, tempoBpm: bpm, seconds: 24 });
    const back = await roundTripFirstChannel(song);
    expect(Math.abs(seconds(back) - 24)).toBeLessThan(1);
    const bar = barSeconds(bpm, 4);
    const chords = progression(key, 0);
    // The intro (before the voice) plays the progression's first two chords.
    expect(triadName(bestTriad(chroma(back, 0.5, bar - 0.05)))).toBe("G");
    expect(triadName(bestTriad(chroma(back, bar + 0.4, 2 * bar - 0.05)))).toBe("Em");
    // Each sung line sits on one pitch that belongs to the chord of the bar where it starts.
    const frames = pitchTrack(back, { minHz: 120, maxHz: 450 });
    const firstLineBar = 2; // intro: max(2, ceil(4 s / bar)) bars
    const inLine = frames.filter((p) => p.f0 && p.t > firstLineBar * bar + 0.3 && p.t < firstLineBar * bar + 1.6).map((p) => p.f0!);
    expect(inLine.length).toBeGreaterThan(20);
    const sung = 69 + semitones(median(inLine), 440);
    expect(Math.abs(sung - Math.round(sung))).toBeLessThan(0.35); // in tune with the bed
    expect(chordPitchClasses(chordAt(chords, firstLineBar))).toContain(((Math.round(sung) % 12) + 12) % 12);
  });

  it("silences the band too for a marked silence inside a song", async () => {
    const song = renderSong("First line here.\n[silence: 3 seconds]\nSecond line here.", { key, tempoBpm: bpm, seconds: 30 });
    const [start, end] = longestQuiet(await roundTripFirstChannel(song));
    expect(end - start).toBeGreaterThan(2.85);
    expect(end - start).toBeLessThan(3.3);
  });
});

describe("renderPieceToFile", () => {
  it("writes a playable MP3 and reports the length a decoder measures", async () => {
    const file = join(dir, "chants", "short.mp3");
    const r = await renderPieceToFile({ kind: "chant", text: "A minute more.\nAnd then another.", seconds: 20, seed: "chants/short" }, file);
    const mp3 = await readFile(file);
    expect(r.bytes).toBe(mp3.length);
    await decoder.reset();
    const d = decoder.decode(mp3);
    expect(Math.abs(d.samplesDecoded / d.sampleRate - r.seconds)).toBeLessThan(0.1);
    // Chant rounds are chosen to come near the declared 20 s.
    expect(Math.abs(r.seconds - 20)).toBeLessThan(7);
    expect(r.cpuMs).toBeGreaterThan(0);
  });
});
