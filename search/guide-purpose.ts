// What a guide is for is said in its whole text, not only in its title and headings: the Code of Care is the page about
// "how people are expected to treat each other", though neither "people" nor "expected" is in its title or headings,
// because its paragraphs keep saying them ("treat one another", "treat every visitor", "People: treat agents'…").
// A question asking for a page by its purpose ("is there a page with the ground rules…?") reached only the guide whose
// heading held one of its words ("The few rules" of How Reflections Work). Here a word the guide's body says counts
// too, less than a heading's, and more the more often the guide says it. Pure functions for guide-titled.ts.
import type { Hit } from "./index.ts";
import { synonymsOf, SYNONYM } from "./synonyms.ts";
import { askTerms } from "./text.ts";

/** A word the guide's body says often counts this much of a heading's word (which counts 1, a title's 2). */
export const BODY_NEAR = 0.5;
/** Said this many times in the body, a word counts its whole BODY_NEAR; said once, half of it. */
const BODY_OFTEN = 2;

/** How many times the guide's body (its passages' text) says each word. */
function bodyCounts(guide: Hit): ReadonlyMap<string, number> {
  let counts = countsOf.get(guide);
  if (!counts) {
    const made = new Map<string, number>();
    for (const p of guide.passages) for (const t of askTerms(p.text)) made.set(t, (made.get(t) ?? 0) + 1);
    counts = made;
    countsOf.set(guide, counts);
  }
  return counts;
}
/** Keyed by the guide's hit, which ask-library.ts guidePages makes once per library content. */
const countsOf = new WeakMap<Hit, ReadonlyMap<string, number>>();

/** How near the guide's body comes to one asked word: BODY_NEAR said BODY_OFTEN times, less said less, a visitor's synonym a little less. */
export function bodyNearness(guide: Hit, term: string): number {
  const counts = bodyCounts(guide);
  const share = (t: string) => Math.min(1, (counts.get(t) ?? 0) / BODY_OFTEN);
  const linked = Math.max(0, ...synonymsOf(term).map(([t]) => SYNONYM * share(t)));
  return BODY_NEAR * Math.max(share(term), linked);
}
