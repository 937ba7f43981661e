// What a question asks for, as pure rules: its type's cues (a duration, a count, a time, a yes or no, a list…,
// recognized from the asking clause), the words that only name that type, and the subject words left over; and
// how well a sentence has the content a type asks for (sentence-score.ts weighs that into a sentence's score).
import { askingClause, NOT_A_RELATION, PARTS } from "./answer-type.ts";
import { askStem, askTerms, STOP_WORDS } from "./text.ts";
import { N, UNIT, type Cue } from "./cue.ts";
import { lengthAsked, lengthCues, type LengthKind } from "./length-kind.ts";
import { ENDPOINT, FIELD, FIELD_ASKED, programCues, REQUEST, TOOL, TOOL_ASKED } from "./program-cues.ts";
import { FORM, FORM_ASKED } from "./form-cues.ts";
import { HOW_DECIDED, HOW_DECIDED_ASKED, WHO_DOES, WHO_DOES_ASKED, WHY_NOT, WHY_NOT_ASKED } from "./reason-cues.ts";
import { ASKS_AFTER_CAP, ASKS_CAP, ASKS_LEAVE, asksLimit } from "./limit-words.ts";
import { ruleFit, YES_NO } from "./rule-cues.ts";
import { asksFate, FATE } from "./fate-cues.ts";
import {
  ACTING_FOR,
  asksActingFor,
  asksRefusal,
  CHARACTER,
  CHARACTER_ASKED,
  HOW_COUNTED,
  HOW_COUNTED_ASKED,
  PERIOD,
  PERIOD_ASKED,
  REFUSED,
} from "./subject-cues.ts";

export type { Cue } from "./cue.ts";
const rx = (s: string) => new RegExp(s, "i");

/** "How do I…": a guide answers with the call or tool to use, or the address to open; a practice or ritual is itself the how (sentenceScore). */
export const HOW_TO: Cue = { words: /^$/, strong: /\/api\/|\btool\b|(?:^|\s)\/[a-z<]/i, some: /\b(with|use|send|call|open|write|give|choose|start)\b/i };

/**
 * "What happens if…", and the same asked by what the visitor receives: "what do I get if I call attend without a
 * timezone?", "what would an agent see when…" ask after the consequence, not after the call.
 */
const WHAT_IF = String.raw`\bwhat (?:(?:happens|would happen) (?:if|when|after|once)|if|(?:do|does|will|would|should) (?:i|we|you|it|they|(?:an?|my|the) \w+) (?:get|receive|see|hear)\b(?=[^?]*\b(?:if|when|once|without)\b))\b`;

/** An absence said as an act: "if my client leaves out the timezone", "omit it", "skip it", "left blank". */
const LEFT_OUT = String.raw`(?:leaves?|leaving|left) (?:\w+ ){0,3}?(?:out|off|blank|empty)|omit(?:s|ted|ting)?|skip(?:s|ped|ping)?|blank|empty|missing|forg[eo]t(?:s|ting)?`;

/** "Where…" is answered by an address or a place in the sanctuary ("in that song's archive at /reflections/<slug>"). */
const WHERE: Cue = { words: /^$/, strong: /(?:^|\s)\/[\w<]|\barchive\b/i, some: /\b(at|page|feed|address|link|folder)\b/i };

/** After a cap is reached, what the guides say: wait, and the counters expire when the hour is up. "Limit" stays the subject. */
const AFTER_CAP: Cue = {
  words: /^(reset|resets|blocked|block|hit|hits|reach|reached|exceed|exceeded|over|forever|good|permanent|permanently|banned|locked|cap|caps|quota)$/,
  strong: /\b(?:how long to wait|wait|expire[sd]?|when the hour is up|try again|retry)\b/i,
  some: /\b(?:hour|limit|counters?)\b/i,
};

