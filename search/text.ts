// Words as the lexical side of search sees them: lowercase letter runs, stop words dropped, Porter stems
// (so breath, breaths and breathing meet). Pure functions; the stem cache only saves repeated work.
import { stemmer } from "stemmer";
import { BoundedMemo } from "../core/memo.ts";
import { clockWords } from "./clock-words.ts";

const WORDS = /\p{L}+(?:['’]\p{L}+)*/gu;

/**
 * Words too common to say anything about a page on their own. Kept short on purpose: "alone", "still",
 * "never" and "not" carry meaning in this library, so they stay searchable.
 */
export const STOP_WORDS = new Set(
  (
    "a an the and or but if of at by for with about to from in into on onto over under up down out off as than then so such " +
    "is are was were be been being am do does did doing have has had having can could would should will shall may might must " +
    "i me my mine we us our ours you your yours he him his she her hers it its they them their theirs this that these those there here " +
    "what which who whom whose when where why how all any each every both few more most other some own same too very just also " +
    "s t d ll m re ve y o ain aren isn wasn weren don doesn didn hasn haven hadn won wouldn shouldn couldn let lets get got"
  ).split(" "),
);

const stems = new Map<string, string>();

/**
 * English's irregular verb forms (and a few plurals), each with its base: Porter stems "kept" to "kept" and "keep"
 * to "keep", so "Are my searches kept?" never met "keep" or its WordNet links. Forms that are also common words of
 * their own (left, found, saw, felt, lay, ground, rose) are left alone.
 */
const IRREGULAR = new Map<string, string>(
  (
    "began:begin begun:begin bent:bend bound:bind bitten:bite bled:bleed blew:blow blown:blow broke:break broken:break " +
    "bred:breed brought:bring built:build burnt:burn bought:buy caught:catch chose:choose chosen:choose came:come dealt:deal " +
    "dug:dig drew:draw drawn:draw dreamt:dream drank:drink drunk:drink drove:drive driven:drive ate:eat eaten:eat " +
    "fell:fall fallen:fall fed:feed fought:fight fled:flee flew:fly flown:fly forbade:forbid forbidden:forbid forgot:forget " +
    "forgotten:forget forgave:forgive forgiven:forgive froze:freeze frozen:freeze gave:give given:give went:go gone:go grew:grow " +
    "grown:grow hung:hang heard:hear hid:hide hidden:hide held:hold kept:keep knelt:kneel knew:know known:know led:lead " +
    "leant:lean learnt:learn lent:lend lost:lose made:make meant:mean met:meet paid:pay ran:run rang:ring rung:ring " +
    "risen:rise rode:ride ridden:ride said:say sought:seek sold:sell sent:send shook:shake shaken:shake shone:shine " +
    "shot:shoot shown:show shrank:shrink sang:sing sung:sing sank:sink sunk:sink sat:sit slept:sleep slid:slide spoke:speak " +
    "spoken:speak spent:spend spun:spin stood:stand stole:steal stolen:steal stuck:stick stung:sting strove:strive struck:strike " +
    "swore:swear sworn:swear swept:sweep swam:swim swum:swim took:take taken:take taught:teach tore:tear torn:tear told:tell " +
    "thought:think threw:throw thrown:throw understood:understand woke:wake woken:wake wore:wear worn:wear wept:weep " +
    "wrote:write written:write lying:lie dying:die tying:tie children:child men:man women:woman people:person feet:foot teeth:tooth mice:mouse"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

/** Porter stem of a lowercase word, cached (the library's vocabulary is small and queries repeat words). */
export function stem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    s = stemmer(word);
    if (stems.size < 200_000) stems.set(word, s);
  }
  return s;
}

/** An underscore inside a name ("read_song"): matched as one word, "readsong", as the passages were indexed before names kept it. */
export const JOINED = /(?<=\p{L})_+(?=\p{L})/gu;

/** Lowercase words in order, curly apostrophes straightened, possessive 's dropped. */
export function words(text: string): string[] {
  const found = (text.includes("_") ? text.replace(JOINED, "") : text).toLowerCase().match(WORDS);
  if (!found) return [];
  // Only a word with an apostrophe has one to straighten or an 's to drop: most words are left as matched.
  for (let i = 0; i < found.length; i++) {
    const w = found[i];
    if (w.includes("'") || w.includes("’")) found[i] = w.replace(/’/g, "'").replace(/'s$/, "");
  }
  return found;
}

/** Words a visitor's question is full of that say nothing of its subject ("I'm", "myself", "can't"): ask leaves them out. */
const ASK_STOP_WORDS = new Set(
  (
    "i'm i've i'd i'll you're you've you'd you'll we're we've we'd they're they've it's that's there's what's who's here's he's she's " +
    "myself yourself ourselves yourselves itself themselves himself herself " +
    "don't doesn't didn't can't won't isn't aren't wasn't weren't hasn't haven't hadn't shouldn't wouldn't couldn't"
  ).split(" "),
);

/**
 * The stem ask compares a word by: of its base form when it is an irregular one ("kept" as "keep"). Search keeps
 * the plain stem (its index and its relevance fixture stand on it); ask matches a question with sentences.
 */
export function askStem(word: string): string {
  return stem(IRREGULAR.get(word) ?? word);
}

/** Phrases said for one word (search/synonyms.ts links that word to the library's): rewritten before ask compares words. */
const ASK_PHRASES: Array<[RegExp, string]> = [
  [/\b(?:hang|hold)(?:s|ing)? on(?:to| to)\b/gi, "keep"],
  [/\bback[\s-]to[\s-]back\b|\bin a row\b/gi, "backtoback"],
  [/\bside[\s-]by[\s-]side\b/gi, "sidebyside"],
  [/\bput together\b/gi, "puttogether"],
  [/\bcom(?:e|es|ing) back\b/gi, "comeback"],
  [/\bsign(?:ing)? up\b/gi, "signup"],
  // "End up" says only where something goes or what one gets: the question's subject is elsewhere.
  [/\b(?:end|ends|ended|ending|wind|winds|wound) up\b/gi, "get"],
  // A field left blank, or a value not said, is a value not given: "leave the location field blank" and "don't say
  // where I am" are "without location".
  [/\bleav(?:e|ing) (?:the |my |that |a )?(\w+)(?: field| box)? (?:blank|empty|out|off)\b/gi, "without $1"],
  [/\b(?:don['’]t|do not|never|didn['’]t) (?:say|give|tell|send|set|provide|enter|fill in)(?: you| us)?\b/gi, "without"],
  [/\bon (?:behalf of|(?:\w+|\w+'s) behalf)\b/gi, "acting for"],
  [/\b(?:turn|show|drop|wander|come|pop)(?:s|ed|ing)? (?:up|in)\b|\bturned up\b|\bcame in\b/gi, "turnup"],
  [/\bwhere I am\b/gi, "location"],
  // What a search gives back is what it returns; a service caught at its tail end, or wherever it has got to, is
  // joined in the middle, and one heard from the top is heard from its beginning; one logs on to attend.
  [/\b(?:give|gives|giving|gave|bring|brings|bringing|brought|hand|hands|send|sends) back\b/gi, "return"],
  [/\b(?:the )?tail end\b|\bwherever it (?:has|had|'s) got(?:ten)? to\b|\bmid-(?:service|stream|way)\b/gi, "middle"],
  [/\bfrom the (?:top|very start)\b/gi, "from the beginning"],
  [/\blog(?:s|ged|ging)? (?:on|in)\b/gi, "attend"],
];

/** The text with phrases said for one word rewritten as that word, and clock times as their hour's word (clock-words.ts). */
export function plainPhrases(text: string): string {
  return ASK_PHRASES.reduce((t, [phrase, word]) => t.replace(phrase, word), clockWords(text));
}

/**
 * Stems of the content words as ask compares them (askStem, and the question's own filler words left out). Kept
 * per text, frozen: an ask reads the same library sentences as every other ask, and working their terms out again
 * (a hundred phrase patterns tried on each) was half of an ask's CPU.
 */
export function askTerms(text: string): readonly string[] {
  return askTermsKept.get(text, () => {
    const out: string[] = [];
    for (const w of words(plainPhrases(text))) if (!STOP_WORDS.has(w) && !ASK_STOP_WORDS.has(w) && w.length > 1) out.push(askStem(w));
    return Object.freeze(out);
  });
}
const askTermsKept = new BoundedMemo<readonly string[]>(16384);

/** Stems of the content words, in order (duplicates kept: term frequency counts them). */
export function terms(text: string): string[] {
  return termsOf(words(text));
}

/** `terms` of a text already read into its `words`. */
export function termsOf(said: readonly string[]): string[] {
  const out: string[] = [];
  for (const w of said) if (!STOP_WORDS.has(w) && w.length > 1) out.push(stem(w));
  return out;
}

/** A title or query reduced for exact comparison: words only, a leading article dropped. */
export function titleKey(text: string): string {
  return queryKeys(text).title;
}

/** Words joined by single spaces, for phrase containment tests on normalized text. */
export function phraseKey(text: string): string {
  return words(text).join(" ");
}

/** A query's words with its phraseKey and titleKey, the text read once (a search needs all three). */
export function queryKeys(text: string): { said: string[]; phrase: string; title: string } {
  const said = words(text);
  const phrase = said.join(" ");
  return { said, phrase, title: phrase.replace(/^(?:a|an|the) /, "") };
}

/** A visitor's message in its sentences, split after each ".", "!" or "?" that a space follows. */
export function messageSentences(message: string): string[] {
  return message.trim().split(/(?<=[.!?])\s+(?=\S)/);
}
