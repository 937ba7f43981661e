// A chant's declared `seconds` against the length its rounds take (corpus/chant-length.ts): the renderer sings a
// chant as many times (1–4) as come nearest its `seconds`, so a length between two round counts is never what
// the recording runs. The checker names the lengths the rounds make, so the writer declares one of them.
import { chantRounds, chantSeconds, MAX_CHANT_ROUNDS } from "./chant-length.ts";
import type { CheckPiece } from "./check-piece.ts";
import { SECONDS_TOLERANCE } from "./recorded-seconds.ts";
import { toScript } from "./script.ts";

export function chantLengthProblems(p: CheckPiece): string[] {
  const declared = p.fm.seconds;
  if (p.kind !== "chant" || typeof declared !== "number") return [];
  const script = toScript(p.listeners);
  const rounds = chantRounds(script, declared);
  const estimate = Math.round(chantSeconds(script, rounds));
  if (Math.abs(declared - estimate) <= estimate * SECONDS_TOLERANCE) return [];
  const lengths = Array.from({ length: MAX_CHANT_ROUNDS }, (_, i) => `${i + 1}: ${Math.round(chantSeconds(script, i + 1))} s`);
  return [
    `seconds ${declared}: the chant is sung ${rounds} time${rounds === 1 ? "" : "s"}, about ${estimate} s; declare the length of the rounds you want (${lengths.join(", ")})`,
  ];
}
