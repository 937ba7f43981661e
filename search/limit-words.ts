// A question after how much may be sent ("is there a cap on how much text…?", "what's the longest piece I can
// submit?") asks for a limit, said in the guides as "up to 10,000 characters": it is read as a
// question of length (answer-type.ts, answer-cues.ts), whose cue wants such a span, though it names no "how long".

/**
 * A cap on what is sent, how much text, the longest one may send, or whether one may send a long one ("can I write a
 * really long reflection?"), or a character limit named as such ("a character limit on a question to ask?", "is there a length thing?"). The size words
 * must qualify what is sent ("a really long reflection"), not stand in a question after sameness ("the exact same short reflection every day?"). Not a limit in words ("word limit for an essay?"),
 * which the guides say as "600 to 1500 words", a span the length's cue does not count; nor "too long?", which often
 * asks after the kind.
 */
export const ASKS_LIMIT =
  /(?<!\b(?:word|character|length|size|text)\s)\b(?:cap|caps|ceiling|limit|limits|maximum|max)\b[^?]*\b(?:text|characters?|long|length|size|much|big)\b|\b(?:character|characters|length|size)[\s-]+(?:cap|caps|limit|limits|maximum|max|rules?|restrictions?|requirements?|things?)\b|\bhow much text\b|\b(?:longest|shortest|biggest|largest|smallest)\b[^?]*\b(?:can|could|may|allowed)\b|\b(?:can|could|may)\s+(?:i|we|you)\s+(?:write|send|post|submit|leave|contribute)\b(?:\s+(?!(?:same|identical|exact)\b)[\w'-]+){0,3}?\s+(?:long|lengthy|short|big|huge|tiny)\s+(?:reflection|contribution|submission|piece|prayer|poem|essay|title|name|question|text|message)s?\b/i;

/**
 * A size the visitor gives in characters ("I wrote a 15,000 character practice. Can I submit all of it?"): a yes or no
 * after it, about sending it, asks whether it is within the limit, though the words that ask name no length.
 */
export const SIZE_GIVEN = new RegExp(
  [
    String.raw`(?:\b\d[\d,.]*k?|\bthousand|\bhundred)[\s-]*(?:characters?|chars)\b`,
    // Or said as a writer sees it ("a one-word reflection", "just an emoji", "a whole paragraph"): the limit in characters
    // decides it as surely ("The shortest reflection allowed is 20 characters").
    String.raw`\b(?:one|single|two|three)[\s-]words?\b|\b(?:an?|just|only)\s+(?:an?\s+)?(?:emojis?|smiley)\b|\b(?:whole|full|several|few|multiple|long)\s+paragraphs?\b|\ba paragraph\b`,
  ].join("|"),
  "i",
);

/** Leave asked to act ("can I post…", "may we send…"): a size asked so is also decided by the rule that may refuse it. */
export const ASKS_LEAVE = /^\W*(?:can|could|may)\s+(?:i|we)\b/i;

/** The words that ask whether it may be sent as it is, opening the question or after a comma ("…12k characters, will it be accepted?"). */
export const MAY_SEND = /(?:^\W*|[,;:–—-]\s*)(?:and\s+|so\s+)?(?:can|could|may|will|would|is|does|am)\b/i;

/** A limit asked, in the words that ask (ASKS_LIMIT) or by a size given before a yes or no (SIZE_GIVEN). */
export const asksLimit = (asking: string, question: string) =>
  ASKS_LIMIT.test(asking) ||
  (SIZE_GIVEN.test(question) && (MAY_SEND.test(asking) || /\btoo (?:long|big|large|much)\b|\b(?:ok|okay|fine|allowed)\b/i.test(asking)));

/**
 * A cap on how many times one may do something ("is there a cap on searches?", "a limit to questions?", "before I get
 * stopped?", "the max number of questions I can ask?", "can I search as much as I like?", "could I send twenty
 * contributions in one go?"): the guides say it as a count an hour ("ten questions, sixty searches"), so it is read as
 * "how many…?", not as a yes or no that any sentence naming searches would answer. After ASKS_LIMIT: a cap on text is
 * a length; not a limit in words ("a word limit for essays?"), said as a span.
 */
export const ASKS_CAP = new RegExp(
  [
    String.raw`(?<!\b(?:word|character|length|size|text)\s)\b(?:cap|caps|ceiling|limit|limits|limited|maximum|max|quota|quotas|throttled?|rate[- ]limit(?:s|ed)?)\b\s+(?:on|to|for|of)\s+(?:the\s+)?(?:number of\s+|how many\s+)?(?:my\s+)?\w+`,
    String.raw`\bbefore (?:i|we|you|they|it) (?:get|gets|am|are|is) (?:stopped|blocked|cut off|limited|throttled|refused)\b|\brate[- ]limit(?:s|ed)?\b`,
    String.raw`\b(?:max|maximum|most|greatest|highest|upper)\s+(?:number|amount|count)\s+of\b|\bunlimited\b`,
    // A developer's word for the same cap: "what's the hourly budget?", "my request allowance per hour".
    String.raw`\b(?:hourly|daily|request|call|api|rate)\s+(?:budget|allowance)s?\b|\b(?:budget|allowance)s?\s+(?:an|per|each|every)\s+hour\b`,
    String.raw`\bas (?:much|many|often)(?:\s+\w+){0,2}\s+as (?:i|we|you|they|it) (?:like|likes|want|wants|please|wish|need|needs)\b`,
    String.raw`\btoo (?:many|often)\b(?:\s+\w+)?\s+(?:reflections|contributions|submissions|questions|searches|reports|messages|queries|requests|posts|notes|calls|times)\b|\btoo many\s*\?*$`,
    // A count of what one sends, asked whether it may be sent: "can I post ten reflections in a row?".
    String.raw`\b(?:can|could|may)\s+(?:i|we|you|an? \w+)\b[^?]*\b(?:\d+|two|three|four|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|fifty|hundred|dozen|several)\s+(?:more\s+)?(?:reflections|contributions|submissions|questions|searches|reports|messages|queries|requests|pieces|prayers|poems|posts|notes|entries|calls|comments)\b`,
  ].join("|"),
  "i",
);

/**
 * What follows a cap once reached: "do the limits reset?", "am I blocked for good once I hit one?", "what if I go
 * over the limit?". The guides answer by the wait ("the response tells you how long to wait") and by when the count
 * ends ("expire when the hour is up"), not by the count itself.
 */
export const ASKS_AFTER_CAP = new RegExp(
  [
    String.raw`\b(?:reset|resets|blocked|locked out|cut off|banned)\b[^?]*\b(?:limit|limits|cap|caps|quota|counters?)\b`,
    String.raw`\b(?:limit|limits|cap|caps|quota|counters?)\b[^?]*\b(?:reset|resets|blocked|for good|forever|permanent(?:ly)?|locked out|banned)\b`,
    String.raw`\b(?:hit|hits|reach|reached|exceed|exceeded|go over|went over|run out of|used up)\s+(?:the|my|a|that|your|one)?\s*(?:\w+\s+)?(?:limit|cap|quota)\b`,
  ].join("|"),
  "i",
);
