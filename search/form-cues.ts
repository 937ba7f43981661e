// What a question about how a value is written asks for, as pure rules: "what format is the timezone in?", "what
// should the value look like?", "how do I write my zone?", "is 'London' a valid one?" want the form itself, said by
// an example ("an IANA name, such as Europe/Lisbon"), not a sentence about what the value does (answer-cues.ts).
import type { Cue } from "./cue.ts";

/** Asked after a value's written form: its format, what it looks like, how to write it, whether one is valid. */
export const FORM_ASKED =
  /\bformat(?:s|ted)?\b|\bwhat (?:does|do|should|must|would|will|is|are)\b[^?]*\blooks? like\b|\bhow (?:do|should|must|can|would) (?:i|we|you|my \w+) (?:write|type|spell|format|enter|express)\b|\bvalid\b/i;

/**
 * Answered by the form shown by example ("such as", "written as"), or partly by a sentence naming the kind of value
 * ("a name"). An example is particular: the guide's sentence showing it answers "is 'London' a valid one?" though the
 * visitor's own try ("London") is nowhere in it.
 */
export const FORM: Cue = {
  words: /^(format|formats|formatted|look|looks|like|write|written|type|spell|enter|express|valid|value|values)$/,
  strong: /\bsuch as\b|\bwritten (?:as|the way|in)\b|\bfor example\b|\bin the form\b/i,
  some: /\bnames?\b|:/i,
  particular: true,
};
