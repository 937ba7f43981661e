// A visitor who may be in danger is told first where help is (docs/search.md, "A visitor in danger"), whatever else
// the question asks and however its words score: the library's own sentence naming emergency services or a
// crisis line opens the answer. The sanctuary cannot reach out; it can always say who can. Pure functions.

import EXAMPLES from "./distress-examples.json" with { type: "json" };
import { learnOdds, type DistressOdds } from "./distress-model.ts";

const SELF = String.raw`(?:my|him|her|them|your|one|our)\s?sel(?:f|ves)`;
const CANNOT = String.raw`(?:can'?t|cannot|can not|couldn'?t|unable to|won'?t|(?:don'?t|do not) think i can|not sure i can)`;

/**
 * Ways people say they may be in danger, by kind, written from how distress is commonly put (never from an
 * evaluation's questions). Wide on purpose: quoting where help is to someone who did not need it costs one passage.
 */
const DISTRESS: RegExp[] = [
  // Harming oneself, ending one's life.
  new RegExp(String.raw`\b(?:kill|hurt|harm|cut|hang|poison|burn)(?:ing|s)?\s+${SELF}\b`),
  /\bsuicid|\bself[- ]?harm|\boverdos|\bslit(?:ting)? (?:my|his|her|their) wrists?\b/,
  /\b(?:take|taking|end|ending)\s+(?:my|his|her|their|your)\s+(?:own\s+)?life\b/,
  /\bend(?:ing)?\s+(?:it all|it|everything|things)\b(?!\s+(?:early|on|with|by|at|now\?|here\?|before|after|when|for|so|properly|cleanly|gracefully|nicely))/,
  /\b(?:want|wants|wanted|wanna|going|ready|plan(?:ning)?|deserve)\s+to\s+die\b|\bwish (?:i|they|he|she) (?:was|were) dead\b/,
  /\b(?:don'?t|do not|doesn'?t|does not|no longer)\s+want\s+to\s+(?:live|be alive|be here|exist|wake up|go on)\b/,
  /\b(?:wish|want) (?:i|to|they|he|she) (?:could )?(?:disappear|vanish|not exist|sleep forever|never wake up|not wake up)\b/,
  /\bbetter off (?:dead|without me|without (?:him|her|them))\b|\b(?:no one|nobody) would (?:notice|care|miss me)\b/,
  // Unable to go on, to face another night or day.
  new RegExp(
    String.raw`\b${CANNOT}\s+(?:go on|keep going|carry on|cope|keep living|do (?:this|it|life) any ?more|take (?:it|this|any more|anymore)(?: any ?more)?)\b`,
  ),
  new RegExp(String.raw`\b${CANNOT}\s+(?:get|make it|last)\s+through\s+(?:another|this|the|tonight|one more)\b`),
  new RegExp(String.raw`\b${CANNOT}\s+(?:survive|face|bear|stand|handle)\s+(?:another|this|it|tonight|tomorrow|one more|any ?more)\b`),
  /\b(?:no|any|what'?s the|there'?s no)\s+(?:reason|point)\s+(?:to|in|of)\s+(?:live|living|go on|going on|carry on|carrying on|anything|trying)\b/,
  /\b(?:hopeless|worthless|no way out|give up on (?:life|living|everything))\b/,
  // Saying goodbye, a last time.
  /\bsaying (?:my )?goodbyes?\b|\b(?:goodbye|suicide) (?:note|letter)\b|\bgiv(?:e|ing) (?:away )?(?:all )?(?:my|his|her|their) (?:things|stuff|belongings) away\b/,
  /\blast (?:service|night|day|time|prayer) (?:i|they|he|she)(?:'ll| will)? (?:ever )?(?:need|attend|be here)\b|\bwon'?t be (?:here|around) (?:tomorrow|much longer|any ?more)\b/,
  // Overwhelmed, in panic.
  /\b(?:everything|it'?s all|it is all|all of it|life) (?:is|feels) (?:just )?too much\b|\btoo much to (?:bear|handle|take)\b/,
  /\b(?:falling apart|breaking down|can'?t breathe|panic attack)\b/,
  /\bis (?:anybody|anyone|someone|there anyone|there anybody) (?:actually |even |really |still )?(?:there|listening|out there|here)\b/,
  // Unsafe with someone.
  /\b(?:he|she|they)(?:'s|'re| is| are)? (?:shouting|screaming|hitting|hurting|threatening|coming for) (?:at )?(?:me|again)\b/,
  /\b(?:locked myself in|hiding from (?:him|her|them)|(?:scared|afraid|terrified) (?:he|she|they)(?:'ll| will| is going to| are going to)? (?:hurt|kill|find) me)\b/,
  /\b(?:he|she|they) (?:hit|hits|hurt|hurts|beat|beats|choked|strangled) me\b|\bdomestic (?:abuse|violence)\b/,
  /\b(?:i'?m|i am|feel(?:ing)?|not feeling|am not) (?:not )?(?:safe at home|unsafe|in danger)\b|\bnot safe (?:at home|here|tonight|right now)\b/,
];

/** Whether the question says, in one of the listed ways, that the visitor may be in danger. */
export function heardByPhrases(question: string): boolean {
  const said = question.toLowerCase().replace(/[’‘]/g, "'");
  return DISTRESS.some((re) => re.test(said));
}

/**
 * Log odds at or above which the model (distress-model.ts) hears distress. Set by cross-validation on its examples
 * (scripts/fit-distress.ts, docs/ask-eval.md, twelfth and seventeenth rounds): at 5, beside the phrases, it heard 84 of
 * 109 messages it was not taught and raised 22 false alarms in 777 ordinary ones; at 4, 85 and 27. A missed message
 * costs far more than a quoted passage about help. (Its scale is DISTRESS_SMOOTHING's: add-one heard 70 at 0.)
 */
export const DISTRESS_THRESHOLD = 5;

let odds: DistressOdds | undefined;

/**
 * How the question says the visitor may be in danger: `said`, in one of the listed phrases (the words of harm, of not
 * going on); `sensed`, only by its words as a whole (distress-model.ts), which also hears a hard day told plainly (a
 * diagnosis, a retirement, a fear with no name); null, not at all.
 */
export type Distress = "said" | "sensed" | null;

export function distressOf(question: string): Distress {
  if (heardByPhrases(question)) return "said";
  odds ??= learnOdds(EXAMPLES);
  return odds(question) >= DISTRESS_THRESHOLD ? "sensed" : null;
}

/** Whether the question says the visitor may be in danger: in a listed phrase, or by its words as a whole. */
export function inDistress(question: string): boolean {
  return distressOf(question) !== null;
}

/** A sentence that says where help is. */
export const WHERE_HELP_IS = /\bemergency services\b|\bcrisis line\b/i;
