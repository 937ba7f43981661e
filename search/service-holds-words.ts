// What a service is made of, asked in a visitor's words ("What pieces make up a service?", "what are the bits it's put
// together from?", "what's actually in a service?", "what sort of pieces is it made of?"): the guides answer with what a
// service holds ("One or two songs, one or two chants, a reading and a closing"), words the visitor's rarely share, and
// "pieces" is also what the guides call everything one contributes, so the contribution guide's sentences won. The
// guides' words are said at the end of the clause that asks it, so in a question of two parts they stay with their
// part (said-beside.ts). Pure function.
import { endOf, withSaidAt } from "./said-beside.ts";

/** Asking what something is made of, up to the end of its clause: "make up", "made of", "put together from", "what's in". Not "how many parts": that asks a count, which a sentence of its own answers. */
const MADE_OF = new RegExp(
  String.raw`(?:` +
    [
      String.raw`\b(?:makes?|made) up\b`,
      String.raw`\bmade (?:out )?(?:of|from)\b`,
      String.raw`\bput together (?:from|of|out of|with)\b`,
      String.raw`\b(?:consists?|composed|comprised) of\b`,
      String.raw`\b(?:go(?:es)?|went) into (?:a|one|each|every|the|your) services?\b`,
      String.raw`\bwhat (?:does|do|will) (?:a|each|every|one|the|your) services? (?:contain|include|hold|have in it)\b`,
      String.raw`\bwhat(?:'s|’s|s| is| goes)\s+(?:actually |usually |typically |really |even )?in(?:to|side)?\s+(?:a|one|each|every|the|your|a typical)\s+services?\b`,
      String.raw`\bwhat (?:kinds?|sorts?|types?) of (?:pieces|parts|things|bits|stuff)\b`,
      String.raw`\b(?:pieces|parts|bits|elements|components|ingredients|sections|segments) (?:of|in|that make)\b`,
    ].join("|") +
    // To the clause's end: a part after a comma or "and" ("…, and how many parts can it have?") asks its own thing.
    String.raw`)(?:(?! and\b)[^.?!,;])*`,
  "i",
);

/** The service is the subject somewhere in the message ("it" in a later clause points back to it). */
const SERVICE = /\bservices?\b/i;
/**
 * Another subject: sending a piece or leaving words ("what can a contribution be made of", "what's in a reflection"),
 * the wire's shapes, or who chooses what goes in ("who decides which pieces go into each service?"), which the planner answers.
 */
const OTHER_SUBJECT =
  /\b(?:submit\w*|contribut\w*|send(?:ing)? in|reflections?|feedback|json|fields?|response|payload|order object|who|whom|decid\w*|choos\w*|chose|picks?|picked|plan\w*|arrang\w*|selects?|selected)\b/i;

/** The guides' words for what a service holds. */
export const HOLDS_SAID = "(the parts a service holds: songs, chants, a reading and a closing)";

/** Whether the question asks, in its own words, what a service is made of. */
export function asksWhatServiceHolds(question: string): boolean {
  // The visitor's own words only: the guides' words said beside them before (guides-words.ts) are not the visitor's subject.
  const own = question.replace(/\s*\([^)]*\)/g, "");
  return SERVICE.test(own) && MADE_OF.test(own) && !OTHER_SUBJECT.test(own);
}

/** The question with the guides' words for what a service holds beside the clause that asks it. */
export function withServiceHoldsWords(question: string): string {
  if (!asksWhatServiceHolds(question) || question.includes(HOLDS_SAID)) return question;
  const at = endOf(MADE_OF, question);
  return at === undefined ? question : withSaidAt(question, [{ at, say: HOLDS_SAID }]);
}
