// How a service is made, asked in a visitor's words: "today's had no title or intro, is something broken?", "what if
// the AI that plans them is down?", "what's the little paragraph at the top called?", "does whatever picks the songs
// know about the moon?". The guides say it in their own words ("Sometimes no plan exists… when the planning model
// could not be reached. Then a rotation… fills the slot… Such a service has no name and no opening word, but it is a
// whole service all the same"; "…writes a few opening sentences, called its word"; "The planner is told about… the
// sky… the El Niño or La Niña outlook"), which a symptom or a nickname for the planner shares little of. A question
// asking so is read with the guides' words beside it, as a clock change is (clock-change-words.ts). Pure function.
import { clauseStartBefore, endOf, withSaidAt } from "./said-beside.ts";

/** A service or what it is made of, as a visitor names it. */
const SERVICE = String.raw`(?:services?|gatherings?|sessions?|songs?|hymns?|chants?|pieces?|readings?|one)`;

/** The service's name or its opening words, in a visitor's words. */
const NAME = String.raw`(?:names?|titles?|headings?|headers?)`;
const INTRO = String.raw`(?:intros?|introductions?|opening (?:words?|lines?|sentences?|text|paragraph|bit)|(?:little |short )?(?:paragraph|blurb|bit of text|text) (?:at|on) (?:the )?top)`;

