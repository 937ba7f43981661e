// A guide's sentence saying that what is sent does not appear at once ("A contribution does not appear in the library
// straight away, and nothing is published automatically") answers a visitor asking "does it go up straight away?" only
// in half, and in words that never say who reads it first ("sent to people who read it with care"): the guide's plain
// sentence on the review ("People review every contribution before it joins the library") is quoted before it, as the
// list of what is open is before what is closed (closed-open.ts). Pure function.
import type { Chunk } from "./chunks.ts";
import type { Candidate } from "./candidate.ts";

/** Not published or shown at once: "does not appear … straight away", "nothing is published automatically". */
const NOT_AT_ONCE =
  /\b(?:not|never|nothing)\b[^.;]*\b(?:published|publishes|appears?|shown|goes live|go live)\b[^.;]*\b(?:straight away|right away|immediately|automatically|at once)\b/i;

/** Who reads it before it joins: "People review every contribution before it joins the library". */
const REVIEWED_BEFORE = /\breview(?:s|ed)?\b[^.;]*\bbefore\b/i;

/** Asking whether what one sends goes up at once, or is read first: "does it go up straight away?", "does anyone look at it first?". */
const ASKS_AT_ONCE =
  /\b(?:straight away|right away|immediately|at once|instantly|automatically|go(?:es)? (?:up|live|online)|shows? up|appears?|published|(?:check|checks|checked|look at|looks at|read|reads|see|sees) (?:it|them) (?:first|before)|before it goes)\b/i;
/** Sending a piece to the library, not leaving a reflection or a report: "if I submit a prayer", "a piece I contribute". */
const SENDS_PIECE = /\b(?:submit\w*|contribut\w*|send(?:ing)? in|sent in|offer\w*)\b/i;
const OTHER_TEXT = /\b(?:reflections?|feedback|reports?|bugs?|questions?)\b/i;

/**
 * Whether a part asks if a piece the question sends appears at once or is read first. Only the part's own last
 * sentence asks it: a later part read with this one ("…straight away. And is there a cap on how long?") asks a length.
 */
export function asksIfAtOnce(part: string, question: string = part): boolean {
  const own = part.split(/(?<=[.!?])\s+(?=\S)/).pop() ?? part;
  return ASKS_AT_ONCE.test(own) && SENDS_PIECE.test(question) && !OTHER_TEXT.test(question);
}

/**
 * The chosen sentences, with the guide's sentence on the review (and the one carrying it on, "Nothing is published
 * automatically") before the first saying a piece is not published at once, or after them all when the question asks
 * it (asksIfAtOnce) and no sentence says it; unchanged when one already names the review.
 */
export function withReviewSaid<C extends Candidate & { passage: Chunk }>(picked: C[], candidates: C[], asked = "", question = asked): C[] {
  const late = picked.find((c) => c.guide !== false && NOT_AT_ONCE.test(c.sentence));
  if ((!late && !asksIfAtOnce(asked, question)) || picked.some((c) => /\breview(?:s|ed|ers?)?\b/i.test(c.sentence))) return picked;
  // The same page's sentence first (the guide that says both), else any guide's.
  const said = candidates.filter((x) => x.guide !== false && REVIEWED_BEFORE.test(x.sentence));
  const review = said.find((x) => !late || x.passage.page === late.passage.page) ?? said[0];
  if (!review) return picked;
  const next = candidates.find((x) => x.passage.page === review.passage.page && x.position === review.position + 1 && NOT_AT_ONCE.test(x.sentence));
  const added = [review, ...(next && !late && !picked.includes(next) ? [next] : [])];
  const at = late ? picked.indexOf(late) : picked.length;
  return [...picked.slice(0, at), ...added, ...picked.slice(at)];
}
