// Whether a later quote may stand beside an answer that is already the visitor's own question answered (quotable.ts
// chooseWith). Readers flag as stray a second or third passage beside a guide's unit asking just what the visitor asks:
// "What timezone should I give?" answered under "What time zone should I give…?", then "…keeps no timezone, no
// account…" (what is kept) from another unit sharing its words. Such a passage is quoted only when it answers a
// question near the visitor's too, brings the kind of content asked that the quotes before it lack, or is quoted with
// one of them anyway. Pure functions.
import type { Candidate } from "./candidate.ts";

/** Whether `c` is quoted with a chosen sentence, not on its own: it is of the same unit, or next to it on the page (answer.ts groups them). */
export function joinsQuote(c: Candidate, chosen: readonly Candidate[]): boolean {
  return chosen.some((x) => x.title === c.title && (c.question ? x.question === c.question : Math.abs(x.position - c.position) === 1));
}

/** What a later quote is known by here: whether it answers a question near the visitor's, and whether it has the kind of content asked that the quotes before it lack. */
export interface LaterQuote {
  c: Candidate;
  askedNear: boolean;
  kindLacking: boolean;
}

/** Whether a later quote may join quotes that open with the visitor's own question answered (`ownAnswered`). */
export function mayJoinOwnAnswer(later: LaterQuote, chosen: readonly Candidate[], ownAnswered: boolean): boolean {
  return !ownAnswered || later.askedNear || later.kindLacking || joinsQuote(later.c, chosen);
}
