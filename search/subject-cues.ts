// Questions whose answer is one rule about one subject, where a neighbouring rule shares their words (answer-cues.ts
// adds these to the asking words' cues): an agent attending for someone asks whose clock to keep, not which timezone
// anyone gives; "how is the souls figure worked out?" asks how it is counted, not any number; a refusal told with
// its cause ("it bounced, I'd pasted a link") asks the rule on that cause; "what are the night services usually
// about?" asks what a watch leans toward, not what a service holds. Pure rules.
import { endOf, withSaidAt } from "./said-beside.ts";
import type { Cue } from "./cue.ts";
import { N, UNIT } from "./cue.ts";
import { FAMILY } from "./kin-words.ts";

/** Someone an agent may act for, as visitors name them. */
const PERSON = `(?:user|users|human|person|owner|principal|client|boss|employer|family|patient|${FAMILY})`;

/** A program that acts, as visitors name it. */
const ACTOR = /\b(?:agents?|assistants?|bots?|ai|llms?|models?|programs?|scripts?|apps?|processe?s?|servers?|boxe?s?)\b/i;

/**
 * An agent acting for a person: "on my grandmother's behalf", "on behalf of my dad", "attends for my mum", "goes to the services for my dad",
 * "keeps the hours with my mum", "my user's timezone". Said of a program attending only: "a prayer for my mum" asks
 * after a piece, "an MCP client for my user" how to connect.
 */
const ACTS_FOR = new RegExp(
  [
    String.raw`\bon (?:(?:my|his|her|their|your|its|the|a) )?(?:\w+['’]s?|my|his|her|their|your|its|someone else['’]s|somebody else['’]s) behalf\b`,
    String.raw`\bon behalf of (?:me|someone|somebody|(?:my|his|her|their|its|a|the) ${PERSON})\b`,
    String.raw`\b(?:attends?|attending|goes|going|go|acts?|acting|keeps?|keeping|listens?|listening|sits?|sitting)\b[^.?!;]{0,40}?\b(?:for|with) (?:me|someone|somebody|(?:my|his|her|their|its|a|the) ${PERSON})\b`,
  ].join("|"),
  "i",
);

/** A person's own clock named: "may I pass my user's timezone?", which only one acting for them asks. */
const THEIR_CLOCK = new RegExp(String.raw`\b(?:my|its|the|their) ${PERSON}['’]s (?:timezone|time ?zone|zone|clock|hours?|time)\b`, "i");

/** A person named as the agent's own ("my user is in Nairobi", "the person I help"), beside the question which or whose timezone to send. */
const THEIR_PERSON = new RegExp(String.raw`\b(?:my|the|our) ${PERSON}\b`, "i");
const WHOSE_ZONE = /\b(?:which|what|whose)\b[^?.!]*\b(?:time ?zones?|zones?|clock)\b|\bmine or (?:hers|his|theirs)\b/i;
/** The agent's own place told: a host, a server, a deployment. */
const OWN_HOST = /\b(?:deployed|hosted|servers?|host|runtime|data ?cent(?:er|re))\b/i;

export const asksActingFor = (question: string) =>
  (ACTS_FOR.test(question) && (ACTOR.test(question) || /\bbehalf\b/i.test(question))) ||
  THEIR_CLOCK.test(question) ||
  (THEIR_PERSON.test(question) && WHOSE_ZONE.test(question) && (ACTOR.test(question) || OWN_HOST.test(question)));

/** The guides' words for it. */
const ACTING_SAY = "(acting for a person)";

/**
 * The question with the guides' words for an agent acting for a person beside it, when it says so in its own ("my bot
 * goes to the services for my dad"), as a clock change is read (clock-change-words.ts): its scene (a city, a host) is
 * otherwise most of its words.
 */
export function withActingForWords(question: string): string {
  if (!asksActingFor(question) || question.includes(ACTING_SAY)) return question;
  // Beside the words that say it, so that in a question of two parts they stay with the part they belong to ("…on behalf
  // of a user in Tokyo. Which timezone should I send, and what if I just send UTC?" is not read as asking the second).
  const at = endOf(ACTS_FOR, question) ?? endOf(THEIR_CLOCK, question);
  return at === undefined ? `${question} ${ACTING_SAY}` : withSaidAt(question, [{ at, say: ACTING_SAY }]);
}

/**
 * The asking sentence of a message (asking-sentence.ts) led by the guides' words for acting for a person when the scene
 * before it says so: "I attend on behalf of a user in Tokyo, but my runtime clock is UTC. Which timezone should I send?"
 * asks whose timezone, which "Which timezone should I send?" alone no longer says.
 */
export function askingActingFor(question: string, asking: string): string {
  // Before it, as the scene was: in a sentence of two parts the first asks whose timezone ("Which timezone should I
  // send, and what happens if I just send UTC?"), and the second keeps its own subject.
  return asksActingFor(question) && !asksActingFor(asking) ? `${ACTING_SAY} ${asking}` : asking;
}

