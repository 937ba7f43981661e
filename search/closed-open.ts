// A guide's sentence saying what is closed ("Songs, chants and blessings are not open for contribution") answers a
// visitor offering one of those only in half: what they may offer instead is the list said just before it. Pure function.
import type { Chunk } from "./chunks.ts";
import type { Candidate } from "./candidate.ts";

/** What is not open, accepted or allowed at present. */
const CLOSED = /\b(?:is|are)\s+not\s+(?:open|accepted|allowed|taken)\b/i;
/** A sentence that lists what is: items after a colon or between semicolons. */
const LISTS = /:\s*\S[^;]*;[^;]+;|;[^;]+;/;

/** The chosen sentences, each one saying what is closed preceded by the list of what is open just before it in its section. */
export function withWhatIsOpen<C extends Candidate & { passage: Chunk }>(picked: C[], candidates: C[]): C[] {
  const out: C[] = [];
  for (const c of picked) {
    const open =
      c.guide !== false && CLOSED.test(c.sentence)
        ? candidates.find((x) => x.passage.page === c.passage.page && x.position === c.position - 1 && x.heading === c.heading && LISTS.test(x.sentence))
        : undefined;
    if (open && !picked.includes(open) && !out.includes(open)) out.push(open);
    out.push(c);
  }
  return out;
}
