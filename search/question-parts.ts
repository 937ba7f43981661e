// The parts of a question that asks two (or more) things, as a pure function: where one question ends and the next
// begins, and which pieces ask nothing (a scene, a condition) and so belong to the question after them. The type of
// answer (answer-type.ts) is read from the first part; the grounding (ground.ts) answers each part on its own.

/** A clause that sets a condition or a scene for the question after it: "If I stay…, how long…", "When I attend, what…", "If not, what…". */
export const CONDITION =
  /^\s*(?:(?:if|once|after|before|since|while|because|although|though|unless|as soon as|in case|now that|when(?!\s+(?:do|does|did|is|are|was|were|will|would|can|could|should|shall|may|might|must)\b))\b[^?]*?,\s*|(?:if (?:not|so)|otherwise|or else)\b,?\s*)/i;

export const OPENERS = "will|would|what|which|how|is|are|do|does|did|can|could|should|why|when|where|who";

/** Words that open a question ("whats" as typed too), or ask as a request does ("tell me…"), after an "and" or "so" joining it to the one before. */
const ASKS_AT = new RegExp(
  `^\\W*(?:(?:and|but|also|so)\\s+)?(?:\\w+ly\\s+)?(?:(?:what|how|where|when|who)(?:['’]?s)?|${OPENERS}|may|might|must|am|was|were|has|have|shall|whose|any|tell|explain|describe|list|name|show|remind)\\b`,
  "i",
);

const AUX = "do|does|did|is|are|was|can|could|will|would|should|may|must|has|have";
/** Who or what a joined yes-or-no question is about: "… and does anyone see it?", "… and is there a limit?". */
const WHO_NEXT = "anyone|anybody|someone|somebody|it|they|i|you|we|there|the|my|your|this|that|these|those|he|she|people";

/**
 * A second question inside the first begins here: ", and how…", "? And when…", "; what…", "… and does anyone…", ". Also do…",
 * and a condition after a question ("? If not, what…", "? And if I…, do I…") that belongs to the question after it.
 */
const SECOND = new RegExp(
  [
    `(?:[,;]\\s*(?:and|but|also)?\\s*|\\?\\s*(?:and\\s+|also\\s+)?|\\s+and\\s+)(?=(?:\\w+ly\\s+)?(?:(?:how|what|when|where|who)s|how|what|when|where|which|who|why|whether|is|are|am|was|do|does|did|can|could|will|would|should|may|must|has)\\b)`,
    `\\?\\s*(?:(?:and|but)\\s+)?(?=(?:if|unless|otherwise)\\b)`,
    // A sentence after a question that ends as a question itself asks, whatever it opens on: "…called? And the one that
    // begins at 8 at night?", "…? Also the noon one?" (an elliptical question: its asking words are the one before's).
    `\\?\\s*(?:(?:and|but|also|or)\\s+)?(?=[^?.!]*[a-z0-9][^?.!]*\\?)`,
    // Typed in haste, the last such question has no mark at all: "…called again? and the one right after midnight".
    `\\?\\s*(?:and|also|or|plus)\\s+(?=[^?.!]*[a-z0-9][^?.!]*$)`,
    // A sentence after a full stop that opens on "also" or "and" asks anew ("…I'm not sure that worked. also do you save it?").
    `[.!]\\s+(?:and|also|but|plus)\\s+(?=(?:how|what|when|where|which|who|why|is|are|do|does|did|can|could|will|would|should|may|must|has)\\b)`,
    `[,;]\\s*(?:and|but|or)\\s+(?=if\\b)`,
  ].join("|"),
  "gi",
);

/** A sentence that says it asks anew: "Also, …", "Separately: …", "One more thing, …", "PS …". */
const ANNOUNCED = /^\W*(?:(?:oh\s+)?(?:and|also|plus)|separately|another thing|one more thing|p\.?s\.?)\s*[,:;–—-]/i;

/** After a bare "and", what follows asks only as a wh-question (typed "whats" too) or a yes-or-no about someone ("and does anyone…"), never "songs and chants". */
const ASKS_AFTER_AND = new RegExp(
  `^(?:\\w+ly\\s+)?(?:(?:how|what|when|where|who)s|how|what|when|where|which|who|why|whether)\\b|^(?:${AUX})\\s+(?:${WHO_NEXT})\\b`,
  "i",
);

/** ", when the others all did" and ", where I live" go on with the sentence before: a clause, not a question. */
const CLAUSE_AFTER_COMMA = new RegExp(
  `^(?:when|where|while)\\s+(?!(?:${AUX}|were|shall|might)\\b)(?:${WHO_NEXT}|a|an|our|their|his|her|its|people|everyone)\\b`,
  "i",
);

/** A question asked inside a condition without a comma: "If my reflection is refused will it tell me why". */
const ASKED_INSIDE = new RegExp(`\\s(?:${AUX}|am|were|shall|might)\\s+(?:${WHO_NEXT})\\b`, "i");

