// What kind of answer a question asks for, and the parts of a question that asks two things at once.
// Pure functions: the sentence chooser (extract.ts) weighs sentences by the type, the grounding
// (answer.ts) answers each part on its own, and eval:ask totals its results per type.

export type AnswerType = "duration" | "count" | "when" | "yes/no" | "parts" | "how-to" | "where" | "definition" | "other";

export const ANSWER_TYPES: readonly AnswerType[] = ["duration", "count", "when", "yes/no", "parts", "how-to", "where", "definition", "other"];

/** In order: the first that matches names the question's type ("how many minutes" is a duration, not a count). */
const TYPES: Array<[AnswerType, RegExp]> = [
  [
    "duration",
    /\bhow (long|much time)\b|\bhow many (minutes|hours|seconds|days|weeks)\b|\b(shortest|longest)\b.*\b(be|last|lasts|take|takes|run|runs)\b|\bhow short\b|\bwhat length\b/i,
  ],
  ["count", /\bhow (many|often|much)\b|\bnumber of\b|\bhow frequently\b/i],
  [
    "when",
    /^\s*(?:and\s+)?(when|what time|at what (?:time|hour)|what hour|which hours?)\b|\bwhat(?: is|'s) the (?:best |right )?time\b|\bat what point\b|\bschedule\b/i,
  ],
  [
    "parts",
    /\bwhat (kinds?|sorts?|types?|parts|pieces)\b|\bwhich (kinds?|parts|pieces|categories)\b|\b(made|consist|composed) (up )?of\b|\bmake up\b|\bwhat does .* (have|hold|contain|include)\b|\bwhat is in\b/i,
  ],
  ["how-to", /\bhow (do|can|should|would|to|could|does one)\b|\bwhat (?:is the way|steps)\b/i],
  ["where", /^\s*(?:and\s+)?(where|which (link|page|address|url|feed))\b|\b(link|url|address) (to|for|of)\b/i],
  ["yes/no", /^\s*(?:and\s+)?(do|does|did|is|are|was|can|could|may|might|should|must|will|would|am|has|have)\b/i],
  ["definition", /^\s*(?:and\s+)?(what(?: is|'s| are)|what does .* mean|define|who (is|are))\b/i],
];

/** The type of answer a question asks for ("other" when none of the kinds fits); of its first part when it has two. */
export function answerTypeOf(question: string): AnswerType {
  const q = partsOf(question)[0];
  for (const [type, asks] of TYPES) if (asks.test(q)) return type;
  return "other";
}

/** A second question inside the first begins here: ", and how…", "? And when…", "; what…". */
const SECOND = /(?:[,;]\s*(?:and|but|also)?\s*|\?\s*(?:and\s+|also\s+)?|\s+and\s+)(?=(?:how|what|when|where|which|who|why|is|are|do|does|can|will|should)\b)/gi;

/**
 * The parts of a question that asks two (or more) things: "How many services are there in a day, and how long
 * is each slot?" is two questions. A part too short to stand alone (fewer than three words) stays with the one
 * before it; a question of one part comes back whole. The subject of the first part is carried into a later
 * part that names none of its own ("…, and how long is each?") by the caller, not here.
 */
export function partsOf(question: string): string[] {
  const q = question.trim();
  const cuts: number[] = [];
  for (const m of q.matchAll(SECOND)) {
    const at = m.index + m[0].length;
    // "and" between two nouns ("songs and chants") is no second question: what follows must ask.
    if (m[0].trim().toLowerCase() === "and" && !/^(how|what|when|where|which|who|why)\b/i.test(q.slice(at))) continue;
    if (at > 0 && at < q.length) cuts.push(at);
  }
  const parts: string[] = [];
  let start = 0;
  for (const cut of [...cuts, q.length]) {
    const part = q
      .slice(start, cut)
      .replace(/^(and|but|also)\s+/i, "")
      .replace(/[\s,;]+(and|but|also)?\s*$/i, "")
      .trim();
    if (part.split(/\s+/).length < 3 && parts.length) parts[parts.length - 1] += ` ${part}`;
    else if (part) parts.push(part);
    start = cut;
  }
  return parts.length > 1 ? parts.map((p) => (/[?.!]$/.test(p) ? p : `${p}?`)) : [q];
}
