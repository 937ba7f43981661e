// How long a chant's recording runs, estimated from the script the engine voices (corpus/script.ts), and how
// many rounds come nearest a declared length. The renderer (audio/speech.ts) picks a chant's rounds with this
// estimate and the checker (corpus/check-chant-length.ts) holds a chant's declared `seconds` to it, so the two cannot
// drift apart: a chant's length is its rounds, and its rounds are what this says.
import type { Segment } from "./script.ts";

/** The chant's layout in seconds: pauses after a line and a stanza, before the first word and after the last, between rounds. */
export const CHANT_LAYOUT = { lineBreak: 0.2, paragraphBreak: 1.0, lead: 0.8, tail: 1.5, betweenRounds: 2.4 };
/** The rate the library's chants are recited at (slower than a reading's 0.8). */
export const CHANT_RATE = 0.66;
export const MAX_CHANT_ROUNDS = 4;

// The voiced time of a line at CHANT_RATE, fitted over the library's recorded chants (slt on a held note):
// per letter spoken, per line (its trimmed edges and the room's ring after it), per comma-like pause flite makes.
const SECONDS_PER_LETTER = 0.096;
const SECONDS_PER_LINE = 1.44;
const SECONDS_PER_PAUSE = 0.27;

/** Estimated seconds one line is voiced for, at `rate`. */
export function chantLineSeconds(text: string, rate = CHANT_RATE): number {
  const letters = (text.match(/[a-z0-9]/gi) ?? []).length;
  const pauses = (text.match(/[,;:—–]/g) ?? []).length;
  return ((letters * SECONDS_PER_LETTER + SECONDS_PER_LINE + pauses * SECONDS_PER_PAUSE) * CHANT_RATE) / rate;
}

/** One time through the script: lines, the pauses the layout puts between them, and marked silences held. */
export function chantRoundSeconds(script: readonly Segment[], rate = CHANT_RATE): number {
  let total = 0;
  script.forEach((seg, i) => {
    if (seg.type === "hold") return;
    if (seg.type !== "line") {
      total += seg.seconds;
      return;
    }
    total += chantLineSeconds(seg.text, rate);
    // The same rule as the layout (audio/speech.ts layoutParts): a pause only before another line.
    const next = script[i + 1];
    if (next?.type === "line" || (next?.type === "direction" && next.seconds === 0))
      total += seg.paragraphEnd ? CHANT_LAYOUT.paragraphBreak : CHANT_LAYOUT.lineBreak;
  });
  return total;
}

/** Estimated length of the whole recording when the script is sung `rounds` times. */
export function chantSeconds(script: readonly Segment[], rounds: number, rate = CHANT_RATE): number {
  const { lead, tail, betweenRounds } = CHANT_LAYOUT;
  return lead + tail + rounds * chantRoundSeconds(script, rate) + (rounds - 1) * betweenRounds;
}

/** How many times (1–4) a chant is sung through to come nearest `fitSeconds`. */
export function chantRounds(script: readonly Segment[], fitSeconds: number, rate = CHANT_RATE): number {
  let best = 1;
  for (let r = 2; r <= MAX_CHANT_ROUNDS; r++) {
    if (Math.abs(chantSeconds(script, r, rate) - fitSeconds) < Math.abs(chantSeconds(script, best, rate) - fitSeconds)) best = r;
  }
  return best;
}
