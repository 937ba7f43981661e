// A question-and-answer unit's answer is quoted from its opening (quote-span.ts wholeUnits), but what the visitor asks
// besides the unit's own question is often said a sentence or two later: "I found a bug. How do I report it, and what
// happens to the report?" meets "How do I report a bug or send feedback?", whose opening gives POST /api/feedback and
// whose third sentence says "Each report becomes an issue that the people who keep the sanctuary read". A later
// sentence of a quoted unit holding a word the visitor asks with, that neither the unit's question nor the sentences
// quoted from it hold, is quoted too, with the ones between. Pure functions for ground-part.ts.
import type { Chunk } from "./chunks.ts";
import type { Candidate } from "./candidate.ts";
import { synonymsOf } from "./synonyms.ts";
import { askTerms } from "./text.ts";

/** A unit's sentences quoted reach this far past its answer's opening at most, as wholeUnits' do. */
const UNIT_REACH = 4;

/**
 * What becomes of a thing, said with another verb than the visitor's: "what happens to it" is answered by "it
 * becomes an issue", "it ends up in the archive", "it goes to the people who…".
 */
const BECOMING = new Set(askTerms("happen happens happened becomes become became turns turned ends goes"));

/** The terms a word reaches: itself, its visitors' synonyms (synonyms.ts), and any other verb of becoming for one. */
function reach(term: string): string[] {
  return [term, ...synonymsOf(term).map(([t]) => t), ...(BECOMING.has(term) ? BECOMING : [])];
}

/** A question-and-answer unit: its page and its question. */
const unitKey = (c: Candidate & { passage: Chunk }) => `${c.passage.page}\u0000${c.question}`;

/** The picked sentences, each unit's widened to a later sentence that holds what else the visitor asks (see the top). */
export function withUnitRest<C extends Candidate & { passage: Chunk }>(picked: C[], candidates: C[], asked: string): C[] {
  const askedTerms = askTerms(asked);
  if (!askedTerms.length) return picked;
  const out = [...picked];
  const units = new Set(picked.filter((c) => c.question && c.guide !== false).map(unitKey));
  for (const key of units) {
    const unit = candidates.filter((x) => unitKey(x) === key).sort((a, b) => a.position - b.position);
    const start = unit.find((x) => x.leads)?.position ?? unit[0]?.position;
    if (start === undefined) continue;
    const quoted = unit.filter((x) => out.includes(x));
    const last = Math.max(...quoted.map((x) => x.position));
    // What the unit already says of the visitor's question: its own question and the sentences quoted from it.
    const said = new Set(askTerms([quoted[0]?.question ?? "", ...quoted.map((x) => x.sentence)].join(" ")));
    const wanted = askedTerms.filter((t) => !reach(t).some((r) => said.has(r)));
    if (!wanted.length) continue;
    // Every term that would say what is wanted, reached once for the unit rather than per term of each sentence.
    const answering = new Set(wanted.flatMap(reach));
    const holding = unit.find((x) => x.position > last && x.position - start < UNIT_REACH && askTerms(x.sentence).some((t) => answering.has(t)));
    if (!holding) continue;
    const between = unit.filter((x) => x.position > last && x.position <= holding.position);
    // Kept in reading order: after the unit's last quoted sentence.
    out.splice(out.indexOf(quoted[quoted.length - 1]) + 1, 0, ...between);
  }
  return out;
}
