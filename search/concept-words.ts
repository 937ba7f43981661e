// A small table of the sanctuary's own concepts as visitors say them (#41): the rules the guides state in their words
// ("no account, no key, no password", "web addresses are refused", "an IANA timezone name", "the live broadcast is
// dormant", "received from its beginning") asked in a visitor's ("do I have to create a login?", "there was a link to
// his fundraiser page", "is GMT+1 ok?", "is someone performing it right now?", "if I roll up at 10:40 do I land in the
// middle?"). Neither stems, WordNet nor the vectors bridge these: a question saying a concept in its own words is read
// with the guides' words for it beside them, as a clock change is (clock-change-words.ts), and heard by the off-topic
// model with them (ground.ts), since its own words ("cookies", "CET", "tribute") are as often everyday ones. Each
// concept asks two things of the question, what it names and what it asks of it, so that a word alone ("link",
// "live", "token") in another sense adds nothing. Pure functions.
import { asksFollowed } from "./privacy-words.ts";
import { endOf, withSaidAt } from "./said-beside.ts";

interface Concept {
  /** The visitor's words for it: the guides' words go after the first. */
  said: RegExp;
  /** What else the question must say for the words to mean it (a rule asked, the thing it is said of). */
  asks: { test(question: string): boolean };
  /** The guides' words for it. */
  say: string;
  /** Asked already in words another rewrite hears (guides-words.ts runs it first): nothing to add. */
  heardElsewhere?: (question: string) => boolean;
}

/** Asked whether something is needed or allowed: the shape of a rule's yes or no. */
const NEED = /\b(?:need|needs|needed|have to|has to|must|required?|requires|necessary|mandatory|do i|does it|is there|are there|any|before|allowed|ok|okay)\b/i;

/**
 * The sanctuary or what it gives, named: a stream or a login asked of a football match or an email account is not its
 * ("how do I stream a match on my TV?", "two-factor authentication on my email account").
 */
const SANCTUARY =
  /\b(?:it|this|these|here|you|sanctuary|services?|gatherings?|sessions?|readings?|songs?|prayers?|chants?|site|api|endpoints?|server|mcp|rest|attend\w*|listen\w*|go in|come in|join|use|livestreams?)\b/i;

/** What a visitor writes for others: a reflection and its parts, or a refusal of it. */
const WRITTEN =
  /\b(?:reflect\w*|post\w*|wrote|write|writing|written|words|notes?|messages?|tributes?|comments?|shar(?:e|ed|ing)|text|name|location|refused|rejected|bounced|blocked|allowed|go(?:ne)? through|went through)\b/i;

