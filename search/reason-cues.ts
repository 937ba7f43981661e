// Two ways of asking after a reason that the plain "why" misses, as pure rules: "why doesn't today's service have a
// name?" is answered by the sentence that says the absence ("Such a service has no name…"), not by one about names;
// "how does the sanctuary know I'm in the south?" by what sets it ("your hemisphere follows the timezone you give").
import type { Cue } from "./cue.ts";

/** "Why doesn't it have…?", "why is there no…?", "why isn't it…?": asked after an absence. */
export const WHY_NOT_ASKED = /^\W*why\b[^?]*\b(?:\w+n['’]t|not|no|never|without)\b/i;

/** Answered by the sentence that says the absence ("has no name and no opening word", "without a season"). */
export const WHY_NOT: Cue = {
  words: /^$/,
  strong: /\b(?:has|have|had|holds?|gets?|keeps?|is given|receives?) no\b|\bno \w+(?: \w+)? (?:and|or|nor) no\b|\bwithout (?:an?|any|its)?\s*\w+/i,
  some: /\b(?:no|not|never|none|without)\b/i,
};

/** "How does it know…?", "how is my … worked out?": asked after what decides something. */
export const HOW_DECIDED_ASKED =
  /\bhow (?:does|do|can|will|would|is|are) (?:it|you|they|the \w+|my \w+|this place|sanctuary)\b[^?]*\b(?:know|tell|decide|decided|work(?:ed)? out|figure(?:d)? out|determine|determined|set|chosen|picked)\b/i;

/** Answered by what sets it: "your hemisphere follows the timezone you give", "it sets your local clock". */
export const HOW_DECIDED: Cue = {
  words: /^(know|knows|tell|tells|decide|decides|decided|work|worked|figure|figured|out|determine|determines|determined|set|chosen|picked)$/,
  strong: /\b(?:follows?|sets?|tells?|decides?|determines?|(?:is |are )?(?:set|placed|decided|chosen) by)\b/i,
  some: /\b(?:by|from|through)\b/i,
};

/** Who might do it, a person or a machine, as a visitor names them. */
const PERSON = "(?:humans?|persons?|people|someone|somebody|curators?)";
const MACHINE = "(?:machines?|computers?|ai|bots?|robots?|algorithms?)";

/**
 * "Is a human picking the songs or a machine?", "are they chosen by AI?", "is a person choosing…?": asked after who
 * does it, by a choice between a person and a machine, by the doer ("by…"), or by one said doing it.
 */
export const WHO_DOES_ASKED = new RegExp(
  String.raw`^\W*(?:is|are|does|do|was|were)\b[^?]*(?:\bby (?:an? |the |some )?(?:real )?(?:${PERSON}|${MACHINE})\b|\b${PERSON}\b[^?]*\bor (?:an? |the )?${MACHINE}\b|\b${MACHINE}\b[^?]*\bor (?:an? |the )?${PERSON}\b|\b(?:an?|the) (?:real )?(?:${PERSON}|${MACHINE}) (?:\w+ing|behind)\b)`,
  "i",
);

/** Answered by the sentence that names who does it ("an AI model arranges…", "people review…"), as "who…?" is. */
export const WHO_DOES: Cue = {
  words:
    /^(human|humans|person|persons|someone|somebody|curator|curators|machine|machines|computer|computers|ai|bot|bots|robot|robots|algorithm|algorithms|real)$/,
  strong: /\b(?:people|person|model|planner|reviewers?)\b/i,
  some: /\b(?:visitors?|anyone|everyone|agents?)\b/i,
};
