// "What are the hourly caps on searches, on questions, and on feedback reports?" asks one figure for each thing it
// lists: three questions sharing one frame. Answered as one, the sentence naming the first thing's figure (or a
// sentence naming all three things but none of their figures) wins and the others go unsaid. A question after a
// figure (a limit, a count, a length) that lists the things it is asked of is read as one part per thing, each the
// frame with that thing in the list's place, so each is answered on its own (follow-up.ts, ground.ts). Pure functions.

/** Words that ask after a figure: a limit, a count, a length, a rate. */
const ASKS_FIGURE =
  /\b(?:how (?:many|much|long|often)|limits?|caps?|quotas?|ceilings?|max(?:imum)?|minimum|min|most|fewest|longest|shortest|allowance|budget|per hour|an hour|hourly|characters?|length)\b/i;

/** A preposition a list's items may each repeat ("on searches, on questions"). */
const PREP = "(?:for|on|of|to)";
/** One item: a few words, no punctuation, not itself a question's opening. */
const ITEM = String.raw`(?!(?:how|what|which|when|where|who|why|is|are|do|does|can|could|will|would|and|or|so)\b)[\w'’/-]+(?:\s+(?!(?:and|or|plus|so)\b)[\w'’/-]+){0,3}`;

/**
 * A list of three or more ("searches, questions and reports"), or of two with its preposition said twice ("for
 * searches and for questions"), after a preposition or a colon, ending the sentence or before ", so…".
 */
const LIST = new RegExp(
  String.raw`(\b${PREP}\s+|:\s*)(${ITEM}(?:,\s*(?:${PREP}\s+)?${ITEM})+,?\s+(?:and|or|plus|&)\s+(?:${PREP}\s+)?${ITEM}|${ITEM}\s+(?:and|or)\s+${PREP}\s+${ITEM})(?=\s*(?:[?.!;]|,\s*(?:so|because|since|as)\b|$))`,
  "i",
);

/** The items of a list, each without the joining word or its own preposition. */
function itemsOf(list: string): string[] {
  return list
    .split(/\s*,\s*(?:(?:and|or|plus|&)\s+)?|\s+(?:and|or|plus|&)\s+/i)
    .map((item) => item.replace(new RegExp(`^${PREP}\\s+`, "i"), "").trim())
    .filter(Boolean);
}

/**
 * The part as one question per thing it lists, when it asks after a figure of each ("What are the per-hour caps on
 * searches, on questions, and on feedback reports?" → "…caps on searches?", "…caps on questions?", "…caps on feedback
 * reports?"); else the part alone. A colon before the list is read as "for" ("the hourly quotas: search, ask and
 * feedback" → "the hourly quotas for search").
 */
export function listParts(part: string): string[] {
  const m = LIST.exec(part);
  if (!m || !ASKS_FIGURE.test(part.slice(0, m.index + m[1].length))) return [part];
  const items = itemsOf(m[2]);
  if (items.length < 2 || items.some((item) => item.split(/\s+/).length > 4)) return [part];
  const lead = m[1].trim() === ":" ? " for " : m[1];
  const before = part.slice(0, m.index);
  const after = part.slice(m.index + m[0].length);
  const ending = /[?.!]\s*$/.test(after) ? after : `${after}?`;
  return items.map((item) => `${before}${lead}${item}${ending}`.replace(/\s+/g, " ").trim());
}