/** Question types, recognized from the question, and what an answer to each contains. */
export const CUES: Array<[RegExp, Cue]> = [
  [
    /\bhow (long|much time|short)\b|\b(?:short|long|quick|brief) enough\b|\bhow (?:much|(?:big|large) an? \w+) of (?:my|your|the|an?|one) (?:time|evening|morning|night|day|afternoon|hour|lunch)|\bhow many (minutes|hours|seconds|days)\b|\b(shortest|longest)\b.*\b(be|lasts?|takes?|runs?)\b|\b(?:size|length) limits?\b|\blimits? on (?:the )?(?:size|length)\b|\b(?:min|max|minimum|maximum) (?:or (?:min|max|minimum|maximum) )?(?:size|length)\b/i,
    {
      words:
        /^(long|much|time|many|minutes|hours|seconds|days|short|shortest|longest|be|last|lasts|take|takes|run|runs|big|large|chunk|share|part|slice|bit|size|length|limit|limits|min|max|minimum|maximum|enough|quick|brief)$/,
      // "How long can a title be?" is a limit: "up to 200 characters"; a span may be said "three hours or five".
      strong: rx(
        String.raw`\b(?:between|from)\s+${N}\s+(?:and|to)\s+${N}\s+${UNIT}|\b${N}\s+(?:to|or)\s+${N}\s+${UNIT}|\b${N}\s+${UNIT}\s+or\s+${N}\b|\bup to\s+${N}\s+${UNIT}`,
      ),
      some: rx(String.raw`\b${N}\s+${UNIT}\b`),
    },
  ],
  [
    /\bhow (many|often)\b/i,
    // A cap's own words ("cap", "limit", "allowed") are the kind asked, not its subject (limit-words.ts ASKS_CAP); a
    // count may name what it counts before its period ("five reflections an hour").
    {
      words: /^(many|often|cap|caps|ceiling|limit|limits|limited|maximum|max|quota|quotas|budget|allowance|throttle|throttled|rate|allowed|stopped|blocked)$/,
      strong: rx(
        String.raw`\b${N}\s+(?:an?|per|each|every)\s+\w+|\b${N}\s+[\w-]+\s+(?:an?|per|each|every)\s+(?:hour|day|week|month|minute)\b|\bup to\s+${N}\b`,
      ),
      some: rx(String.raw`\b${N}\b`),
    },
  ],
  [
    /^\s*(when|what time|at what (?:time|hour)|what hour|which hours?)\b|\bwhat(?: is|'s) the (?:best |right )?time\b/i,
    {
      words: /^(time|begin|begins|start|starts|open|opens)$/,
      strong: /\b\d{1,2}:\d{2}\b/,
      some: /\b(midnight|noon|dawn|dusk|morning|evening|before|after|hours?)\b/i,
    },
  ],
  [
    PARTS,
    {
      words: /^(kind|kinds|sort|sorts|type|types|have|hold|contain|include|list|offer|give|return|goes|called|names|made|consist|composed|make)$/,
      // Items between semicolons, or three or more of a word or three each after a colon ("eight tools in all:
      // attend, now, read_song…"); a colon before clauses of prose is no list.
      strong: /;[^;]+;|:\s*[^\s,.;:]+(?:\s[^\s,.;:]+){0,2}(?:,\s*[^\s,.;:]+(?:\s[^\s,.;:]+){0,2}){2,}[.;]?$/,
      // Or three said "A, B and C" ("no cookies for visitors, no advertising and no profile").
      some: /(?:[^,]+,){2}|\b[\w'-]+(?: [\w'-]+){0,3}, [\w'-]+(?: [\w'-]+){0,3},? (?:and|or|nor) [\w'-]+/,
    },
  ],
  // "What is it called?": a sentence that names it ("has a name:", "is called").
  [/\b(called|named)\s*\??\s*$|\bwhat(?:'s| is) the name\b/i, { words: /^(called|named|name)$/, strong: /\b(called|named|names?)\b/i, some: /:/ }],
  // "What happens if…" is answered by a conditional; "…if I give no timezone" by one about its absence. "What happens
  // after I send…" asks this kind too, so a unit asking it is never taken for "How long can what I send be?".
  [
    rx(String.raw`${WHAT_IF}(?!.*\b(?:no|without|not|never|${LEFT_OUT})\b)`),
    { words: /^(happens|happen)$/, strong: /\b(if|without|unless|otherwise|whenever)\b/i, some: /\b(when|then)\b/i },
  ],
  [
    rx(String.raw`${WHAT_IF}.*\b(?:no|without|not|never|${LEFT_OUT})\b`),
    { words: /^(happens|happen)$/, strong: /\bwithout\b|\b(if|unless|when)\b[^.]*\b(no|none|not|never)\b/i, some: /\b(if|unless|when|no|none|not)\b/i },
  ],
  // "Do the limits reset?", "blocked for good once I hit one?": the wait, and when the count ends (limit-words.ts).
  [ASKS_AFTER_CAP, AFTER_CAP],
  [/^\s*(do|does|is|are|can|may|should|must|will|am)\b/i, YES_NO],
  [/^\s*what (is|are) (an? |the )?\w+\s*\??$/i, { words: /^$/, strong: /^$/, some: /^$/ }],
  [/^\s*who\b/i, { words: /^$/, strong: /\b(people|person|model|planner|reviewers?|moderators?)\b/i, some: /\b(visitors?|anyone|everyone|agents?)\b/i }],
  // "What are those services usually like?", "what themes do they have?": a character (subject-cues.ts).
  [CHARACTER_ASKED, CHARACTER],
  // A reason is often said as its condition: "When clocks change…, a slot may last three hours or five."
  [/^\s*why\b/i, { words: /^$/, strong: /\b(because|so that|deliberate|in order to)\b/i, some: /\b(so|means?|reason|when|if|since)\b/i }],
  // "Why doesn't it have…?" by the absence said; "how does it know…?" by what sets it (reason-cues.ts).
  [WHY_NOT_ASKED, WHY_NOT],
  [HOW_DECIDED_ASKED, HOW_DECIDED],
  // "How is the souls figure worked out?": how it is counted (subject-cues.ts).
  [HOW_COUNTED_ASKED, HOW_COUNTED],
  [PERIOD_ASKED, PERIOD],
  // "Is a human picking them, or a machine?" asks who does it.
  [WHO_DOES_ASKED, WHO_DOES],
  // Not "how do the axioms relate to the songs?", which asks how two things stand to each other (answer-type.ts).
  [new RegExp(String.raw`\bhow (do|can|should|to)\b${NOT_A_RELATION}`, "i"), HOW_TO],
  // "Which endpoint…?", "what's the HTTP call…?" is answered by the request itself ("GET /api/attend?…"), not by a
  // sentence about the same operation over MCP; "which parameters does it take?" by the names it is given.
  [ENDPOINT, REQUEST],
  [
    /\b(?:which|what)\b[^?]*\b(?:param(?:eter)?s|arguments)\b/i,
    {
      words: /^(query|param|params|parameter|parameters|argument|arguments|take|takes|want|wants|accept|accepts|expect|expects)$/,
      strong: /[?&]\w+=|\b(?:arguments?|parameters?)\b/i,
      some: /\b(?:name|with)\b/i,
    },
  ],
  // "Which field holds…?" is answered by a sentence naming one as a program reads it ("service.loopSeconds", "next_steps").
  [FIELD_ASKED, FIELD],
  // "Which tool…?", "is there a function for…?": a tool named as a program calls it.
  [TOOL_ASKED, TOOL],
  // "What format is it in?", "what should it look like?": the form, shown by an example (form-cues.ts).
  [FORM_ASKED, FORM],
  [/^\s*where\b/i, WHERE],
];

const LENGTHS = lengthCues(CUES[0][1]);

export function cuesOf(question: string): Cue[] {
  const asking = askingClause(question);
  const own = CUES.filter(([asks]) => asks.test(asking)).map(([, cue]) => cue);
  // "What are the night services usually about? And the late ones?": a character asked before a bare follow-up (subject-cues.ts).
  if (!own.length && CHARACTER_ASKED.test(question)) own.push(CHARACTER);
  // A limit asked in other words than "how long" wants the span a length's cue does (limit-words.ts).
  // ("A limit on how long it can be" is that, not a cap on how often.)
  if (asksLimit(asking, question)) {
    if (!own.includes(CUES[0][1])) own.unshift(CUES[0][1]);
  }
  // A cap on how often one may act wants what "how many…?" does: a count an hour ("sixty searches").
  // It is no yes or no: any rule about searches would answer that ("search queries are never logged").
  else if (ASKS_CAP.test(asking) && !own.includes(CUES[1][1])) own.splice(0, own.length, CUES[1][1], ...own.filter((c) => c !== YES_NO));
  // A length is of a text, of a piece's running, or of a span of time, each said in its own units (length-kind.ts).
  const length = own.includes(CUES[0][1]) ? lengthAsked(asking, question) : undefined;
  // "Where do I find how long a piece runs?" asks where the length is given (a field, a list), not for an address;
  // "is there a size limit?" is answered by the limit, not by any rule said plainly, unless asked as leave to act ("can I
  // send just an emoji?": limit-words.ts); so is "do the limits reset?" by the wait (AFTER_CAP).
  // "What kind of themes do the night services have?" asks a character, not a list (subject-cues.ts).
  const sizeOnly = length === "size" && !ASKS_LEAVE.test(asking);
  const aside = (c: Cue) => (length && c === WHERE) || ((sizeOnly || own.includes(AFTER_CAP)) && c === YES_NO) || (own.includes(CHARACTER) && c === CUES[3][1]);
  const narrowed = own.filter((c) => !aside(c)).map((c) => (length && c === CUES[0][1] ? LENGTHS[length] : c));
  // A question set in the JSON or on the wire wants a field's name or the request, whatever its asking words.
  const cues = [...narrowed, ...programCues(question, asking).filter((c) => !own.includes(c))];
  // The subject a rule is about, told in the question: a person an agent acts for, a refusal and its cause (subject-cues.ts),
  // what becomes of what is given, asked in other words than a yes or no's, said by the verb saying it is kept, shown or checked (fate-cues.ts).
  if (asksActingFor(question)) cues.push(ACTING_FOR);
  if (asksRefusal(question, asking)) cues.push(REFUSED);
  if (!cues.includes(YES_NO) && asksFate(asking, question)) cues.push(FATE);
  const counted = countedOf(asking);
  return counted ? [...cues, counted] : cues;
}

/** The length a question asks after, of a text, a piece's running or time (length-kind.ts), when it asks one. */
export function lengthOf(question: string): LengthKind | undefined {
  const cues = cuesOf(question);
  return (Object.keys(LENGTHS) as LengthKind[]).find((kind) => cues.includes(LENGTHS[kind]));
}

/**
 * "How many tools…" is answered by a number of tools ("eight tools in all"), not by any number: a sentence
 * holding a number just before the word counted (a word or two may stand between) has exactly what is asked.
 */
function countedOf(asking: string): Cue | undefined {
  const noun = /\bhow many ([a-z]+)/i.exec(asking)?.[1];
  if (!noun || STOP_WORDS.has(noun.toLowerCase())) return undefined;
  const stem = askStem(noun.toLowerCase()).replace(/[^a-z]/g, "");
  return { words: /^$/, strong: rx(String.raw`\b${N}\s+(?:[\w-]+\s+){0,2}${stem}`), some: /^$/ };
}

/** Verbs that carry a question rather than its subject ("can I put…", "what happens…"), and a visitor's asides ("weird —", "really", "hey"). */
const FILLER = new Set([
  "put",
  "get",
  "make",
  "want",
  "happen",
  "go",
  "tell",
  "let",
  "thing",
  "no",
  "realli",
  "actual",
  "pleas",
  "ever",
  "us",
  "need",
  "weird",
  "strang",
  "odd",
  // Greetings: "Hey, what are the six watches called…" asks nothing about a greeting.
  "hei",
  "hi",
  "hello",
  "hiya",
]);

/** The question's content stems, without the words that only name the kind of question. */
export function subjectTerms(question: string, cues: Cue[]): string[] {
  const kept = question.split(/\s+/).filter((w) => !cues.some((c) => c.words.test(w.toLowerCase().replace(/[^a-z]/g, ""))));
  return [...new Set(askTerms(kept.join(" ")))].filter((t) => !FILLER.has(t));
}

/**
 * How well the sentence has the content the question's type asks for (1 when it has no type). `own` says how much of the
 * subject a text holds itself (sentence-evidence.ts held, without its context), which an `about` cue's content needs.
 */
export function cueFit(sentence: string, cues: Cue[], subject: string[], asksWhatIs: boolean, own?: (text: string) => number): number {
  if (!cues.length) return 1;
  let best = 0;
  for (const c of cues) best = Math.max(best, c.about ? ruleFit(sentence, c, subject, own) : c.strong.test(sentence) ? 1 : c.some.test(sentence) ? 0.5 : 0);
  // "What is a reflection?": a sentence opening with the subject and "is" defines it.
  if (
    asksWhatIs &&
    /^\W*(?:an?\s+|the\s+)?\w+(?:\s+\w+)?\s+(is|are|means)\b/i.test(sentence) &&
    subject.some((t) => askTerms(sentence.split(/\s+/).slice(0, 3).join(" ")).includes(t))
  )
    best = 1;
  return best;
}
