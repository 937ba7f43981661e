// A song: its lyrics intoned line by line, each line held on a tone of the chord under it, over a
// band in the song's key, tempo and style (audio/bed.ts), in stereo at 44.1 kHz. Lines start on bar
// lines; breaks, solos and rests hold the voice back for their marked beats while the band plays on;
// spare time becomes interludes between stanzas so the song fills its declared length like a song.
import { normalizeActive, room } from "./effects.ts";
import { PITCHED_VOICES, type Voice } from "./flite.ts";
import { holdSeconds } from "../corpus/lyric-marks.ts";
import { MUSIC_RATE, renderBed, type BedOptions } from "./bed.ts";
import { barSeconds, chordAt, chordPitchClasses, midiToHz, progression, type Chord } from "./music.ts";
import { concat, mixInto, resample, silence, softLimit, type Pcm } from "./pcm.ts";
import { toScript, wordCount, type Segment } from "./script.ts";
import { SPEECH_RMS, speakLine } from "./speech.ts";
import type { Key, Mood, Texture } from "./style.ts";

export interface SongOptions {
  key: Key;
  tempoBpm: number;
  /** The length to fill (the piece's declared seconds); the song is longer only if the words need it. */
  seconds: number;
  beatsPerBar?: number;
  /** Which progression of the key (a song's seed picks one). */
  variant?: number;
  voice?: Voice;
  rate?: number;
  /** How the band plays (from the style line; audio/bed.ts): a pad when none is given. */
  textures?: Texture[];
  percussion?: boolean;
  mood?: Mood;
}

/** The bed sits about 10 dB under the voice: present, never covering a word. */
export const BED_RMS = SPEECH_RMS * 0.32;
const SECONDS_PER_WORD = 0.34; // slt at rate 1, measured over the library's lyrics, breaths included

/** The reciting tone for a line: a chord tone of its first bar, preferring tones the next bars share and small steps from the last line. */
export function chooseTone(spanned: Chord[], previous: number | undefined): number {
  let best = 60;
  let bestScore = -Infinity;
  for (let m = 55; m <= 67; m++) {
    let score = 0;
    spanned.forEach((c, i) => {
      const inChord = chordPitchClasses(c).includes(m % 12);
      score += i === 0 ? (inChord ? 4 : -10) : inChord ? 1 : -1;
    });
    if (previous !== undefined) {
      // A melody moves, mostly by small steps: a repeated tone costs more than a step, a leap more still.
      const d = Math.abs(m - previous);
      score -= d === 0 ? 1.6 : d <= 4 ? 0.15 * d : 0.6 + 0.3 * d;
    }
    score -= 0.08 * Math.abs(m - 61); // stay near the middle of the voice
    if (score > bestScore) [best, bestScore] = [m, score];
  }
  return best;
}

type Item = { text: string; stanzaEnd: boolean } | { hold: number; label: string };
type Section = { items: Item[] } | { silence: number };

function sections(script: Segment[], beatSeconds: number, beatsPerBar: number): Section[] {
  const out: Section[] = [];
  let items: Item[] = [];
  for (const seg of script) {
    if (seg.type === "line") items.push({ text: seg.text, stanzaEnd: seg.paragraphEnd });
    else if (seg.type === "hold") {
      // A hold lasts whole beats, so the line after it lands on the beat.
      const beats = Math.max(1, Math.round(holdSeconds(seg.length, 60 / beatSeconds, beatsPerBar) / beatSeconds));
      items.push({ hold: beats, label: seg.label });
    } else {
      if (items.length) out.push({ items });
      out.push({ silence: seg.seconds });
      items = [];
    }
  }
  if (items.length) out.push({ items });
  return out;
}

/** Where things fall in a rendered song, seconds from its start: for tests and for reading along. */
export interface SongPlan {
  lines: Array<{ text: string; from: number; to: number }>;
  holds: Array<{ label: string; from: number; to: number }>;
}

export function renderSong(lyrics: string, opts: SongOptions): Pcm {
  return renderSongWithPlan(lyrics, opts).pcm;
}

/** A section of a planned song: a marked silence (band and voice), or a bed with its voiced lines placed on it. */
export type SongPart = { silence: number } | { bed: BedOptions; voices: Array<{ at: number; pcm: Pcm }> };

/** A song laid out before a sample of it is mixed: its lines voiced and placed, its sections' beds described. */
export interface PlannedSong {
  parts: SongPart[];
  plan: SongPlan;
}

/** The bed's gain that sets it `BED_RMS` under the voice, from its two channels' sums of squares over `n` samples. */
export function bedGain(sumLeft: number, sumRight: number, n: number): number {
  const level = n ? Math.hypot(Math.sqrt(sumLeft / n), Math.sqrt(sumRight / n)) / Math.SQRT2 : 0;
  return level ? BED_RMS / level : 0;
}

