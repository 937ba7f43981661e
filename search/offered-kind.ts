// A visitor offering a piece of their own ("I wrote a little chant while walking the dog. Can I send it in?") asks
// whether that kind of piece may be contributed; the story around it (the dog, the daughter, the walk) shares words
// with verse and other guides' sentences and drowned the guide's rule on what is open. Such a message is read as the
// plain question it asks of that kind. Pure functions.
import { partsOf } from "./question-parts.ts";
import { SIZE_GIVEN } from "./limit-words.ts";
import { messageSentences } from "./text.ts";

/** The kinds a visitor may offer, in their words, with the library's name for each ("lyrics" are a song's). */
const KIND = /\b(songs?|lyrics|chants?|blessings?|prayers?|hymns?|rituals?|practices?|essays?|poems?)\b/i;
const NAMED: Record<string, string> = { lyrics: "song" };

/** The visitor made it: "I wrote", "I've written", "I composed", "I made up", "my own". */
const MADE = /\bi(?:['’]ve| have)?\s+(?:just\s+)?(?:wrote|written|composed|made(?: up)?|penned|put together)\b|\bmy own\b/i;

/** Words offering it to the library: send it in, submit, share, contribute, post, add, get them into, take, accept. */
const OFFER = /\b(?:send|submit|share|contribute|offer|post|add|give|get|put|upload|take|accept)\b/i;

/** The words asking whether it may be offered: "can I…", "could I…", "is there any way…", "do you take…", "is it ok…". */
const ASKS_LEAVE = /^\W*(?:and\s+)?(?:can|could|may|might|would|will|do|does|is|are)\b/i;

/** A visitor's words left on the feed after a service, not a piece for the library. */
const REFLECTION = /\breflections?\b/i;

/** A part that asks: it opens with a word of asking, not with the story ("I wrote a song"). */
const ASKS = /^\W*(?:and\s+|but\s+|so\s+)?(?:can|could|may|might|would|will|do|does|is|are|what|which|how|why|when|where|who|if not|if)\b/i;

/** The kinds not open for contribution (how-to-contribute.md, "Songs, chants and blessings are not open"), in the visitor's words. */
const CLOSED_KIND = String.raw`(?:songs?|lyrics|chants?|blessings?)`;

/**
 * A closed kind offered, whoever wrote it ("Can I post a song to the library?", "do you accept chants?"): the verb of
 * offering with the kind as what is offered, so that "a reflection on a song" or "a blessing for my mum" offers nothing.
 */
const OFFERS_CLOSED = new RegExp(
  String.raw`\b(?:submit|submitting|contribute|contributing|send(?:ing)? in|upload|uploading|post|posting|offer|offering|add|adding|accept|accepts)\s+(?:(?:a|an|my|our|some|any|this|the|one|your|new)\s+)?(?:(?:little|short|few|original|own)\s+)?${CLOSED_KIND}\b`,
  "i",
);

/**
 * Another's words offered ("a poem by Rumi", "a prayer my grandmother wrote", "someone else's essay", "with full credit
 * to her"): the library holds original work only, whatever the kind or the credit given.
 */
const OTHERS_WORDS =
  /\b(?:some(?:one|body) else['’]s|another (?:person|writer|poet|author)['’]s|other (?:people|writers|poets)['’]s?|written by|composed by|(?:with|give|giving|full|proper|due)\s+(?:full\s+|proper\s+|due\s+)?credit|credit(?:ed|ing)? (?:to )?(?:her|him|them|the (?:author|poet|writer))|attribut(?:e|ed|ion))\b|\bmy (?!own\b)[a-z]+ (?:wrote|composed|penned|made up)\b/i;
/** A writer named after "by" ("a poem by Rumi"): a capital, and not a day ("by Friday"). */
const BY_NAME = /\bby (?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|MCP|POST|GET)\b)[A-Z][a-z]+/;

/** Which kinds may be offered, in the visitor's words: "what sorts of writing can we submit?", "which forms do you take?". */
const ASKS_WHICH_KINDS =
  /\b(?:what|which)\s+(?:kinds?|types?|sorts?|categories|forms?)\s+(?:of\s+(?:writing|work|pieces?|things?|stuff|texts?|contributions?)\s+)?(?:can|could|may|do|does|are|is)\b[^?]*\b(?:send|submit|contribute|offer|share|post|add|accept|accepted|take|allowed|open)\b/i;

/** A later part asking only what may be offered instead: "if not, what can I send?", "what can I submit instead?". */
const INSTEAD = /\bif not\b|\binstead\b|\b(?:what|which)\b[^?]*\b(?:send|submit|share|contribute|offer|post|allowed|accepted|open)\b/i;

/**
 * The plain question a message offering a piece of its own asks ("Can I contribute a chant?"), or undefined when it
 * asks anything else: how long a prayer may be, or when it appears, is answered from the message itself.
 */
export function offeredKind(question: string): string | undefined {
  // "What types of writing can visitors send in?" asks the same of every kind: which are open.
  if (partsOf(question).length === 1 && ASKS_WHICH_KINDS.test(question)) return "What kinds of pieces can I contribute?";
  // A size given ("a 15,000 character practice. can I submit all of it?") asks after the limit (limit-words.ts).
  if (SIZE_GIVEN.test(question)) return undefined;
  // Offered as the visitor's own, as another's, as a kind that is closed, or with what may be offered instead
  // ("If songs are off the table, what can I submit instead?").
  const others = (OTHERS_WORDS.test(question) || BY_NAME.test(question)) && !MADE.test(question);
  if (!others && !MADE.test(question) && !OFFERS_CLOSED.test(question) && !/\binstead\b|\bif not\b/i.test(question)) return undefined;
  // Each sentence's parts that ask: "I wrote a song and would love to add it, can I submit it?" asks only after the comma.
  const sentences = messageSentences(question);
  const asking = sentences
    .flatMap((s) => (/\?\s*$/.test(s) ? partsOf(s) : []))
    .map((p) => (ASKS.test(p) ? p : (p.split(/\s*[,;:—–]\s*|\s+-\s+/).pop() ?? "")))
    .filter((p) => ASKS.test(p));
  // Every question it asks is whether it may be offered, or what may be offered instead.
  const leave = asking.filter((s) => (ASKS_LEAVE.test(s) || INSTEAD.test(s)) && OFFER.test(s));
  if (!leave.length || asking.some((s) => !leave.includes(s) && !INSTEAD.test(s))) return undefined;
  // What is posted is a reflection, which the feed's rules answer, whatever kind it is likened to ("can I post the same
  // short reflection every day, like a little daily ritual of my own?").
  if (leave.some((s) => REFLECTION.test(s))) return undefined;
  // Another's words are answered by the rule on original work, whatever their kind (corpus/library/asked: "Can I submit something I didn't write?").
  if (others) return "Can I submit something I didn't write?";
  const kind = KIND.exec(question)?.[1].toLowerCase();
  if (!kind) return undefined;
  const one = NAMED[kind] ?? kind.replace(/s$/, "");
  return `Can I contribute a ${one}?`;
}
