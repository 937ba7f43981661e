// Asked-as questions (corpus/asked.ts) as ask weighs them (ground.ts): what each is read as, once per process, and
// how much a match counts. A question is the same whatever the visitor asks, so its terms, cues, words and vector
// are made the first time it is weighed and kept.
import { cuesOf, type Cue } from "./answer-cues.ts";
import type { Embedder } from "./embedder.ts";
import type { Expansions } from "./lexicon.ts";
import { questionTerms, readQuestion, type ReadWord } from "./questions.ts";

/**
 * What an asked-as match counts for against a guide's own question: a sentence with some eight questions in
 * visitors' words has that many chances to meet an off-topic one. Set on dev (docs/ask-eval.md, tenth round):
 * 0.93 kept off-topic questions unanswered at 95.9%, where 1 let 94.6% through.
 */
export const ASKED_AS_SHARE = 0.93;

/** What an asked-as question is read as, once: its terms and its cues (the same whatever the visitor asks). */
export interface VariantFacts {
  text: string;
  terms: ReadonlySet<string>;
  cues: Cue[];
  /** Its words as read with the expansions of the time (none while they load): read again when they change. */
  read?: { with: Expansions | null; words: ReadWord[] };
}

/** Keyed by the question's text: bounded by the library's asked-as questions (a few thousand). */
const variantFactsCache = new Map<string, VariantFacts>();
export function variantFacts(question: string): VariantFacts {
  let facts = variantFactsCache.get(question);
  if (!facts) variantFactsCache.set(question, (facts = { text: question, terms: questionTerms(question), cues: cuesOf(question) }));
  return facts;
}

/** Its words as wordsHeld weighs them (questions.ts), read again only when the expansions change. */
export function readOf(facts: VariantFacts, expansions: Expansions | null): ReadWord[] {
  if (!facts.read || facts.read.with !== expansions) facts.read = { with: expansions, words: readQuestion(facts.text, expansions) };
  return facts.read.words;
}

const variantCache = new WeakMap<Embedder, Map<string, Float32Array>>();

/** The asked-as questions' vectors, each embedded once per embedder: they are the same for every question asked. */
export async function vectorsOfVariants(embedder: Embedder, texts: string[]): Promise<Float32Array[]> {
  const known = variantCache.get(embedder) ?? variantCache.set(embedder, new Map()).get(embedder)!;
  const missing = texts.filter((t) => !known.has(t));
  if (missing.length) (await embedder.embed(missing)).forEach((v, i) => known.set(missing[i], v));
  return texts.map((t) => known.get(t)!);
}
