// Question-and-answer units: a FAQ entry (a heading or bold line that asks a question, and the answer
// under it) is matched against the visitor's question as a question, and quoted with it, so "No." from
// "Are reflections private?" can never read as the answer to something else. Pure functions.
import { expansionsOf, type Expansions } from "./lexicon.ts";
import { synonymsOf } from "./synonyms.ts";
import { askTerms, plainPhrases, words } from "./text.ts";

/** The question a passage answers: its section heading when that heading asks one. */
export function unitQuestion(section: string | null): string | null {
  return section && /\?\s*$/.test(section) ? section.trim() : null;
}

/** Words that only make a sentence a question ("can I", "how do"), never what it is about. */
const ASKING = new Set(["can", "could", "do", "does", "is", "are", "will", "would", "should", "may", "how", "what", "when", "why", "who", "where", "which"]);

/**
 * How much of the visitor's question the unit's question holds, 0..1: each content word of the visitor's
 * counts 1 when the unit's question has it or its stem, or a WordNet expansion's weight when it has that.
 * Each word weighs by `weightOf` (rarer words tell questions apart more).
 */
export function questionWords(
  visitor: string,
  unit: string,
  expansions: Expansions | null,
  weightOf: (term: string) => number = () => 1,
  /** Words that only name the kind of question ("goes" in "what goes into"): what both ask about is compared, not how. */
  onlyKind: (word: string) => boolean = () => false,
): number {
  return wordsHeld(readQuestion(visitor, expansions), questionTerms(unit), weightOf, onlyKind);
}

/** A question's word as questionWords weighs it: its term, and the terms it links to (synonyms, WordNet expansions). */
export interface ReadWord {
  word: string;
  term: string;
  links: ReadonlyArray<readonly [string, number]>;
}

/** A question read once, word by word, for wordsHeld: a question compared with many units is read only once. */
export function readQuestion(question: string, expansions: Expansions | null): ReadWord[] {
  const read: ReadWord[] = [];
  for (const word of words(plainPhrases(oneWord(question)))) {
    if (ASKING.has(word)) continue;
    const [term] = askTerms(word);
    if (term) read.push({ word, term, links: [...synonymsOf(word), ...(expansions ? expansionsOf(expansions, word) : [])] });
  }
  return read;
}

/** questionWords over a question already read and the unit's terms (questionTerms). */
export function wordsHeld(
  read: readonly ReadWord[],
  theirs: ReadonlySet<string>,
  weightOf: (term: string) => number = () => 1,
  onlyKind: (word: string) => boolean = () => false,
): number {
  let sum = 0;
  let total = 0;
  const seen = new Set<string>();
  for (const { word, term, links } of read) {
    if (onlyKind(word) || seen.has(term)) continue;
    seen.add(term);
    const weight = weightOf(term);
    total += weight;
    if (theirs.has(term)) sum += weight;
    else {
      let best = 0;
      for (const [target, relation] of links) if (theirs.has(target)) best = Math.max(best, 0.7 * relation);
      sum += weight * best;
    }
  }
  return total > 0 ? sum / total : 0;
}

/** A question's terms as questionWords compares them. */
export function questionTerms(question: string): ReadonlySet<string> {
  return new Set(askTerms(oneWord(question)));
}

/**
 * Every term a question's words reach in another question, as wordsHeld weighs them: each word's own term and the
 * terms it links to. A unit holding none of them holds nothing of the question (wordsHeld answers 0), so it need
 * not be weighed word by word.
 */
export function reachedTerms(read: readonly ReadWord[], onlyKind: (word: string) => boolean = () => false): Set<string> {
  const reached = new Set<string>();
  for (const { word, term, links } of read) {
    if (onlyKind(word)) continue;
    reached.add(term);
    for (const [target, relation] of links) if (relation > 0) reached.add(target);
  }
  return reached;
}

/** Compounds visitors write both ways ("time zone", "timezone") as one word, so the two forms meet. */
function oneWord(text: string): string {
  return text.replace(/\btime[\s-]zone/gi, "timezone").replace(/\blive[\s-]stream/gi, "livestream");
}

/**
 * Words, meaning and kind together: how nearly the unit's question is the visitor's, 0..1. `sameKind` is 1 when
 * both ask for the same kind of answer ("how long" and "how many minutes"), 0 when they ask for different
 * kinds, 0.5 when either has no kind. Words lead: a small embedder finds most questions about services "near".
 */
export function askedMatch(wordsHeld: number, meaning: number, sameKind = 0.5): number {
  // Questions of different kinds ("how long is a service" and "what goes into a service") are never the same one.
  return Math.min(1, 0.5 * wordsHeld + 0.3 * meaning + 0.2 * sameKind) * (sameKind === 0 ? 0.75 : 1);
}

/** At or above this, the unit's question is taken to be the visitor's own (its yes or no answers it). */
export const SAME_QUESTION = 0.6;

/** A sentence's opening yes or no, with its punctuation ("No. ", "Yes, "), or "" when it has none. */
export function openingYesNo(sentence: string): string {
  return sentence.match(/^\s*(?:yes|no)\s*[.,;!:—–-]+\s*/i)?.[0] ?? "";
}
