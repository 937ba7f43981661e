// A visitor may ask for a piece without naming one, or without asking at all: they tell what is happening to them
// ("my mum died on sunday and i don't know what to do with myself", "last evening in the house I raised my kids in.")
// and, at most, add a bare "got anything?" or "something short?". Such a message wants a piece of the library about
// its scene, of any kind (pieces.ts), when no guide's fact answers it (ground.ts). Pure rules.
import { answerTypeOf, askingClause } from "./answer-type.ts";
import { feltSituation } from "./piece-situation.ts";
import { piecesAsked } from "./pieces.ts";

/** A guide's answer scoring this much stands before any piece for a scene (sceneTold): it answers the message itself. On dev 0, 0.5 and no such answer at all route the same questions. */
export const SCENE_GUIDE_STRONG = 0.5;

/** The visitor speaks of themself or theirs. */
const FIRST_PERSON = /\b(?:i|i['’]m|im|i['’]ve|ive|i['’]ll|i['’]d|my|me|myself|we|we['’]re|our|us)\b/i;

/**
 * Words of the sanctuary's own workings: a message naming them is about how it works (a service that felt long, a
 * reflection refused), which the guides answer, not a scene of the visitor's life.
 */
const ABOUT_THE_SANCTUARY =
  /\b(?:services?|reflections?|reflect|timezones?|time zones?|attend(?:ing|ed)?|slots?|watch(?:es)?|api|endpoints?|mcp|tokens?|urls?|links?|site|website|page|bug|broken|submit|contribute|account|feed|stream|count(?:ed)?|planner|sanctuary)\b/i;

/**
 * An asking clause that asks only for something, of no particular kind: "got anything?", "something short?", "any
 * words for that?", "what can I do?", "help?". Words of a particular question ("should I take her to the vet?",
 * "what's wrong with them?") ask for a fact, which no piece is.
 */
const BARE_ASK =
  /^\s*(?:so\s+|and\s+|but\s+|please\s+)?(?:(?:have\s+you\s+)?got\s+(?:anything|something)|anything|something|any\s+(?:thoughts|words|ideas|help)|help|what\s+(?:can|could|should|do)\s+i\s+(?:do|say|read|try)|is\s+there\s+anything|do\s+you\s+have\s+anything)\b[^?]{0,40}\?\s*$/i;

/** A clause that opens as a question or a request for a task ("how do I…", "what's wrong with it", "write me…"). */
const ASKS_OR_BIDS =
  /(?:^|[.,;:!—–-]\s*)(?:how|what|what['’]?s|whats|where|when|why|which|who|should|shall|can|could|do|does|did|is|are|will|would|may|must|write|give|tell|show|convert|solve|list|explain|find|recommend)\b/i;

/**
 * Whether the message tells a scene of the visitor's life and asks for a piece only barely, or not at all. How someone
 * is, said ("3am again, wide awake…", piece-situation.ts), tells it as well as a first person does.
 */
export function sceneTold(question: string): boolean {
  if (piecesAsked(question) || ABOUT_THE_SANCTUARY.test(question)) return false;
  if (!FIRST_PERSON.test(question) && !feltSituation(question)) return false;
  if (!/\?/.test(question)) return !ASKS_OR_BIDS.test(question.trim());
  return BARE_ASK.test(askingClause(question));
}

/**
 * "What can I do when…", "what should we do about…", "how am I supposed to carry on…": asks how to live through what
 * follows, as "how do I…" does.
 */
const WHAT_TO_DO =
  /^\s*(?:so\s+|and\s+|but\s+)?(?:what\s+(?:can|could|should|do|might)\s+(?:i|we)\s+do\s+(?:when|if|about|with|while|after|before|for)\b|how\s+(?:am\s+i|are\s+we)\s+(?:supposed|meant|going)\s+to\b)/i;

/** The library itself, named as the sanctuary's: "to the library", "in your collection". */
const THE_LIBRARY = /\b(?:the|your|this) (?:library|collection)\b/i;

/**
 * Whether the message asks how to live through something of the visitor's own ("How do I practice letting go of a
 * grudge?", "What can I do when I cannot sleep?"): a how-to in the first person that names nothing of the sanctuary's
 * workings, asks for no piece (pieces.ts answers those) and names no library. The pieces written for it are the how (how-to-live.ts).
 */
export function asksHowToLive(question: string): boolean {
  if (piecesAsked(question) || ABOUT_THE_SANCTUARY.test(question) || !FIRST_PERSON.test(question)) return false;
  // One naming the library itself ("I'd like to offer it to the library: how do I send it?") asks how the library works.
  if (THE_LIBRARY.test(question)) return false;
  return answerTypeOf(question) === "how-to" || WHAT_TO_DO.test(askingClause(question));
}
