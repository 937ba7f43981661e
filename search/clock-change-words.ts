// The clocks going back or forward ("the clocks sprang forward last night", "DST starts this weekend", "we lose an
// hour on Sunday") is what the guides call clocks changing for daylight saving: a question saying it in its own
// words is read with the guides' words beside them, so it meets the rule that a slot may then last three hours or
// five, which shares none of its words. Pure function.

/** The clocks changed, going to change, or the hour lost or gained with them. */
const CHANGE = new RegExp(
  [
    String.raw`\bclocks?\s+(?:will\s+|are\s+|have\s+|just\s+)?(?:go(?:es)?|went|going|gone|jump(?:s|ed)?|spr(?:ing|ings|ang|ung)|fall(?:s)?|fell|move[sd]?|shift(?:s|ed)?|turn(?:s|ed)?|roll(?:s|ed)?|chang(?:e|es|ed|ing))\b`,
    String.raw`\b(?:spring(?:ing|s)?|sprang)\s+forward\b|\bfall(?:ing|s)?\s+back\b`,
    String.raw`\b(?:dst|daylight[- ]sav(?:ing|ings)(?:\s+time)?)\b`,
    String.raw`\b(?:lose|lost|losing|gain|gained|gaining)\s+an\s+hour\b|\bextra\s+hour\b.*\bclocks?\b`,
  ].join("|"),
  "i",
);

/** The guides' words for it. */
const GUIDES_SAY = "(when clocks change for daylight saving)";

/** The question with the guides' words for a clock change beside it, when it tells of one in its own. */
export function withClockChangeWords(question: string): string {
  return CHANGE.test(question) && !question.includes(GUIDES_SAY) ? `${question} ${GUIDES_SAY}` : question;
}
