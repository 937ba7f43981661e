// A song: its lyrics intoned line by line, each line held on a tone of the chord under it, over a
// bed in the song's key and tempo. Lines start on bar lines; spare time becomes interludes between
// stanzas so the song fills its declared length like a song, not a voice followed by a long drone.
import { normalizeActive, room } from "./effects.ts";
import { PITCHED_VOICES, type Voice } from "./flite.ts";
import { barSeconds, chordAt, chordPitchClasses, midiToHz, progression, renderBed, type Chord } from "./music.ts";
import { concat, mixInto, rms, SAMPLE_RATE, silence, softLimit, type Pcm } from "./pcm.ts";
import { toScript, wordCount, type Segment } from "./script.ts";
import { SPEECH_RMS, speakLine } from "./speech.ts";
import type { Key } from "./style.ts";

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
}

/** The bed sits about 10 dB under the voice: present, never covering a word. */
export const BED_RMS = SPEECH_RMS * 0.32;
const SECONDS_PER_WORD = 0.34; // slt at rate 1, measured over the library's lyrics, breaths included

export interface PlacedLine {
  text: string;
  bar: number;
  midi: number;
}

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

type Section = { lines: Array<{ text: string; stanzaEnd: boolean }> } | { silence: number };

function sections(script: Segment[]): Section[] {
  const out: Section[] = [];
  let lines: Array<{ text: string; stanzaEnd: boolean }> = [];
  for (const seg of script) {
    if (seg.type === "line") lines.push({ text: seg.text, stanzaEnd: seg.paragraphEnd });
    else {
      if (lines.length) out.push({ lines });
      out.push({ silence: seg.seconds });
      lines = [];
    }
  }
  if (lines.length) out.push({ lines });
  return out;
}

export function renderSong(lyrics: string, opts: SongOptions): Pcm {
  const { key, tempoBpm, seconds, beatsPerBar = 4, variant = 0, rate = 0.85 } = opts;
  // Only voices that follow pitch targets can intone; rms would speak over the chords out of tune.
  const voice = opts.voice && PITCHED_VOICES.includes(opts.voice) ? opts.voice : "slt";
  const chords = progression(key, variant);
  const bar = barSeconds(tempoBpm, beatsPerBar);
  const parts = sections(toScript(lyrics, { lyrics: true }));
  const marked = parts.reduce((s, p) => s + ("silence" in p ? p.silence : 0), 0);
  const voicedSections = parts.filter((p) => "lines" in p).length;
  const out: Pcm[] = [];
  let previous: number | undefined;
  for (const part of parts) {
    if ("silence" in part) {
      out.push(silence(part.silence)); // a marked silence silences the band too
      continue;
    }
    const introBars = Math.max(2, Math.ceil(4 / bar));
    const barsOf = (text: string) => Math.ceil((wordCount(text) * SECONDS_PER_WORD) / rate / bar + 0.15);
    const stanzaGaps = part.lines.filter((l, i) => l.stanzaEnd && i < part.lines.length - 1).length;
    const needed = introBars + part.lines.reduce((s, l) => s + barsOf(l.text), 0) + stanzaGaps + 2;
    // Time this section may take: an equal share of what the declared length leaves after marked silences.
    const share = Math.max(0, seconds - marked) / voicedSections;
    const spare = Math.max(0, Math.floor(share / bar) - needed);
    const interlude = 1 + (stanzaGaps ? Math.min(4, Math.floor(spare / (stanzaGaps + 1))) : 0);

    const voiceTrack: Array<{ at: number; pcm: Pcm }> = [];
    let cursor = introBars;
    for (const line of part.lines) {
      const span = barsOf(line.text);
      const tone = chooseTone(
        Array.from({ length: span }, (_, i) => chordAt(chords, cursor + i)),
        previous,
      );
      previous = tone;
      const pcm = room(speakLine(line.text, { rate, voice, pitch: midiToHz(tone), pitchSpread: 3 }), { wet: 0.18, tail: 0.6 });
      voiceTrack.push({ at: cursor * bar, pcm: normalizeActive(pcm, SPEECH_RMS) });
      // The next line waits for the next bar line after this one ends (and a rest after a stanza).
      cursor = Math.ceil((cursor * bar + pcm.samples.length / SAMPLE_RATE + 0.2) / bar) + (line.stanzaEnd ? interlude : 0);
    }
    const lastBar = Math.max(cursor + 2, Math.ceil(share / bar));
    const bed = renderBed({ chords, bpm: tempoBpm, beatsPerBar, seconds: lastBar * bar });
    const level = rms(bed.samples);
    const mix = bed.samples.map((s) => (level ? (s * BED_RMS) / level : 0));
    for (const v of voiceTrack) mixInto(mix, v.pcm.samples, Math.round(v.at * SAMPLE_RATE));
    out.push(softLimit({ samples: mix, sampleRate: SAMPLE_RATE }));
  }
  return concat(out.length ? out : [silence(0)]);
}
