// Questions about what the sanctuary keeps and who sees it, asked in the visitor's words rather than the guides' (#41):
// the ask box named by where the visitor types ("if I type something personal in here"), the planner by what it does
// ("does whatever picks the next service read my reflection?"), keeping asked as "what do you do with my timezone?",
// and being followed as cookies and ads. Each is read with the guides' words beside it, as a clock change is
// (clock-change-words.ts): the visitor's own words are otherwise most of the question. Pure functions.
import { endOf, withSaidAt } from "./said-beside.ts";

/** Typing into the box the visitor is in, which is ask's: "type something in here", "the questions I put in this box". */
const ASK_BOX =
  /\b(?:type|typed|typing|put|enter|entered|ask|asked)\b[^.?!]{0,40}?\b(?:in here|into here|in this (?:box|field|chat)|into this (?:box|field|chat))\b|\bthe ask (?:page|box|tool|form)\b/i;
/** Other things typed, which their own guides answer: a reflection, a piece offered, a note, a search. */
const OTHER_TEXT = /\b(?:reflect\w*|prayers?|contribut\w*|feedback|search\w*)\b/i;
const ASK_SAY = "(questions you ask)";

/** What plans a service, named by what it does: "whatever picks the next service", "when the service gets planned, does whatever plans it…". */
const PLANS_SAID =
  /\b(?:whatever|whoever|what|who|the (?:thing|ai|model|system|bot|program|machine|algorithm))\b(?: \w+){0,2}? (?:picks?|chooses?|plans?|decides?|arranges?|selects?|puts? together)\b/i;
const SERVICE = /\bservices?\b/i;
/** Asked whether it sees the visitor's words. */
const ITS_READING = /\b(?:reflections?|words?|wrote|write|written|reads?|see|sees|seen)\b/i;
const PLANNER_SAY = "(the planner)";

/** What is done with something the visitor gives: "what do you do with the timezone I send?", "what happens to my name?". */
const DONE_WITH = /\bwhat (?:do|does|will|would) (?:you|it|they|the (?:sanctuary|site|server)) do with\b|\bwhat (?:happens|will happen) (?:to|with)\b/i;
/** What a visitor gives when attending (reflections, contributions and questions have their own guides' words). */
const GIVEN = /\b(?:time ?zones?|tz|names?|data|details|info(?:rmation)?|location|ip(?: address)?)\b/i;
/** The two together, said where the thing given is named. */
const DONE_WITH_GIVEN = new RegExp(
  `(?:${DONE_WITH.source})[^.?!]*?(?:${GIVEN.source})|(?:${GIVEN.source})[^?!]{0,40}?\\bwhat (?:happens|will happen|do you do|does it do) (?:to|with) (?:it|them|that)\\b`,
  "i",
);
const KEPT_SAY = "(is it kept or stored)";

/** Whether a name must be true: "my real name", "a made-up name", "does anyone verify it?", a nickname, or a name quoted ("my name is just 'moth'"). */
const NAME_TRUE =
  /\b(?:real|true|actual|legal|full|fake|made[- ]up|false|pretend) (?:first |full )?names?\b|\bnames?\b[^?]*\b(?:verif\w*|authenticat\w*|prove[dn]?)\b|\b(?:verif\w*|authenticat\w*|prove)\b[^?]*\bnames?\b|\b(?:nick ?names?|pseudonyms?|alias(?:es)?|user ?names?|screen ?names?|pen ?names?|handles?)\b|\bnames?\b[^?.!]{0,20}\b(?:is|be|as) (?:just |only |simply )?['"‘“]\w+/i;
/** Asked whether it must be so, or may not be: not "if I type my real name, how long is it kept?". */
const MUST_BE = /\b(?:have to|has to|must|needs? to|should|required|allowed|can i|may i|okay|ok|anyone|anybody|someone|somebody)\b/i;
const NAME_SAY = "(a name is a label, not a credential)";

/** Being followed: tracking, cookies, ads, a profile. */
const FOLLOWED = [/\btrack\w*/i, /\bcookies?\b/i, /\b(?:ads|adverts?|advertis\w*)\b/i, /\bprofil\w*/i];
/** Said of the visitor: "does it track me?", "follow me around". */
const FOLLOWS_ME = /\b(?:track(?:s|ing)?|follows?|following) (?:me|us|you|visitors|people|my)\b/i;
const FOLLOWED_SAY = "(tracking, an account or a profile)";

/** Whether the question asks about being followed: one of its words said of the visitor, or two of them named together. */
export const asksFollowed = (question: string) => followedEnd(question) !== undefined;

/** Where the question says it is followed: after its words said of the visitor, or after the second of them. */
function followedEnd(question: string): number | undefined {
  const me = endOf(FOLLOWS_ME, question);
  if (me !== undefined) return me;
  const ends = FOLLOWED.flatMap((w) => endOf(w, question) ?? []).sort((a, b) => a - b);
  return ends.length >= 2 ? ends[1] : undefined;
}

/** The guides' words for what the question asks about, each with where it is said (empty when it asks none of these). */
function privacyPlaced(question: string): Array<{ at: number; say: string }> {
  const placed: Array<{ at: number | undefined; say: string }> = [];
  if (!OTHER_TEXT.test(question)) placed.push({ at: endOf(ASK_BOX, question), say: ASK_SAY });
  if (SERVICE.test(question) && ITS_READING.test(question)) placed.push({ at: endOf(PLANS_SAID, question), say: PLANNER_SAY });
  placed.push({ at: endOf(DONE_WITH_GIVEN, question), say: KEPT_SAY });
  if (MUST_BE.test(question)) placed.push({ at: endOf(NAME_TRUE, question), say: NAME_SAY });
  placed.push({ at: followedEnd(question), say: FOLLOWED_SAY });
  return placed.filter((p): p is { at: number; say: string } => p.at !== undefined && !question.includes(p.say));
}

/** The guides' words for what the question asks about (empty when it asks none of these). */
export const privacySaid = (question: string): string[] => privacyPlaced(question).map((p) => p.say);

/**
 * The question with the guides' words for what it asks about beside the words that say it in its own, so that in a
 * question of two parts they stay with the part they belong to ("Are you tracking me with cookies, and do you log
 * what I search?" is not read as asking whether searches build a profile).
 */
export function withPrivacyWords(question: string): string {
  return withSaidAt(question, privacyPlaced(question));
}