/** The whole song in one buffer (audio/song-stream.ts renders the same in blocks). */
export function renderSongWithPlan(lyrics: string, opts: SongOptions): { pcm: Pcm; plan: SongPlan } {
  const { parts, plan } = planSong(lyrics, opts);
  const out = parts.map((part): Pcm => {
    if ("silence" in part) return silence(part.silence, MUSIC_RATE, true); // a marked silence silences the band too
    const bed = renderBed(part.bed);
    const square = (ch: Float32Array) => ch.reduce((s, x) => s + x * x, 0);
    const gain = bedGain(square(bed.left), square(bed.right), bed.left.length);
    const left = bed.left.map((s) => s * gain);
    const right = bed.right.map((s) => s * gain);
    for (const v of part.voices) {
      // The voice sits in the middle: the same samples in both channels, brought up to the music's rate.
      const up = resample(v.pcm, MUSIC_RATE).samples;
      const at = Math.round(v.at * MUSIC_RATE);
      mixInto(left, up, at);
      mixInto(right, up, at);
    }
    return softLimit({ samples: left, right, sampleRate: MUSIC_RATE });
  });
  return { pcm: concat(out.length ? out : [silence(0, MUSIC_RATE, true)]), plan };
}

/** Voice every line and place it on its section's bars; the beds are only described, not yet played. */
export function planSong(lyrics: string, opts: SongOptions): PlannedSong {
  const { key, tempoBpm, seconds, beatsPerBar = 4, variant = 0, rate = 0.85 } = opts;
  // Only voices that follow pitch targets can intone; rms would speak over the chords out of tune.
  const voice = opts.voice && PITCHED_VOICES.includes(opts.voice) ? opts.voice : "slt";
  const chords = progression(key, variant);
  const beat = 60 / tempoBpm;
  const bar = barSeconds(tempoBpm, beatsPerBar);
  const sectionsOf = sections(toScript(lyrics, { lyrics: true }), beat, beatsPerBar);
  const marked = sectionsOf.reduce((s, p) => s + ("silence" in p ? p.silence : 0), 0);
  const voicedSections = sectionsOf.filter((p) => "items" in p).length;
  const parts: SongPart[] = [];
  const plan: SongPlan = { lines: [], holds: [] };
  let offset = 0;
  let previous: number | undefined;
  for (const part of sectionsOf) {
    if ("silence" in part) {
      parts.push({ silence: part.silence });
      offset += part.silence;
      continue;
    }
    const { items } = part;
    const introBars = Math.max(2, Math.ceil(4 / bar));
    const barsOf = (text: string) => Math.ceil((wordCount(text) * SECONDS_PER_WORD) / rate / bar + 0.15);
    const isLine = (i: number) => items[i] !== undefined && "text" in items[i];
    const stanzaGaps = items.filter((it, i) => "text" in it && it.stanzaEnd && isLine(i + 1)).length;
    const holdBars = items.reduce((s, it) => s + ("hold" in it ? it.hold / beatsPerBar : 0), 0);
    const needed = introBars + items.reduce((s, it) => s + ("text" in it ? barsOf(it.text) : 0), 0) + holdBars + stanzaGaps + 2;
    // Time this section may take: an equal share of what the declared length leaves after marked silences.
    const share = Math.max(0, seconds - marked) / voicedSections;
    const spare = Math.max(0, Math.floor(share / bar - needed));
    const interlude = 1 + (stanzaGaps ? Math.min(4, Math.floor(spare / (stanzaGaps + 1))) : 0);

    const voiceTrack: Array<{ at: number; pcm: Pcm }> = [];
    let cursor = introBars * beatsPerBar; // in beats; lines start on bar lines, a line after a hold where the hold ends
    items.forEach((item, i) => {
      if ("hold" in item) {
        plan.holds.push({ label: item.label, from: offset + cursor * beat, to: offset + (cursor + item.hold) * beat });
        cursor += item.hold;
        return;
      }
      const startBar = Math.floor(cursor / beatsPerBar);
      const span = barsOf(item.text);
      const tone = chooseTone(
        Array.from({ length: span }, (_, k) => chordAt(chords, startBar + k)),
        previous,
      );
      previous = tone;
      const pcm = room(speakLine(item.text, { rate, voice, pitch: midiToHz(tone), pitchSpread: 3 }), { wet: 0.18, tail: 0.6 });
      voiceTrack.push({ at: cursor * beat, pcm: normalizeActive(pcm, SPEECH_RMS) });
      plan.lines.push({ text: item.text, from: offset + cursor * beat, to: offset + cursor * beat + pcm.samples.length / pcm.sampleRate });
      // What comes next waits for the next bar line after this line ends (and a rest after a stanza, unless a hold is that rest).
      const endBar = Math.ceil((cursor * beat + pcm.samples.length / pcm.sampleRate + 0.2) / bar);
      cursor = (endBar + (item.stanzaEnd && isLine(i + 1) ? interlude : 0)) * beatsPerBar;
    });
    const lastBar = Math.max(Math.ceil(cursor / beatsPerBar) + 2, Math.ceil(share / bar));
    const bed = { chords, bpm: tempoBpm, beatsPerBar, seconds: lastBar * bar, textures: opts.textures, percussion: opts.percussion, mood: opts.mood };
    parts.push({ bed, voices: voiceTrack });
    offset += lastBar * bar;
  }
  return { parts, plan };
}
