// A visitor's slip of the keyboard ("sevice", "reflectoin", "congregaton") read as the library's word it
// misses by one letter, before ask searches and weighs sentences. Only a word that neither the library nor
// WordNet knows is read again, and only as a word the library itself uses: a real word the library never
// speaks of ("goldfish") keeps its place, so an off-topic question stays off-topic (docs/ask-eval.md, round 8).
import type { Library } from "../corpus/library.ts";
import { perContent } from "../corpus/per-content.ts";
import { withoutMarkup } from "../core/text.ts";
import { askedAboutHere } from "./about-here.ts";
import { expansionsOf, type Expansions } from "./lexicon.ts";
import { askStem, STOP_WORDS } from "./text.ts";

/** Every word of the library (titles, summaries, themes, text) with how often it is used, made once per library content. */
export const libraryWords = perContent((library): ReadonlyMap<string, number> => {
  const counts = new Map<string, number>();
  // Every piece once: the documents and the songs are the pieces again.
  for (const piece of library.pieces)
    for (const w of `${piece.title} ${piece.tldr} ${piece.themes.join(" ")} ${piece.markdown}`.toLowerCase().match(/[a-z]+/g) ?? [])
      counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
});

/**
 * Contractions typed without their apostrophe ("whats in a service", "im not religious", "dont"): the kind of
 * question is read from the contraction ("what's in" asks for parts), so each is written as it is meant, as is
 * chat's shorthand ("pls", "u").
 */
const BARE_CONTRACTIONS = new Map(
  (
    "whats:what's wheres:where's whos:who's hows:how's thats:that's theres:there's im:I'm ive:I've youre:you're " +
    "dont:don't doesnt:doesn't didnt:didn't cant:can't wont:won't isnt:isn't arent:aren't wasnt:wasn't werent:weren't " +
    "shouldnt:shouldn't wouldnt:wouldn't couldnt:couldn't havent:haven't hasnt:hasn't " +
    // And chat's shorthand, which weighs as the rarest of words when it stays as typed ("list them pls"); "hw long"
    // typed for "how long" loses the kind of answer asked for as well.
    "pls:please plz:please u:you ur:your hw:how thx:thanks tmrw:tomorrow thru:through abt:about"
  )
    .split(" ")
    .map((pair): [string, string] => {
      const [typed, meant] = pair.split(":");
      return [typed, meant];
    }),
);

/** The question with each contraction typed without its apostrophe written with it. */
export function withApostrophes(question: string): string {
  return question.replace(/\b[A-Za-z]+\b/g, (typed) => BARE_CONTRACTIONS.get(typed.toLowerCase()) ?? typed);
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** The words one edit from `word`: a letter dropped, added, changed, or two neighbours swapped. */
export function oneEditFrom(word: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const [a, b] = [word.slice(0, i), word.slice(i)];
    if (b) out.add(a + b.slice(1));
    if (b.length > 1) out.add(a + b[1] + b[0] + b.slice(2));
    for (const c of LETTERS) {
      out.add(a + c + b);
      if (b) out.add(a + c + b.slice(1));
    }
  }
  out.delete(word);
  return out;
}

/** A slip is read again only in a word this long: shorter ones are one letter from too many words. */
const LEAST_LENGTH = 6;

/**
 * The question with each word that nobody knows (not the library's, not linked by WordNet in any of its forms)
 * written as the library's word one edit away, the commonest in the library when several are. The expansions
 * list only words WordNet links to the library's, so a real word may be missing from them too: a word is read
 * again only as one of its own first letter (slips seldom fall there: "iphone" is no "phone") and of another
 * stem (a plural or tense the library lacks, "capital" for "capitals", is no slip, and ask compares stems
 * anyway). Without WordNet at hand (the first seconds of a start) the question is left as typed.
 */
export function spelledAsLibrary(question: string, vocabulary: ReadonlyMap<string, number>, expansions: Expansions | null): string {
  question = withApostrophes(question);
  if (!expansions) return question;
  return question.replace(/[A-Za-z]+/g, (typed) => {
    const w = typed.toLowerCase();
    if (w.length < LEAST_LENGTH || STOP_WORDS.has(w) || vocabulary.has(w) || expansionsOf(expansions, w).length) return typed;
    let best: string | undefined;
    for (const near of oneEditFrom(w))
      if (near[0] === w[0] && askStem(near) !== askStem(w) && (vocabulary.get(near) ?? 0) > (best ? (vocabulary.get(best) ?? 0) : 0)) best = near;
    return best ?? typed;
  });
}

/**
 * The question as ask reads it for retrieval (tools/ask.ts, and eval:ask alike): markup pasted with it left out
 * (it would only dilute the meaning), then slips of the keyboard read as the library's words. The question
 * itself is kept as typed.
 */
export function questionAsRead(question: string, library: Library, expansions: Expansions | null): string {
  const plain = withoutMarkup(question) || question;
  // A question about the sanctuary itself ("What is this place?") is read as the about guide asks it (about-here.ts).
  return askedAboutHere(plain) ?? spelledAsLibrary(plain, libraryWords(library), expansions);
}
