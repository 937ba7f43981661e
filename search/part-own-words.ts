// A later part read with the part before it (follow-up.ts: "how long can a reflection be? … and can I say where I'm
// writing from?") holds that part's words as well as its own, and so is often answered by that part's answer again,
// from another page: the length quoted three times, the location never. A sentence answers such a part only when it
// holds some of the words the part adds (its stems or links), in itself, its heading or its unit's question (not in the sentence before it, which is often the earlier part's answer), or when
// a question it answers comes near the part's. Pure functions for ground.ts.
import { cuesOf, subjectTerms } from "./answer-cues.ts";
import type { Candidate } from "./candidate.ts";
import type { Expansions } from "./lexicon.ts";
import { alternativesOf, held } from "./sentence-evidence.ts";
import { askedness } from "./sentence-score.ts";

/** A sentence this near the part through a question it answers (a unit's, or one in visitors' words) answers it whatever its words. */
export const OWN_ASKED = 0.5;

/** The subject words a part adds to the reading it is given with the part before (empty when it adds none). */
export function wordsAdded(read: string, before: string): string[] {
  const earlier = new Set(subjectTerms(before, cuesOf(before)));
  return subjectTerms(read, cuesOf(read)).filter((t) => !earlier.has(t));
}

/**
 * Whether a candidate may answer the later part: it holds one of the words the part adds (a unit's question counts as
 * its heading), or answers a question near the part's. A part that adds no word of its own keeps every candidate.
 */
export function holdsPartOwn(added: string[], part: string, expansions: Expansions | null): (c: Candidate) => boolean {
  if (!added.length) return () => true;
  const alternatives = alternativesOf(part, expansions);
  return (c) => askedness(c) >= OWN_ASKED || held(added, `${c.sentence} ${c.question ?? ""} ${c.heading}`, "", undefined, alternatives) > 0;
}
