// A visitor names a situation in their own words ("chemo tomorrow", "my last night here"), a piece's card in its
// own ("the night before treatment", "an old house"). Stems and WordNet miss most such pairs; the word vectors
// (already loaded for search) place them near each other. These links let a question's word stand for a card's
// word it is close to, as WordNet's links do (pieces.ts), so a piece is found by its situation. Per-embedder
// caches; no I/O.
import { timeSlicer } from "../core/time-slice.ts";
import { DotProducts } from "./dots.ts";
import type { Embedder } from "./embedder.ts";
import { askTerms, words } from "./text.ts";

/** The words of the cards' titles, summaries and themes, as typed, with the stem each stands for. */
export interface CardVocabulary {
  stems: string[];
  /** The words' unit vectors, one row per word, held for one pass of products per question word (dots.ts). */
  products: DotProducts;
}

/** Cosine of two words' vectors below which they are not linked: unrelated words in GloVe sit near 0.2–0.4 (fitted on dev). */
export const VECTOR_LO = 0.45;
/** From here up a link is as strong as it gets: near-synonyms and inflections ("exams", "exam"). */
export const VECTOR_HI = 0.85;
/** A link found by the vectors counts at most this share of the word itself: closeness is not sameness. */
export const VECTOR_SHARE = 0.6;

/** Words embedded at a time while the vocabulary is made (a few milliseconds each). */
const EMBED_BATCH = 64;
const vocabularies = new WeakMap<Embedder, WeakMap<object, Promise<CardVocabulary>>>();

/** The vocabulary of cards' texts, embedded word by word once per embedder and card set. */
export function cardVocabulary(embedder: Embedder, cards: object, texts: () => string[]): Promise<CardVocabulary> {
  const byCards = vocabularies.get(embedder) ?? vocabularies.set(embedder, new WeakMap()).get(embedder)!;
  let vocabulary = byCards.get(cards);
  if (!vocabulary) {
    vocabulary = (async () => {
      // Made on the first piece question, between requests: ~85 ms of work in one piece held the event loop.
      const slice = timeSlicer();
      const unique = new Set<string>();
      for (const text of texts()) {
        for (const w of words(text)) unique.add(w);
        await slice();
      }
      const typed: string[] = [];
      const stems: string[] = [];
      for (const w of unique) {
        const terms = askTerms(w);
        if (terms.length === 1) {
          typed.push(w);
          stems.push(terms[0]);
        }
        await slice();
      }
      const rows = new Float32Array(typed.length * embedder.dimensions);
      for (let at = 0; at < typed.length; at += EMBED_BATCH) {
        (await embedder.embed(typed.slice(at, at + EMBED_BATCH))).forEach((v, j) => rows.set(v, (at + j) * embedder.dimensions));
        await slice();
      }
      return { stems, products: new DotProducts(rows, embedder.dimensions) };
    })();
    byCards.set(cards, vocabulary);
  }
  return vocabulary;
}

/** For each typed word, the card stems its vector is close to, with the link's weight (its own stem left out). */
export async function vectorLinks(embedder: Embedder, vocabulary: CardVocabulary, typed: string[]): Promise<Map<string, Array<[string, number]>>> {
  const links = new Map<string, Array<[string, number]>>();
  const unique = [...new Set(typed)];
  const vectors = await embedder.embed(unique);
  unique.forEach((word, i) => {
    const own = askTerms(word)[0];
    if (!own) return;
    const best = new Map<string, number>();
    const { products, stems } = vocabulary;
    const cosines = products.run(vectors[i]);
    for (let j = 0; j < stems.length; j++) {
      const c = cosines[j];
      if (stems[j] === own || c < VECTOR_LO) continue;
      const weight = VECTOR_SHARE * Math.min(1, (c - VECTOR_LO) / (VECTOR_HI - VECTOR_LO));
      if (weight > (best.get(stems[j]) ?? 0)) best.set(stems[j], weight);
    }
    links.set(own, [...(links.get(own) ?? []), ...best]);
  });
  return links;
}

/** "3am", "11 p.m.": an hour of the day, said as the library says it ("three in the morning"). */
const HOUR_OF_DAY = /(?<![\d.,:/])(1[0-2]|0?[1-9])\s*([ap])\.?\s?m\b\.?/gi;

function hourSaid(hour: number, afternoon: boolean): string {
  if (hour === 12) return afternoon ? "noon" : "midnight";
  return `${UNITS[hour]} ${afternoon ? (hour < 6 ? "in the afternoon" : "in the evening") : "in the morning"}`;
}

const UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(" ");
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/**
 * "91%" as "ninety-one percent", "3am" as "three in the morning": the pieces' titles and summaries spell small numbers out,
 * and neither the question's words nor the vectors keep digits, so a number typed in digits would be lost.
 */
export function spelledNumbers(text: string): string {
  return text
    .replace(HOUR_OF_DAY, (_, digits: string, half: string) => hourSaid(Number(digits), /^p/i.test(half)))
    .replace(/(?<![\d.,:/])(\d{1,2})(?![\d.,:/])(\s*%)?(?=(\p{L})?)/gu, (_, digits: string, percent?: string, letter?: string) => {
      const n = Number(digits);
      const said = n < 20 ? UNITS[n] : `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${UNITS[n % 10]}` : ""}`;
      // "5am": the unit after the number stays a word of its own.
      return `${said}${percent ? " percent" : ""}${letter ? " " : ""}`;
    });
}
