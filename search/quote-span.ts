// How far a chosen sentence's quote reaches: a question-and-answer unit from its answer's opening, and a sentence
// that only sets the scene together with the one that carries it on, and one that carries on with what it refers
// back to. Pure functions over the candidates.
import type { Chunk } from "./chunks.ts";
import type { Candidate } from "./candidate.ts";
import { SAME_QUESTION } from "./questions.ts";

/**
 * A sentence that carries on from the one before: what happens then, or what "this", "such" or "that" refers to;
 * "After that it moves into the song's archive" says nothing of when without the sentence before it.
 */
export const CARRIES_ON =
  /^(?:then|so|that|this|these|those|such|instead|otherwise|in that case|if so|without (?:it|one|them)|it|they|(?:after|before|until|by|from) (?:that|this|then|which)|each of (?:those|these|them))\b/i;

/**
 * An answer is often said in two sentences, the second finishing the first ("Sometimes no plan exists: … Then a
 * rotation … fills the slot"; "Questions sent to ask are different. Each exchange becomes a public conversation"):
 * a guide's chosen sentence that sets a scene is quoted with the one that carries on (in a unit, the unit's next).
 */
export function withSequel<C extends Candidate & { passage: Chunk }>(picked: C[], candidates: C[]): C[] {
  const out: C[] = [];
  for (const c of picked) {
    // And the other way: a sentence that carries on ("Such a service has no name…") comes after what it refers
    // to ("Then a rotation… fills the slot"), up to two sentences back.
    const before: C[] = [];
    for (let at = c; c.guide !== false && before.length < 2 && CARRIES_ON.test(at.sentence);) {
      const prev = candidates.find((x) => x.passage.page === at.passage.page && x.position === at.position - 1 && x.question === at.question);
      if (!prev || picked.includes(prev) || out.includes(prev)) break;
      before.unshift(prev);
      at = prev;
    }
    out.push(...before, c);
    if (c.guide === false) continue;
    const next = candidates.find((x) => x.passage.page === c.passage.page && x.position === c.position + 1 && x.question === c.question);
    if (!next || picked.includes(next) || out.includes(next)) continue;
    // It carries on ("Then…", "Such a service…"), or this one only announces it ("…are different.", "…:").
    const last = c.sentence.split(/(?<=[.!?])\s+/).pop() ?? "";
    if (CARRIES_ON.test(next.sentence) || /:$/.test(c.sentence) || (last.length < 45 && !/\d/.test(last))) out.push(next);
  }
  return out;
}

/** Sentences of a unit quoted together are as many as this from its answer's opening, at most. */
const UNIT_SENTENCES = 3;
/** A unit's question this near the visitor's has its answer quoted to its second sentence at least. */
const UNIT_NEAR = 0.5;

/**
 * A unit is quoted from its answer's opening, without gaps: a later sentence of it comes with the ones
 * before it, and the unit asking the visitor's own question is quoted up to UNIT_SENTENCES sentences.
 */
export function wholeUnits<C extends Candidate & { passage: Chunk }>(picked: C[], candidates: C[]): C[] {
  const chosen: C[] = [];
  for (const c of picked) {
    if (c.question) {
      const unit = candidates.filter((x) => x.question === c.question && x.passage.page === c.passage.page);
      const start = unit.find((x) => x.leads)?.position ?? c.position;
      // A unit asking nearly the visitor's question keeps its answer's second sentence, which often holds the detail asked
      // ("…Nobody checks it." after "No."): its first alone may only say yes or no.
      // So does one whose answer's opening is asked so in visitors' words (corpus/asked.ts): "Something's broken, who do I
      // tell?" under "Report a bug, send feedback…" is the visitor's question too, and the unit's later sentences hold
      // what such a question goes on to ask ("Each report becomes an issue that the people who keep the sanctuary read").
      const asked = Math.max(c.asked ?? 0, unit.find((x) => x.leads)?.askedAs ?? 0);
      const end = Math.max(c.position, asked >= SAME_QUESTION ? start + UNIT_SENTENCES - 1 : asked >= UNIT_NEAR ? start + 1 : start);
      for (const x of unit) if (x.position >= start && x.position <= end && x.position - start < UNIT_SENTENCES + 2 && !chosen.includes(x)) chosen.push(x);
    }
    if (!chosen.includes(c)) chosen.push(c);
  }
  return chosen;
}
