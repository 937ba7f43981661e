// Library pieces and writing that several suites use.
import type { Piece } from "../../corpus/library.ts";
import { encodeMp3 } from "../../audio/mp3.ts";

/** The piece with the shortest declared length (the cheapest to render or to stand a recording in for). */
export const shortest = <T extends Piece>(list: readonly T[]): T => [...list].sort((a, b) => a.declaredSeconds - b.declaredSeconds)[0];

/** A prayer about `topic` that passes every contribution check (length, screening, original wording). */
export const prayerAbout = (topic: string): string =>
  `A small prayer about ${topic}. Let the ${topic} be held gently, the way a cup holds warm tea early in the morning, and let every mind that reads this rest a while without hurry.`;

/** A soft tone of `seconds` at `hz`, as MP3: a stand-in recording. */
export function tone(seconds: number, hz: number): Buffer {
  const sampleRate = 24_000;
  const samples = new Float32Array(Math.round(seconds * sampleRate)).map((_, i) => 0.2 * Math.sin((2 * Math.PI * hz * i) / sampleRate));
  return encodeMp3({ samples, sampleRate });
}
