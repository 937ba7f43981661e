// Spoken and chanted voice: a script is read line by line with flite, and pauses, marked silences
// and repeats are laid out here, so their lengths are exact rather than left to the synthesizer.
import { highpass, normalizeActive, room, trim } from "./effects.ts";
import { flite, type Voice } from "./flite.ts";
import { concat, fadeEdges, resample, SAMPLE_RATE, silence, type Pcm } from "./pcm.ts";
import { CHANT_LAYOUT, CHANT_RATE, chantRounds } from "../corpus/chant-length.ts";
import { chunks, toScript, type Segment } from "./script.ts";

export interface SpeechOptions {
  /** Speed relative to the voice's own: 1 natural, 0.8 a calm reading (the default). */
  rate?: number;
  /** Mean pitch in Hz; unset keeps the voice's own (slt ≈ 165 Hz). */
  pitch?: number;
  /** Spread of the pitch in Hz around `pitch`: 0 is a monotone. Only with `pitch`. */
  pitchSpread?: number;
  voice?: Voice;
  /** Pauses in seconds: after a line, after a paragraph, before the first word, after the last. */
  lineBreak?: number;
  paragraphBreak?: number;
  lead?: number;
  tail?: number;
}

/** Speech level for the voice's active parts: about −19 dBFS RMS, peaks kept under −1 dBFS. */
export const SPEECH_RMS = 0.11;

export const READING: Required<Omit<SpeechOptions, "pitch" | "pitchSpread">> = {
  rate: 0.8,
  voice: "slt",
  lineBreak: 0.5,
  paragraphBreak: 1.2,
  lead: 0.6,
  tail: 1.5,
};

export function renderSilence(seconds: number): Pcm {
  return silence(seconds);
}

/** One line through flite, sentence by sentence, trimmed and brought to the working rate. */
export function speakLine(text: string, o: { rate: number; voice: Voice; pitch?: number; pitchSpread?: number }): Pcm {
  const parts: Pcm[] = [];
  for (const s of chunks(text)) {
    const pcm = trim(flite(s, { voice: o.voice, stretch: 1 / o.rate, f0Mean: o.pitch, f0Stddev: o.pitch === undefined ? undefined : (o.pitchSpread ?? 0) }));
    if (!pcm.samples.length) continue;
    if (parts.length) parts.push(silence(0.22, pcm.sampleRate)); // a breath between runs of one line
    parts.push(pcm);
  }
  if (!parts.length) return silence(0);
  return fadeEdges(resample(highpass(concat(parts), 70), SAMPLE_RATE), 0.008);
}

/**
 * Lay out a script: lines with pauses after them, marked silences as exact digital silence.
 * The voice is normalised on its own, so silence stays zero and a long silence does not change the level.
 * The parts come one at a time, each voiced only when it is asked for: a long reading never sits whole in memory.
 */
export function* layoutParts(
  script: Segment[],
  say: (text: string, index: number) => Pcm,
  o: { lineBreak: number; paragraphBreak: number; lead: number; tail: number },
): Generator<Pcm, void> {
  yield silence(o.lead);
  let lineIndex = 0;
  for (const [i, seg] of script.entries()) {
    if (seg.type !== "line") {
      // Silences and directions hold their time; a direction's words are never spoken.
      yield silence(seg.type === "hold" ? 0 : seg.seconds);
      continue;
    }
    yield normalizeActive(say(seg.text, lineIndex++), SPEECH_RMS);
    const next = script[i + 1];
    // A marked silence replaces the pause before it; the last line is followed by the tail alone.
    if (next?.type === "line" || (next?.type === "direction" && next.seconds === 0)) yield silence(seg.paragraphEnd ? o.paragraphBreak : o.lineBreak);
  }
  yield silence(o.tail);
}

/** A reading (prayer, practice, ritual, blessing…): markdown or plain text, with silence markers. */
export function renderSpeech(text: string, opts: SpeechOptions = {}): Pcm {
  return concat([...speechParts(text, opts)]);
}

/** A reading's parts in order (audio/piece.ts encodes them as they come). */
export function speechParts(text: string, opts: SpeechOptions = {}): Generator<Pcm, void> {
  // A pitch without a spread would be a monotone; a reading keeps about slt's own movement (±12 Hz).
  const o = { ...READING, ...opts, pitchSpread: opts.pitchSpread ?? (opts.pitch === undefined ? undefined : 12) };
  return layoutParts(toScript(text), (line) => speakLine(line, o), o);
}

export interface ChantOptions {
  /** How many times the whole chant is sung through (repeats are the point of a chant). */
  rounds?: number;
  /** Instead of `rounds`: as many rounds (1–4) as come nearest this length in seconds. */
  fitSeconds?: number;
  /** The reciting note in Hz (default A3 = 220 Hz: low and calm for slt, whose own voice sits near 165 Hz). */
  note?: number;
  rate?: number;
  voice?: Voice;
}

const { betweenRounds: BETWEEN_ROUNDS, ...CHANT_PAUSES } = CHANT_LAYOUT;

/**
 * A chant: each line recited on one held note, slowly, with long breaths between lines; the last line of
 * each round falls a whole tone as a cadence. A small room gives it the ring of a stone space.
 * Each line is synthesized once and reused in every round, so repeats cost nothing.
 */
export function renderChant(text: string | string[], opts: ChantOptions = {}): Pcm {
  return concat([...chantParts(text, opts)]);
}

/** A chant's parts in order (audio/piece.ts encodes them as they come). */
export function chantParts(text: string | string[], opts: ChantOptions = {}): Generator<Pcm, void> {
  const { note = 220, rate = CHANT_RATE, voice = "slt" } = opts;
  const once = toScript(Array.isArray(text) ? text.join("\n") : text);
  const lines = once.filter((s) => s.type === "line").length;
  const cadence = note * 2 ** (-2 / 12);
  const cache = new Map<string, Pcm>();
  let count = 0;
  // The room is applied per line, its ring filling the breath after it, so marked silences stay exact zeros.
  const say = (line: string) => {
    const pitch = ++count % lines === 0 ? cadence : note;
    const key = `${pitch}|${line}`;
    let pcm = cache.get(key);
    if (!pcm) cache.set(key, (pcm = room(speakLine(line, { rate, voice, pitch, pitchSpread: 0 }), { wet: 0.25, tail: 0.9 })));
    return pcm;
  };
  // Rounds follow from the script (corpus/chant-length.ts), not from a trial render, so the spoken text
  // (audio/spoken.ts), the source hash and the checker can name them exactly.
  const rounds = opts.fitSeconds !== undefined ? chantRounds(once, opts.fitSeconds, rate) : Math.max(1, opts.rounds ?? 1);
  const script: Segment[] = [];
  for (let r = 0; r < rounds; r++) {
    if (r > 0) script.push({ type: "silence", seconds: BETWEEN_ROUNDS });
    script.push(...once);
  }
  count = 0;
  return layoutParts(script, say, CHANT_PAUSES);
}
