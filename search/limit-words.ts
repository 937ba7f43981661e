// A question after how much may be sent ("is there a cap on how much text…?", "what's the longest piece I can
// submit?") asks for a limit, said in the guides as "up to 10,000 characters": it is read as a
// question of length (answer-type.ts, answer-cues.ts), whose cue wants such a span, though it names no "how long".

/**
 * A cap on what is sent, how much text, or the longest one may send. Not a limit in words ("word limit for an essay?"),
 * which the guides say as "600 to 1500 words", a span the length's cue does not count; nor "too long?", which often
 * asks after the kind.
 */
export const ASKS_LIMIT =
  /\b(?:cap|caps|ceiling|limit|limits|maximum|max)\b[^?]*\b(?:text|characters?|long|length|size|much|big)\b|\bhow much text\b|\b(?:longest|biggest|largest)\b[^?]*\b(?:can|could|may|allowed)\b/i;