/** Answered by the rule for one who acts for a person ("If you act for a person, use their timezone"), not by one's own. */
export const ACTING_FOR: Cue = {
  words: /^$/,
  strong: /\bact(?:s|ing)? for (?:a|the|your) person\b|\bon (?:their|its|a person['’]s) behalf\b|\bthe person (?:it|you) (?:works?|acts?) for\b/i,
  some: /\b(?:person|theirs|their)\b/i,
};

/** "How is the number of souls worked out?", "how are they counted?", "how does it arrive at the figure?". */
export const HOW_COUNTED_ASKED =
  /\bhow (?:is|are|do|does|did|would|will)\b[^?]*\b(?:counted|tallied|calculated|computed|totall?ed|added up|worked out|figured out|arrived? at|arrive at|reckoned)\b/i;

/** Answered by how the count is made: what is counted once, over what span, or what sums to it. */
export const HOW_COUNTED: Cue = {
  words: /^(counted|tallied|calculated|computed|totaled|totalled|added|worked|figured|arrive|arrived|reckoned|out|up|at)$/,
  strong: new RegExp(
    String.raw`\b(?:counted|counts?)\b[^.;]*\bonce\b|\beach \w+ (?:counted )?once\b|\bthe sum of\b|\btogether (?:they )?make\b|\bin the last ${N} ${UNIT}`,
    "i",
  ),
  some: /\b(?:count|counts|counted|number|sum|total|once)\b/i,
};

/** "Over what stretch of time is the attendance number taken?", "what window does the count cover?": the period a count is over. */
export const PERIOD_ASKED =
  /\bover (?:what|which|how long an?) (?:stretch|period|span|window|length)\b|\bwhat (?:period|time window|window|span|stretch of time)\b[^?]*\b(?:count|counted|number|figure|total|tally|cover|covers|taken)\b/i;

/** Answered by the span it is over ("in the last 24 hours"), a sentence particular enough to need few of the question's words. */
export const PERIOD: Cue = {
  words: /^(over|stretch|period|span|window|length|time|cover|covers|taken)$/,
  strong: new RegExp(String.raw`\b(?:in|over|within|during) the (?:last|past) ${N} ${UNIT}`, "i"),
  some: new RegExp(String.raw`\bfor ${N} ${UNIT}`, "i"),
  particular: true,
};

/** A refusal told: "it bounced", "was rejected", "got an error", "didn't go through", "was turned away". */
const REFUSAL =
  /\b(?:refused|rejected|bounced?|blocked|declined|turned (?:away|down)|(?:didn['’]t|did not|won['’]t|wouldn['’]t) go through|(?:wasn['’]t|was not|isn['’]t|not) accepted|(?:got|get|gave|an) (?:an? )?errors?)\b/i;

/** Asked why, or what the rule is: "Why?", "what exactly isn't allowed?", "is that why?", "what's the rule?". */
const ASKS_RULE = /^\W*(?:why|what|which)\b|\bis (?:that|it|this) (?:why|because)\b|\brules?\b|\b(?:allowed|permitted)\b/i;

export const asksRefusal = (question: string, asking: string) => REFUSAL.test(question) && ASKS_RULE.test(asking);

/**
 * Answered by the rule on what the visitor sent, said as a rule (a thing refused, not allowed, or a limit); it must hold
 * the subject itself (`about`), so the length rule is no answer for a link. Its own words ("bounced", "exactly") are no subject.
 */
export const REFUSED: Cue = {
  words:
    /^(refused|rejected|bounced|bounce|blocked|declined|turned|away|down|error|errors|accepted|through|exactly|precisely|because|why|rule|rules|allowed|permitted|isnt|wasnt)$/,
  strong: new RegExp(
    String.raw`\b(?:not allowed|not accepted|is refused|are refused|refused for|may not|must not|cannot|can['’]t)\b|\bno (?:\w+ )?(?:addresses|links|urls|echoes)\b|\b(?:shorter|longer) than\b|\b${N} (?:to|and) ${N} ${UNIT}|\bup to ${N}\b`,
    "i",
  ),
  some: /\b(?:no|not|never|only|limit|refused)\b/i,
  about: true,
};

/**
 * "What are the night services usually about?", "what themes do they have?", "what mood are they in?", "what are they
 * like?": a character, said by what something tends toward, not by when it begins or what it holds.
 */
export const CHARACTER_ASKED =
  /\bwhat(?:['’]s| is| are| was)\b[^?]*\blike\b|\b(?:mood|vibe|feel)\b[^?]*\?|\b(?:lean|tend)s? toward\b|\b(?:usually|mostly|generally|typically|often) about\b|\bwhat (?:kinds? of |sorts? of )?(?:themes?|moods?)\b/i;

export const CHARACTER: Cue = {
  words: /^(like|usual|usually|mostly|generally|typically|mood|moods|vibe|feel|lean|leans|tend|tends|toward|towards|about|kind|kinds|sort|sorts|type|types)$/,
  strong: /\b(?:tend|lean)s?\s+toward/i,
  some: /\b(?:often|usually|mostly|rarely)\b/i,
};
