// Questions that ask after one particular fact of a kind (a year, a price, a phone number, a street address,
// who founded it, which company or version, a spoken language) are answered only by a sentence that holds a
// fact of that kind. Without one the library does not say, however many of the question's other words a
// sentence shares: "What year did the sanctuary open?" is not answered by "There is no account to open".
// Pure functions; the chooser (extract.ts) drops an answer whose sentences carry no such fact.

export interface Slot {
  name: string;
  /** The question asks for a fact of this kind. */
  asks: RegExp;
  /** A sentence (or the question of its question-and-answer unit) that holds one. */
  holds: RegExp;
}

const LANGUAGES =
  "spanish|french|german|italian|portuguese|japanese|chinese|mandarin|cantonese|arabic|hindi|russian|korean|dutch|polish|turkish|swedish|greek|hebrew";

export const SLOTS: readonly Slot[] = [
  {
    name: "year",
    asks: /\b(?:what|which) year\b|\bwhen (?:was|were|did)\b[^?]*\b(?:founded|found|established|launched|launch|opened)\b/i,
    holds: /\b(?:1[89]|20)\d{2}\b/,
  },
  {
    name: "price",
    asks: /\bhow much (?:does|do|did|is|will|would)\b[^?]*\b(?:cost|charge|pay)\b|\b(?:price|prices|pricing|fees?|membership|subscription)\b/i,
    holds:
      /[$€£¥]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:dollars?|euros?|pounds?|usd|eur|gbp)\b|\bfree\b|\bno (?:fees?|charge|cost|payment|price)\b|\bcosts? nothing\b|\bnothing to pay\b|\bdonations?\b/i,
  },
  {
    name: "phone",
    asks: /\b(?:phone|telephone|mobile) number\b|\bnumber (?:can|could|do|should) (?:i|we) (?:call|ring|text)\b/i,
    holds: /\+?\d[\d\s().-]{6,}\d|\bno (?:phone|telephone)\b/i,
  },
  {
    name: "street address",
    asks: /\b(?:street|postal|physical|mailing|home) address\b|\bwhich city\b|\bwhere (?:is|are) (?:it|you|they|the \w+) (?:located|based|headquartered)\b/i,
    holds: /\b\d+\s+\w+(?:\s+\w+)?\s+(?:street|st|road|rd|avenue|ave|lane|way|square)\b|\bno (?:building|street|physical)\b|\bnot a building\b/i,
  },
  {
    name: "founder",
    asks: /\bwho (?:founded|started|created|built|set up|owns|funds|is behind)\b|\bfounders?\b/i,
    holds: /\bfound(?:ed|er|ers|ing)\b|\b(?:started|created|built|set up|owned|funded|made) by\b|\bbehind (?:it|the sanctuary)\b/i,
  },
  {
    name: "company or version",
    asks: /\b(?:which|what) (?:company|companies|firm|vendor|provider|brand|organi[sz]ation)\b|\bwhat version\b|\bwhich version\b/i,
    holds: /\b(?:company|vendor|provider|brand|organi[sz]ation|version\s+\d|v\d+(?:\.\d+)*)\b/i,
  },
  {
    name: "spoken language",
    asks: new RegExp(`\\bin (?:${LANGUAGES}|other languages|another language|my (?:own )?language)\\b|\\b(?:which|what) languages?\\b(?!\\s+models?)`, "i"),
    holds: new RegExp(`\\b(?:${LANGUAGES}|english)\\b|\\blanguages?\\b(?!\\s+models?)`, "i"),
  },
];

/** The kinds of particular fact the question asks for (none for most questions). */
export function slotsOf(question: string): Slot[] {
  return SLOTS.filter((s) => s.asks.test(question));
}

/** Whether some sentence holds a fact of every kind asked for (true when none is asked for). */
export function slotsHeld(slots: Slot[], sentences: Array<{ sentence: string; question?: string | null }>): boolean {
  return slots.every((s) => sentences.some((c) => s.holds.test(c.sentence) || (c.question ? s.holds.test(c.question) : false)));
}
