// What kind of answer a question asks for, and the parts of a question that asks two things at once.
// Pure functions: the sentence chooser (extract.ts) weighs sentences by the type, the grounding
// (answer.ts) answers each part on its own, and eval:ask totals its results per type.
import { piecesAsked } from "./pieces.ts";
import { ASKS_CAP, asksLimit } from "./limit-words.ts";
import { CONDITION, OPENERS, partsOf } from "./question-parts.ts";

export { partsOf } from "./question-parts.ts";

export type AnswerType = "piece" | "duration" | "count" | "when" | "yes/no" | "parts" | "how-to" | "where" | "definition" | "other";

/** A question after a list: what something holds, is made of, or the names of its kinds or members ("what are the six … called", "list them"). */
export const PARTS =
  /\bwhat (kinds?|sorts?|types?|parts|pieces|tools|names)\b|\bwhich (kinds?|parts|pieces|categories|tools)\b|\b(made|consist|composed) (up )?of\b|\bmake up\b|\bwhat does .* (have|hold|contain|include|list|offer|give|return)\b|\bwhat(?: is|'s) (in|inside)\b|\b(?:the|its|their) (?:parts|components|elements|ingredients|sections|segments) of\b|\bwhat are (?:the|its|their) (?:parts|components|elements|ingredients|sections|segments|pieces)\b|\bwhat (?:components|elements|ingredients|sections|segments)\b|^\s*(?:is|are) (?:it|they|a \w+|the \w+) (?:all|entirely|purely|nothing but) (?:music|songs?|singing|chants?|chanting|words|text|reading|prayers?|talk|talking|audio|sound)\s*\?*\s*$|\bwhat goes (in|into)\b|\bwhat are (they|the \w+) called\b|\bnames of\b|\b(?:are|were) (?:they|those|these|the [\w-]+(?: [\w-]+){0,5}) called\b|\b(?:the|their) names\b|\blist (?:them|the|all|every)\b|\bname (?:them|all|each|every)\b/i;

/**
 * After "how do…": not "how do the axioms relate to the songs?", which asks how two things stand to each other, not how
 * to do something ("how do I connect…" still does). The how-to type and its cue (answer-cues.ts) share it.
 */
export const NOT_A_RELATION = String.raw`(?!\s+(?!i\b|we\b|you\b)[^?]*\b(?:relate[sd]?|connect(?:s|ed)?|linked|tie[sd]? (?:in|together|up)|fit together)\b)`;

/** In order: the first that matches names the question's type ("how many minutes" is a duration, not a count). */
const TYPES: Array<[AnswerType, RegExp]> = [
  [
    "duration",
    /\bhow (long|much time)\b|\bhow (?:much|(?:big|large) an? \w+) of (?:my|your|the|an?|one) (?:time|evening|morning|night|day|afternoon|hour|lunch)|\bhow many (minutes|hours|seconds|days|weeks)\b|\b(shortest|longest)\b.*\b(be|last|lasts|take|takes|run|runs)\b|\bhow short\b|\b(?:short|long|quick|brief) enough\b|\bwhat length\b|\b(?:size|length) limits?\b|\blimits? on (?:the )?(?:size|length)\b|\b(?:min|max|minimum|maximum) (?:or (?:min|max|minimum|maximum) )?(?:size|length)\b/i,
  ],
  ["count", /\bhow (many|often|much)\b|\bnumber of\b|\bhow frequently\b/i],
  // A cap on how often one may act, asked as a yes or no, wants its count (limit-words.ts).
  ["count", ASKS_CAP],
  [
    "when",
    /^\s*(?:and\s+)?(when|what time|at what (?:time|hour)|what hour|which hours?)\b|\bwhat(?: is|'s) the (?:best |right )?time\b|\bat what point\b|\bschedule\b/i,
  ],
  ["parts", PARTS],
  ["how-to", new RegExp(String.raw`\bhow (do|can|should|would|to|could|does one)\b${NOT_A_RELATION}|\bwhat (?:is the way|steps)\b`, "i")],
  ["where", /^\s*(?:and\s+)?(where|which (link|page|address|url|feed))\b|\b(link|url|address) (to|for|of)\b/i],
  ["yes/no", /^\s*(?:and\s+)?(do|does|did|is|are|was|can|could|may|might|should|must|will|would|am|has|have)\b/i],
  ["definition", /^\s*(?:and\s+)?(what(?: is|'s| are)|what does .* mean|define|who (is|are))\b/i],
];

/** The type of answer a question asks for ("other" when none of the kinds fits); of its first part when it has two. */
export function answerTypeOf(question: string): AnswerType {
  // "Is there a prayer for…?" asks after a piece, answered by naming it, not by a yes or no (pieces.ts).
  if (piecesAsked(question)) return "piece";
  const first = partsOf(question)[0];
  const q = askingClause(first);
  // A limit on what is sent, in words other than "how long", or a size given before "can I submit it?" (limit-words.ts).
  if (asksLimit(q, first)) return "duration";
  for (const [type, asks] of TYPES) if (asks.test(q)) return type;
  return "other";
}

const ASKS = new RegExp(`^\\W*(?:${OPENERS})\\b`, "i");
const SCENE_DASH = new RegExp(`\\s+[—–-]+\\s+(?=(?:${OPENERS})\\b)`, "i");

/**
 * The words that ask, without what sets the scene: the last sentence that asks ("I can't sleep at three. What
 * could help?"), after a colon ("I'm in Melbourne: will my service differ…?"), without an opening condition
 * ("If I give no timezone, do I…?"). The question's type is read from these; its subject from the whole.
 */
export function askingClause(question: string): string {
  const q = question.trim();
  // A dash before the words that ask ends a scene as a full stop would ("It's July — will the service…?"); after
  // words that already ask ("Who chooses the songs — is there a person?") it only adds to them.
  const sentences = q.split(/(?<=[.!?:;])\s+(?=\S)/).flatMap((s) => (ASKS.test(s) ? [s] : s.split(SCENE_DASH)));
  const asking = [...sentences].reverse().find((s) => /\?\s*$/.test(s)) ?? q;
  const clause = asking.replace(CONDITION, "");
  return clause.trim() ? clause : asking;
}