/** Something said missing: "had no title", "without a name", "has neither", "missing its intro", "some don't". */
const NOT = String.raw`(?:no|without|missing|lacks?|lacking|neither|nor|none|(?:doesn|didn|don|isn|wasn)(?:'|’)?t)`;
const MISSING = new RegExp(
  String.raw`\b${NOT}\b[^.?!]{0,30}\b(?:${NAME}|${INTRO})\b|\b(?:${NAME}|${INTRO})\b[^.?!]{0,60}\b(?:missing|gone|blank|empty|${NOT})\b`,
  "i",
);
/** A name said missing belongs to a service only where one is spoken of, and no contribution, reflection or visitor's own name is. */
const OF_A_SERVICE = /\b(?:services?|gatherings?|sessions?|today(?:'|’)?s|tonight(?:'|’)?s|this (?:morning|evening|afternoon)(?:'|’)?s?)\b/i;
const OTHER_NAMES =
  /\b(?:reflections?|contribut\w*|submit\w*|piece i|my (?:own )?(?:name|prayer|song|poem)|real name|username)\b|\b(?:attend|give|enter|send|use)\w*\b[^.?!]{0,25}\b(?:without|no)\b/i;
const INTRO_SAID = new RegExp(String.raw`\b${INTRO}\b`, "i");
const ofAService = (question: string) => OF_A_SERVICE.test(question) && (INTRO_SAID.test(question) || !OTHER_NAMES.test(question));

/** The one who plans, as a visitor names them: the planner, the model, the AI, whatever or whoever picks. */
const PLANNER = String.raw`(?:planner|planning (?:ai|model|bot|system|service)|(?:the )?(?:ai|model|llm|bot|algorithm|system)\b[^.?!]{0,30}\b(?:plans?|picks?|chooses?|builds?|arranges?|makes?|puts?)|(?:whatever|whoever|the thing|something|someone|who|what)\b[^.?!]{0,12}\b(?:plans?|picks?|chooses?|builds?|building|arranges?|makes?|puts?|writes?|curates?))`;

/** Not to be had: "can't be reached", "is down", "offline", "fails". */
const UNREACHABLE = String.raw`(?:can(?:no|'|’)?t be reached|could(?:n(?:'|’)?t| not) be reached|unreachable|(?:is|was|goes|went) down|offline|unavailable|not available|fail(?:s|ed)?|(?:is|was)n(?:'|’)?t working|not working|breaks?|broke)`;
const PLANNER_DOWN = new RegExp(String.raw`\b${PLANNER}\b[^.?!]{0,30}\b${UNREACHABLE}|\b(?:ai|model|planner)\b[^.?!]{0,20}\b${UNREACHABLE}`, "i");

/** Asked after the name or the opening words themselves: what they are called, where they come from, who writes them. */
const NAME_ASKED = new RegExp(
  [
    String.raw`\b(?:where|who|what|how)\b[^?]*\b(?:${NAME}|${INTRO})\b[^?]*\b(?:come from|called|named|chosen|chooses?|written|writes?|made|gets?|given)\b`,
    String.raw`\b(?:what(?:'s| is| are)|who writes|who chooses|who picks)\b[^?]*\b(?:${INTRO})\b`,
    String.raw`\b(?:${INTRO})\b[^?]*\b(?:what|where|who)\b[^?]*\b(?:called|come from|named|written|writes?)\b`,
    String.raw`\b(?:where|how)\b[^?]*\b(?:get|gets|got)\b[^?]{0,15}\b(?:${NAME}|${INTRO})\b`,
  ].join("|"),
  "i",
);

/** Who plans a service: "who chooses the songs", "is there a person behind it", "is it an AI that puts each service together". */
const WHO_PLANS = new RegExp(
  [
    String.raw`\b(?:who|what|whatever|whoever)\b[^.?!]{0,20}\b(?:plans?|picks?|chooses?|builds?|arranges?|puts?|curates?|selects?)\b[^.?!]{0,30}\b${SERVICE}\b`,
    String.raw`\b(?:person|human|someone|somebody) (?:behind|(?:picks?|chooses?|selects?|plans?|curates?|arranges?))\b`,
    String.raw`\b(?:is it|are they) (?:an? )?(?:ai|model|person|human)\b[^.?!]{0,40}\b${SERVICE}\b|\bautomat(?:ed|ic|ically)\b`,
    String.raw`\b(?:put|puts|putting) together\b[^.?!]{0,30}\b${SERVICE}\b|\b${SERVICE}\b[^.?!]{0,30}\b(?:put|puts|putting|got|get|gets) together\b`,
    String.raw`\bhow far (?:in )?(?:advance|ahead)\b|\b(?:how (?:long|far|early|soon)|when)\b[^?]*\b${SERVICE}\b[^?]*\b(?:planned|arranged|prepared|decided|chosen)\b`,
  ].join("|"),
  "i",
);

/** What the planner is told: the sky, the weather or climate, the season, the day, in a visitor's words. */
const WORLD =
  /\b(?:moon|moons|lunar|eclipses?|planets?|meteors?|sky|skies|stars|weather|climate|el ni[nñ]o|la ni[nñ]a|enso|seasons?|solstice|equinox|daylight|day length|information|info|consider|considers|take[s]? into account|look(?:s)? at|know(?:s)? (?:about|of)|told|aware)\b/i;
const PLANNER_NAMED = new RegExp(String.raw`\b${PLANNER}\b|\b(?:planner|planning|ai|model)\b`, "i");

/**
 * A visitor attending with no timezone: "without any timezone", "left the timezone blank", "leave it out"; or with UTC,
 * which the guides answer alike ("If you send no timezone, or UTC, you receive the service for a place unknown"):
 * "what would happen if I simply sent UTC?", not "UTC+2", an offset.
 */
const NO_TIMEZONE =
  /\b(?:without|no|omit\w*|leav\w* out|left out|skip\w*|missing|forg[eo]t\w*)\b[^.?!]{0,20}\btime ?zones?\b|\btime ?zones?\b[^.?!]{0,20}\b(?:blank|empty|missing|out|off|omitted)\b|\b(?:send|sent|sending|pass|passed|passing|give|gave|giving|use|used|using|just)\s+(?:it\s+|them\s+)?(?:utc|gmt|etc\/utc)\b(?![\s+-]*\d)/i;

/** The planner reading reflections is another of the guides' facts ("It is never given the words or names…"). */
const REFLECTIONS = /\breflections?\b/i;

/** The guides' words for each. */
export const NO_PLAN_SAID = "(no plan: a rotation fills the slot, no name and no opening word, a whole service)";
export const PLANNER_DOWN_SAID = "(the planning model could not be reached: a rotation fills the slot)";
export const NAME_SAID = "(an AI model gives it a name of two to four words and opening sentences, called its word)";
export const WHO_PLANS_SAID = "(an AI model arranges it a few hours before)";
export const NO_TIMEZONE_SAID = "(without a timezone: the service for a place unknown, the UTC clock, without a season)";
export const WORLD_SAID = "(the planner is told: the season, the sky, the moon, El Niño or La Niña)";

/** The question with the guides' words for how a service is made beside it, when it asks so in its own. */
export function withPlanWords(question: string): string {
  const said: string[] = [];
  if (MISSING.test(question) && ofAService(question)) said.push(NO_PLAN_SAID);
  else if (PLANNER_DOWN.test(question)) said.push(PLANNER_DOWN_SAID);
  else if (NAME_ASKED.test(question) && ofAService(question)) said.push(NAME_SAID);
  else if (NO_TIMEZONE.test(question)) return withNoTimezoneWords(question);
  else if (REFLECTIONS.test(question)) return question;
  else if (PLANNER_NAMED.test(question) && WORLD.test(question)) said.push(WORLD_SAID);
  else if (WHO_PLANS.test(question)) said.push(WHO_PLANS_SAID);
  const fresh = said.filter((s) => !question.includes(s));
  return fresh.length ? `${question} ${fresh.join(" ")}` : question;
}

/**
 * A timezone left out, said in an earlier question than the last ("what happens if I leave the timezone blank? And if I
 * fill it in, is it saved anywhere?"): the guides' words go before it, without their colon, so that the last question's
 * asking words stay its own (answer-type.ts askingClause reads the last sentence that asks). Said in the last, they follow it.
 */
function withNoTimezoneWords(question: string): string {
  const beside = NO_TIMEZONE_SAID.replace(":", ",");
  if (question.includes(NO_TIMEZONE_SAID) || question.includes(beside)) return question;
  const at = endOf(NO_TIMEZONE, question);
  const from = clauseStartBefore(question, NO_TIMEZONE.exec(question)?.index ?? 0, [".", "!", "?", ":"]);
  // The rest of the question after the sentence that leaves it out: another question there is asked after it.
  const after = at === undefined ? "" : question.slice(at).replace(/^[^?]*\?/, "");
  if (at === undefined || !after.includes("?")) return `${question} ${NO_TIMEZONE_SAID}`;
  // Before the sentence that says it, so that a later part pointing back to the timezone reads its own words (part-antecedent.ts).
  return withSaidAt(question, [{ at: from, say: `${beside} ` }]);
}