/** A clock time, as clock-words.ts reads them, or said loosely ("2.40", "half two", "quarter past nine"). */
const CLOCK =
  /\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s*(?:a\.?m\b|p\.?m\b|o['’]?clock)|\b(?:half|quarter) (?:past |to )?\w+|\bin the (?:morning|afternoon|evening)\b|\bat night\b|\bmidnight\b|\bnoon\b|\blate\b/i;

/** Arriving, as visitors say it. */
const ARRIVE =
  /\b(?:arriv\w*|come|comes|coming|came|turn(?:s|ing)? up|show(?:s|ing)? up|roll(?:s|ing)? up|log(?:s|ging)? (?:on|in)|open(?:s|ing)? it|get (?:in|there|home)|join(?:s|ing)?|tune in|wander in|drop in|pop in|start listening)\b/i;

const CONCEPTS: readonly Concept[] = [
  // "No account, key or password": a login, signing up, registering, a token or credential asked for.
  {
    said: /\b(?:log ?ins?|sign(?:ing)?[- ]?(?:up|in)|signups?|register(?:ed|ing)?|registration|passwords?|passcodes?|credentials?|api[- ]?keys?|access keys?|bearer|oauth|auth|authenticat\w*|memberships?|subscri(?:be|ption)|user ?accounts?|create an? (?:account|profile))\b/i,
    asks: { test: (q: string) => NEED.test(q) && SANCTUARY.test(q) },
    say: "(no key or token, no account)",
  },
  // "Web addresses are refused": a link, a site, an address of the web in what the visitor wrote.
  {
    said: /\b(?:links?|urls?|web ?sites?|web ?pages?|home ?pages?|hyperlinks?|www)\b|\bhttps?:\/\/|\b[\w-]+\.(?:com|org|net|co\.uk)\b/i,
    asks: WRITTEN,
    say: "(a web address, links and URLs refused)",
  },
  // "An IANA timezone name": a zone written as an abbreviation or an offset, asked about where a timezone is given.
  {
    said: /\b(?:[ECMPA][SD]T|GMT|BST|CES?T|EES?T|WES?T|AES?T|AED?T|JST|IST|HST|AKST|NZST|NZDT)\b(?:\s*[+-]\s*\d{1,2}(?::?\d{2})?)?|\b(?:UTC|GMT)\s*[+-]\s*\d{1,2}\b/,
    asks: /\btime ?zones?\b|\btz\b|\bzones?\b|\b(?:type|enter|put|write|send|pass|give|use)\b/i,
    say: "(written as an IANA timezone name)",
  },
  // "The live broadcast is dormant": whether it is live, streamed, performed as it happens. Not "the live feed",
  // which the guides call the reflections' page.
  {
    said: /\b(?:is|are|it['’]?s|was) (?:it |this |that |they |the services? |everything )?(?:\w+ )?live\b(?! feed)|\blive (?:stream\w*|video|audio|broadcast\w*|version|performance|right now|now)\b|\bas it happens\b|\bin real[- ]time\b|\bperform(?:s|ed|ing|ers?|ances?)?\b|\blivestream\w*\b|\bstream(?:s|ed|ing)?\b(?! (?:services?|platforms?|sites?|apps?)\b)|\bbroadcast\w*\b|\bon air\b/i,
    asks: SANCTUARY,
    say: "(a live broadcast or stream, dormant)",
  },
  // "No cookies for visitors, no advertising": cookies, trackers and ads asked of the site, not of a kitchen.
  {
    said: /\bcookies?\b|\btrackers?\b|\banalytics\b|\bads\b|\badverts?\b|\badvertis\w*/i,
    asks: /\b(?:site|web ?site|browser|phone|app|page|sanctuary|here|you|this|extension|visits?|visitors?)\b/i,
    say: "(cookies, advertising or tracking)",
    // Two of these together, or tracking said of the visitor, are privacy-words.ts's.
    heardElsewhere: asksFollowed,
  },
  // "The same words from the same name are refused for 30 days": one's own words posted again (repeat-words.ts has
  // a piece of a service coming back).
  {
    said: /\b(?:same|exact|identical) (?:words|text|thing|message|post|note|reflection|poem)\b|\bword for word\b|\b(?:a second time|twice|once more|re-?post\w*)\b/i,
    asks: /\b(?:post\w*|shar(?:e|ed|ing)|submit\w*|reflect\w*|wrote|write|writing|written|send|sent)\b/i,
    say: "(the same words posted twice)",
  },
  // "Received from its beginning": arriving at a time and asking whether one joins partway. Said as the guides' rule
  // after a colon, so that the asking clause (answer-type.ts askingClause) is the rule's words: the visitor's scene
  // ("I usually get home around quarter past nine…") otherwise outweighs them from words alone.
  {
    said: /\b(?:middle|halfway|half way|partway|part way|midway|mid-way|missed?|catch(?:es|ing)? the (?:end|tail)|tail end|drop(?:ped|s)? (?:me )?in(?:to)?|land(?:s|ed)? in|already (?:started|playing|going|begun|running|underway)|whatever(?: part)? is (?:already )?(?:playing|on)|start(?:s)? over|from the (?:start|top|beginning))\b/i,
    asks: new RegExp(`(?:${ARRIVE.source})[^?]*?(?:${CLOCK.source})|(?:${CLOCK.source})[^?]*?(?:${ARRIVE.source})`, "i"),
    say: "(arriving late: whenever you arrive within a slot, you receive its service from the beginning, its first part)",
  },
];

/** The guides' words for each concept the question names, each with where it is said (after its words). */
function conceptsPlaced(question: string): Array<{ at: number; say: string }> {
  const placed: Array<{ at: number; say: string }> = [];
  for (const { said, asks, say, heardElsewhere } of CONCEPTS) {
    const at = endOf(said, question);
    if (at !== undefined && asks.test(question) && !question.includes(say) && !heardElsewhere?.(question)) placed.push({ at, say });
  }
  return placed;
}

/** The guides' words for the concepts the question says in its own (empty when it says none). */
export const conceptsSaid = (question: string): string[] => conceptsPlaced(question).map((p) => p.say);

/** The question with the guides' words for each concept it names beside the words that say it. */
export function withConceptWords(question: string): string {
  return withSaidAt(question, conceptsPlaced(question));
}
