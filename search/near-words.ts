// A visitor's word the library never uses ("mourning", "elderly", "tally") is linked to the library's words
// GloVe puts nearest to it ("grieving", "old", "count"), so a fact or a piece asked for in other words is still
// found. Only such words are linked: a word the library uses is matched as itself, and a word GloVe does not know
// (or knows near nothing of the library's) keeps no link, so an off-topic question stays off-topic. Ask only:
// search's index, its ranking and its cost per request are untouched; with words only (no vectors yet) nothing changes.
import { cosine, type Embedder } from "./embedder.ts";
import { expansionsOf, type Expansions } from "./lexicon.ts";
import { askStem, plainPhrases, STOP_WORDS, words } from "./text.ts";

/** The library's words as GloVe sees them: each word's vector and stem, and every stem the library uses. */
interface Vocabulary {
  stems: string[];
  vectors: Float32Array[];
  used: ReadonlySet<string>;
}

/** Least cosine of two words' vectors for one to stand for the other (GloVe's near synonyms sit above it). */
export const NEAR_WORD = 0.62;
/** Nearest library stems kept per word. */
const NEAREST = 3;
/** A GloVe neighbour counts for this share of its cosine as a link's weight: weaker than WordNet's synonyms. */
const NEAR_WEIGHT = 0.8;

const vocabularies = new WeakMap<Embedder, WeakMap<object, Promise<Vocabulary>>>();

/** The vocabulary of a library's texts, made once per embedder and `key` (an object the library's caches keep, e.g. its piece cards). */
export function vocabularyOf(embedder: Embedder, key: object, texts: () => string[]): Promise<Vocabulary> {
  const byKey = vocabularies.get(embedder) ?? vocabularies.set(embedder, new WeakMap()).get(embedder)!;
  let made = byKey.get(key);
  if (!made) {
    made = (async () => {
      const seen = new Set<string>();
      for (const text of texts()) for (const w of words(plainPhrases(text))) if (w.length > 2 && !STOP_WORDS.has(w) && /^[a-z]+$/.test(w)) seen.add(w);
      const list = [...seen];
      const vectors = await embedder.embed(list);
      const known = list.map((w, i) => ({ w, v: vectors[i] })).filter(({ v }) => v.some((x) => x !== 0));
      return { stems: known.map(({ w }) => askStem(w)), vectors: known.map(({ v }) => v), used: new Set(list.map(askStem)) };
    })();
    byKey.set(key, made);
  }
  return made;
}

/** WordNet's expansions with, for the question's words the library never uses, their nearest library words first looked up. */
class WithNear extends Map<string, string> {
  constructor(private readonly base: Expansions | null) {
    super();
  }
  override get(key: string): string | undefined {
    return super.get(key) ?? this.base?.get(key);
  }
  override has(key: string): boolean {
    return super.has(key) || (this.base?.has(key) ?? false);
  }
}

/** The question's words the library does not use, each with its nearest library stems and their weight. */
export async function nearLinks(embedder: Embedder, vocabulary: Vocabulary, question: string): Promise<Map<string, Array<[string, number]>>> {
  const asked = [...new Set(words(plainPhrases(question)))].filter((w) => w.length > 2 && !STOP_WORDS.has(w) && !vocabulary.used.has(askStem(w)));
  const out = new Map<string, Array<[string, number]>>();
  if (!asked.length) return out;
  const vectors = await embedder.embed(asked);
  asked.forEach((w, i) => {
    if (!vectors[i].some((x) => x !== 0)) return;
    const best = new Map<string, number>();
    vocabulary.vectors.forEach((v, j) => {
      const c = cosine(vectors[i], v);
      if (c >= NEAR_WORD && c > (best.get(vocabulary.stems[j]) ?? 0)) best.set(vocabulary.stems[j], c);
    });
    const nearest = [...best].sort((a, b) => b[1] - a[1]).slice(0, NEAREST);
    if (nearest.length)
      out.set(
        w,
        nearest.map(([stem, c]) => [stem, NEAR_WEIGHT * c]),
      );
  });
  return out;
}

/** The expansions ask reads for this question: WordNet's, and GloVe's nearest library words for the words the library lacks. */
export async function withNearWords(
  embedder: Embedder | null,
  vocabulary: Promise<Vocabulary> | null,
  question: string,
  expansions: Expansions | null,
): Promise<Expansions | null> {
  if (!embedder || !vocabulary) return expansions;
  const links = await nearLinks(embedder, await vocabulary, question);
  if (!links.size) return expansions;
  const out = new WithNear(expansions);
  for (const [w, near] of links) out.set(w, JSON.stringify([...(expansions ? expansionsOf(expansions, w) : []), ...near]));
  return out;
}
