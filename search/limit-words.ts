// A question after how much may be sent ("is there a cap on how much text…?", "what's the longest piece I can
// submit?") asks for a limit, said in the guides as "up to 10,000 characters": it is read as a
// question of length (answer-type.ts, answer-cues.ts), whose cue wants such a span, though it names no "how long".

/**
 * A cap on what is sent, how much text, or the longest one may send. Not a limit in words ("word limit for an essay?"),
 * which the guides say as "600 to 1500 words", a span the length's cue does not count; nor "too long?", which often
 * asks after the kind.
 */
export const ASKS_LIMIT =
  /(?<!\b(?:word|character|length|size|text)\s)\b(?:cap|caps|ceiling|limit|limits|maximum|max)\b[^?]*\b(?:text|characters?|long|length|size|much|big)\b|\bhow much text\b|\b(?:longest|biggest|largest)\b[^?]*\b(?:can|could|may|allowed)\b/i;

/**
 * A cap on how many times one may do something ("is there a cap on searches?", "a limit to questions?", "before I get
 * stopped?"): the guides say it as a count an hour ("ten questions, sixty searches"), so it is read as "how many…?",
 * not as a yes or no that any sentence naming searches would answer. After ASKS_LIMIT: a cap on text is a length;
 * not a limit in words ("a word limit for essays?"), said as a span.
 */
export const ASKS_CAP =
  /(?<!\b(?:word|character|length|size|text)\s)\b(?:cap|caps|ceiling|limit|limits|limited|maximum|max|quota|quotas|throttled?|rate[- ]limit(?:s|ed)?)\b\s+(?:on|to|for|of)\s+(?:the\s+)?(?:number of\s+|how many\s+)?(?:my\s+)?\w+|\bbefore (?:i|we|you|they|it) (?:get|gets|am|are|is) (?:stopped|blocked|cut off|limited|throttled|refused)\b|\brate[- ]limit(?:s|ed)?\b/i;
