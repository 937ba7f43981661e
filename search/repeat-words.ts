// Whether a piece comes back ("will I hear the same song tomorrow?", "can a chant turn up two days in a row?", "is the
// 4pm service a rerun of the noon one?", "how often does a reading come round again?") is what the guides call the
// planner not repeating or reusing: "A slot does not repeat the other slots of its date, does not reuse its own
// readings and closings from the last three weeks…". A question asking it in its own words is read with the guides'
// words beside them, as a clock change is (clock-change-words.ts). Pure function.

/** A part of a service, or a service, slot or watch: what may come back. */
const PIECE = /\b(?:songs?|chants?|readings?|prayers?|practices?|closings?|rituals?|blessings?|hymns?|pieces?|services?|slots?|watch(?:es)?)\b/i;

/** Coming back: again, a rerun, the same one on another day or slot. */
const BACK = [
  String.raw`\b(?:again|rerun|re-run|repeats?|repeated|repeating|recurs?|recurring|reused?)\b`,
  String.raw`\bcom(?:e|es|ing) (?:back|round|around)\b`,
  String.raw`\bsame\b[^?]*\b(?:tomorrow|yesterday|next (?:day|week|time)|in a row|running|twice|every day|each day|day after day|the day before|two days)\b`,
  String.raw`\b(?:tomorrow|yesterday|next (?:day|week)|in a row|two days)\b[^?]*\bsame\b`,
].join("|");
const COMES_BACK = new RegExp(BACK, "i");

/** The guides' words for it. */
const GUIDES_SAY = "(repeat, reuse)";

/**
 * The visitor's own words coming back ("leave the exact same reflection every day, like a little ritual of mine"):
 * a reflection posted twice, which the guides' rule on the same words from the same name answers, not the planner's
 * variety, whatever piece the question likens it to.
 */
const OWN_WORDS = /\breflections?\b|\bmy (?:own )?(?:words|text|post)\b/i;
const GUIDES_SAY_OWN = "(the same words posted twice)";

/** The question with the guides' words for a piece coming back beside it, when it asks so in its own. */
export function withRepeatWords(question: string): string {
  if (OWN_WORDS.test(question) && COMES_BACK.test(question)) return question.includes(GUIDES_SAY_OWN) ? question : `${question} ${GUIDES_SAY_OWN}`;
  return PIECE.test(question) && COMES_BACK.test(question) && !question.includes(GUIDES_SAY) ? `${question} ${GUIDES_SAY}` : question;
}
