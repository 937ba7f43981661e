// How much of a question's subject a sentence holds, as pure rules: each subject word weighed by how rare it is
// among the candidate sentences, held by the sentence itself, by its title and heading, or through a link (the
// sanctuary's synonyms, WordNet's expansions) at a paraphrase's lesser weight.
import { expansionsOf, type Expansions } from "./lexicon.ts";
import { synonymsOf } from "./synonyms.ts";
import { askStem, askTerms, plainPhrases, STOP_WORDS, words } from "./text.ts";

/** The weight `localWeights` gives a word that none of `count` sentences holds: the rarest there is. */
export const rarestWeight = (count: number): number => Math.log(1 + count);

/** Per subject word, its weight among the candidates: a word most sentences share tells them apart least. */
export function localWeights(subject: string[], sentences: string[], alternatives?: Alternatives): number[] {
  const df = subject.map(() => 0);
  for (const s of sentences) {
    const have = new Set(askTerms(s));
    subject.forEach((t, i) => (df[i] += have.has(t) ? 1 : 0));
  }
  const weights = df.map((d) => (d === 0 ? rarestWeight(sentences.length) : Math.log(1 + sentences.length / (1 + d))));
  // A word no candidate uses cannot tell them apart: it counts against every sentence, as much as a usual word
  // of the question (not as the rarest of all), so a visitor's own words ("history", "hurting") do not outweigh
  // the ones the library shares.
  const present = weights.filter((_, i) => df[i] > 0);
  const usual = present.length ? present.reduce((a, b) => a + b, 0) / present.length : 0;
  // But a word that neither the library nor any link of it knows ("goldfish", "lottery") is what the question is
  // about and what no sentence holds: it keeps its whole weight, so "a good name for a goldfish" is not covered
  // by a sentence about names.
  const unknown = (i: number) => alternatives !== undefined && !(alternatives.get(subject[i])?.length ?? 0);
  return weights.map((w, i) => (df[i] === 0 && usual > 0 && !unknown(i) ? Math.min(w, usual) : w));
}

/** Per subject stem, the library stems WordNet links it to, with the link's weight (lexicon.ts). */
export type Alternatives = Map<string, ReadonlyArray<readonly [string, number]>>;

/** The question's words' links, keyed by their stems: the sanctuary's synonyms (synonyms.ts), then WordNet's expansions. */
export function alternativesOf(question: string, expansions: Expansions | null): Alternatives {
  const out: Alternatives = new Map();
  for (const w of words(plainPhrases(question)))
    if (!STOP_WORDS.has(w) && w.length > 1) out.set(askStem(w), [...synonymsOf(w), ...(expansions ? expansionsOf(expansions, w) : [])]);
  return out;
}

/** What a linked word is worth against the word itself: a paraphrase's evidence, weaker than the word. */
const LINKED = 0.6;

/**
 * Weighted share of the subject held by the sentence; what only its title or heading holds counts for 0.7, and
 * a word held only through a WordNet link ("submit" for "send") counts for LINKED times the link's weight.
 */
export function held(subject: string[], sentence: string, context: string, weights: number[] = subject.map(() => 1), alternatives?: Alternatives): number {
  if (!subject.length) return 0;
  const own = new Set(askTerms(sentence));
  const around = new Set(askTerms(context));
  let sum = 0;
  let total = 0;
  subject.forEach((t, i) => {
    total += weights[i];
    let got = own.has(t) ? 1 : around.has(t) ? 0.7 : 0;
    if (got < 1)
      for (const [target, relation] of alternatives?.get(t) ?? [])
        got = Math.max(got, own.has(target) ? LINKED * relation : around.has(target) ? 0.7 * LINKED * relation : 0);
    sum += weights[i] * got;
  });
  return total > 0 ? sum / total : 0;
}
