// Spoken as written, measured on decoded MP3s: a direction is never spoken and holds its time; a song's
// break holds the voice back for its marked beats with the band playing under it; songs move at their
// style's tempo (onset autocorrelation) and decode as 44.1 kHz stereo.
import { MPEGDecoder } from "mpg123-decoder";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rms } from "../../audio/pcm.ts";
import { tempoOf, windowRms } from "../helpers/audio-analysis.ts";
import { encodeMp3, loadMp3Encoder } from "../../audio/mp3.ts";
import { seconds, type Pcm } from "../../audio/pcm.ts";
import { renderSongWithPlan } from "../../audio/song.ts";
import { renderSpeech } from "../../audio/speech.ts";
import { parseStyle } from "../../audio/style.ts";
import { loadLibrary } from "../../corpus/library.ts";

// The LAME encoder compiles once per process, on first need (audio/mp3.ts).
await loadMp3Encoder();

let decoder: MPEGDecoder;
beforeAll(async () => {
  decoder = new MPEGDecoder();
  await decoder.ready;
});
afterAll(() => decoder.free());

/** Encode, then decode with mpg123 (what a listener's player gets): both channels, and their mix. */
async function roundTripStereo(pcm: Pcm): Promise<{ mid: Pcm; stereo: boolean; sampleRate: number }> {
  await decoder.reset();
  const mp3 = encodeMp3(pcm);
  const d = decoder.decode(mp3);
  expect(d.errors).toEqual([]);
  const [l, r] = d.channelData;
  const mid = r ? l.map((v, i) => (v + r[i]) / 2) : l;
  // mpg123 hands a mono file back as two equal channels: stereo is the frame header's mode (3 = mono)
  // and two channels that differ.
  const frame = mp3.findIndex((b, i) => b === 0xff && (mp3[i + 1] & 0xe0) === 0xe0);
  const stereo = mp3[frame + 3] >> 6 !== 3 && !!r && l.some((v, i) => Math.abs(v - r[i]) > 1e-3);
  return { mid: { samples: mid, sampleRate: d.sampleRate }, stereo, sampleRate: d.sampleRate };
}

/** Seconds of audio above a whisper, in 50 ms windows: the spoken part of a reading. */
function voicedSeconds(pcm: Pcm): number {
  return windowRms(pcm, 0.05).filter((r) => r > 3e-3).length * 0.05;
}

describe("a direction in a reading", () => {
  const before = "Breathe in, and let the day grow quiet.";
  const after = "You are welcome here, just as you are.";

  it("is never spoken, and holds the time it asks for as silence", async () => {
    const reading = await roundTripStereo(renderSpeech(`${before}\n\n${after}`));
    expect(reading.stereo).toBe(false); // speech stays mono
    const plain = reading.mid;
    const untimed = (await roundTripStereo(renderSpeech(`${before}\n\n[direction: the guide hums a low note and everyone joins]\n\n${after}`))).mid;
    const held = (await roundTripStereo(renderSpeech(`${before}\n\n[direction: the guide hums a low note — 6 seconds]\n\n${after}`))).mid;
    // Not spoken: the same length of voice as the reading without it (ten words of a direction would add ~4 s).
    expect(Math.abs(seconds(untimed) - seconds(plain))).toBeLessThan(0.1);
    expect(Math.abs(voicedSeconds(untimed) - voicedSeconds(plain))).toBeLessThan(0.3);
    expect(Math.abs(voicedSeconds(held) - voicedSeconds(plain))).toBeLessThan(0.3);
    // Held: its 6 s replace the 1.2 s pause between the paragraphs.
    expect(seconds(held) - seconds(plain)).toBeGreaterThan(6 - 1.2 - 0.1);
    expect(seconds(held) - seconds(plain)).toBeLessThan(6 - 1.2 + 0.1);
    const quiet = windowRms(held, 0.05);
    let run = 0;
    let longest = 0;
    for (const r of quiet) longest = Math.max(longest, (run = r < 1e-3 ? run + 1 : 0));
    expect(longest * 0.05).toBeGreaterThan(5.85);
    expect(longest * 0.05).toBeLessThan(6.3);
  });
});

describe("a break in a song", () => {
  it("holds the voice back for its marked beats while the band plays on", async () => {
    const style = parseStyle("warm fingerpicked acoustic guitar in G major, 100 bpm, brushed snare");
    const lyrics =
      "[Verse 1]\nThe kettle ticks as it cools on the stove,\nthe window keeps the last of the light.\n\n[Rest — four slow beats]\n\n[Chorus]\nStay a while, stay a while,\nthe night is long enough for both.";
    const { pcm, plan } = renderSongWithPlan(lyrics, { ...style, tempoBpm: style.bpm, seconds: 10 });
    expect(plan.holds).toHaveLength(1);
    const [hold] = plan.holds;
    expect(hold.to - hold.from).toBeCloseTo(4 * 0.6, 6); // four beats at 100 bpm
    // No line sounds in the hold; the first line after it starts the moment it ends.
    for (const line of plan.lines) expect(line.to <= hold.from + 0.25 || line.from >= hold.to - 1e-9).toBe(true);
    expect(plan.lines[2].from).toBeCloseTo(hold.to, 6);
    const { mid } = await roundTripStereo(pcm);
    // The decoded song: the band under the hold, at the band's level, below the level of a sung line.
    const inHold = rms(mid.samples, Math.round((hold.from + 0.3) * mid.sampleRate), Math.round((hold.to - 0.1) * mid.sampleRate));
    const sung = plan.lines.slice(0, 2).map((l) => rms(mid.samples, Math.round((l.from + 0.2) * mid.sampleRate), Math.round((l.to - 0.4) * mid.sampleRate)));
    expect(inHold).toBeGreaterThan(0.01); // music, not silence
    for (const s of sung) expect(inHold).toBeLessThan(0.75 * s); // …and no voice
  });
});

describe("songs follow their style", () => {
  // Three songs of the library with different stated tempos (and metres, and textures).
  const picks = ["songs/beating-the-rugs-on-the-line", "songs/pinch-and-fold", "songs/still-writing-last-years-date"];

  it.each(picks)("%s moves at its style's tempo and decodes as 44.1 kHz stereo", async (path) => {
    const library = await loadLibrary("corpus/library");
    const song = library.piece(path) as { style: string; lyrics: string } | undefined;
    expect(song, path).toBeDefined();
    const style = parseStyle(song!.style, path);
    expect(style.stated.bpm).toBe(true);
    // The first verse is enough to hear the band; rendering the whole song would cost the suite's CPU.
    const verse = song!.lyrics.split(/\n\s*\n/).find((b) => /^\[Verse/.test(b.trim()))!;
    const { pcm } = renderSongWithPlan(verse, { ...style, tempoBpm: style.bpm, seconds: 30 });
    const decoded = await roundTripStereo(pcm);
    expect(decoded.sampleRate).toBe(44_100);
    expect(decoded.stereo).toBe(true);
    const measured = tempoOf(decoded.mid);
    expect(Math.abs(measured / style.bpm - 1), `${path}: style ${style.bpm} bpm, measured ${measured.toFixed(1)}`).toBeLessThan(0.1);
  });
});