/**
 * Whether a sentence asks: it opens with words that ask, and is no condition ("When I arrive late", "If not"); or it is
 * a condition with a question inside it ("If my reflection is refused will it tell me why").
 */
const asksItself = (sentence: string) =>
  CONDITION.test(`${sentence}, `) ? ASKED_INSIDE.test(sentence) : ASKS_AT.test(sentence) || ASKS_INDIRECTLY.test(sentence);

/**
 * A sentence that asks without a question's shape, as a wish to know: "I'd like to know what a service is made of, and
 * whether it's short enough for my break" asks two things, each a part of its own.
 */
const ASKS_INDIRECTLY =
  /^\W*(?:i['’]?d (?:like|love) to (?:know|find out|hear)|i (?:want|need|would like) to (?:know|find out)|i(?:['’]m| am) (?:wondering|curious|not sure)|i wonder|(?:can|could|would) you (?:tell|explain)|please (?:tell|explain))\b/i;

/**
 * A part that asks by no words of its own, only by its question mark: "And the one that begins at 8 at night?", "the
 * noon one?". It is elliptical: it asks what the part before asks, of another thing (follow-up.ts reads it so).
 */
export const asksNothingOwn = (part: string) => !ASKS_AT.test(part) && !ASKS_INDIRECTLY.test(part) && !ASKED_INSIDE.test(part);

const trimmed = (text: string) =>
  text
    .replace(/^\s*(and|but|also)\s+/i, "")
    .replace(/[\s,;]+(and|but|also|or)?\s*$/i, "")
    .trim();

/**
 * The parts of a question that asks two (or more) things: "How many services are there in a day, and how long is
 * each slot?" is two questions. What asks nothing (a scene, "I wrote a song,"; a condition, "If not,"; the sentence
 * that ends a piece without asking, "…? And if songs aren't allowed,") stays with the question after it. A part too
 * short to stand alone (fewer than three words) stays with the one before it; a question of one part comes back
 * whole. The subject of an earlier part is carried into a later one that refers back to it by the caller
 * (follow-up.ts), not here.
 */
export function partsOf(question: string): string[] {
  const q = question.trim();
  const cuts: number[] = [];
  for (const m of q.matchAll(SECOND)) {
    const at = m.index + m[0].length;
    const next = q.slice(at);
    if (m[0].trim().toLowerCase() === "and" && !ASKS_AFTER_AND.test(next)) continue;
    if (/^[,;]/.test(m[0]) && CLAUSE_AFTER_COMMA.test(next)) continue;
    // After a question mark, a sentence opening on no asking word is a question of its own only when it asks by its mark
    // alone ("? And the one at 8?"); one asking inside ("? I'm shy, must I join?") is a scene that stays with the next.
    // A sentence announced as another question ("? Also, separate question, I found a bug - how do I report it?") is one.
    if (
      /^\?/.test(m[0]) &&
      !ASKS_AT.test(next) &&
      !ANNOUNCED.test(next) &&
      !/^(?:if|unless|otherwise)\b/i.test(next) &&
      !asksNothingOwn(next.split(/[?.!]/)[0])
    )
      continue;
    if (at > 0 && at < q.length) cuts.push(at);
  }
  const parts: string[] = [];
  // Where what is carried into the next part begins (a scene or a condition), or -1.
  let carried = -1;
  let start = 0;
  for (const cut of [...cuts, q.length]) {
    const from = carried >= 0 ? carried : start;
    const piece = q.slice(start, cut);
    const own = trimmed(piece);
    const ownAt = start + piece.indexOf(own);
    // The piece's last sentence, after the last full stop, question mark or colon within it, or a dash set between
    // spaces: "Found a bug in the attend endpoint — where do I report it and…" asks after its scene, as after a full stop.
    const ends = [...own.matchAll(/(?:[.!?:;]|\s[—–-])\s+(?=\S)/g)];
    const tailAt = ends.length ? ends[ends.length - 1].index + ends[ends.length - 1][0].length : 0;
    const tail = own.slice(tailAt);
    start = cut;
    if (cut === q.length || /\?\s*$/.test(own) || asksItself(tail)) {
      push(parts, trimmed(q.slice(from, cut)));
      carried = -1;
    } else if (tailAt > 0 && /\?\s*$/.test(own.slice(0, tailAt))) {
      // The piece ends without asking: its last sentence goes with the next part, and the question before it stands
      // alone, keeping a scene ("Is this a church thing? I don't believe in anything,") but not a condition ("? And if…,").
      push(parts, trimmed(q.slice(from, CONDITION.test(`${tail}, `) ? ownAt + tailAt : cut)));
      carried = ownAt + tailAt;
    } else carried = from;
  }
  return parts.length > 1 ? parts.map((p) => (/[?.!]$/.test(p) ? p : `${p}?`)) : [q];
}

/** A part of fewer than three words stays with the one before it. */
function push(parts: string[], part: string) {
  if (!part) return;
  if (part.split(/\s+/).length < 3 && parts.length) parts[parts.length - 1] += ` ${part}`;
  else parts.push(part);
}
