// The way POST /api/ask answers without a language model, built once for the scripts that ask a question set
// (eval-ask.ts, fit-ask.ts): the real library, and hybrid search with the default GloVe embedder or, in words
// mode, the words-only search of the first seconds after a start.
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pino } from "pino";
import { loadLibrary } from "../corpus/library.ts";
import { groundAnswer, quotedAnswer } from "../search/answer.ts";
import { ASK_SCORER, type Scorer } from "../search/sentence-score.ts";
import { askSources } from "../search/ask-library.ts";
import type { AskSet } from "../search/ask-eval.ts";
import { loadGlove } from "../search/embedders/glove.ts";
import { LibraryIndex, type Hit } from "../search/index.ts";
import { prepareRows } from "../search/index-recipe.ts";
import { MemoryIndex } from "../search/memory.ts";
import { calibrationFor } from "../search/rank.ts";
import { libraryWords, questionAsRead } from "../search/spelling.ts";
import type { Expansions } from "../search/lexicon.ts";

export const FIXTURES = [
  "test/fixtures/ask-facts.json",
  "test/fixtures/ask-facts-untuned.json",
  "test/fixtures/ask-facts-fresh.json",
  "test/fixtures/ask-off-topic.json",
];

/** The question sets of these files together (filter them with ofSplit before looking at any). */
export async function readAskSets(files: string[]): Promise<AskSet> {
  const set: AskSet = { covered: [], uncovered: [] };
  for (const file of files) {
    const read = JSON.parse(await readFile(file, "utf8")) as Partial<AskSet>;
    if (!Array.isArray(read.covered ?? []) || !Array.isArray(read.uncovered ?? []))
      throw new Error(`${file}: expected { covered: [{ q, facts }], uncovered: [string] }`);
    set.covered.push(...(read.covered ?? []));
    set.uncovered.push(...(read.uncovered ?? []));
  }
  return set;
}

export interface Asked {
  answer: string;
  /** The best sentence's score and the top page's. */
  score: number;
  topPage: number;
}

/**
 * answerOf(typed) answers as tools/ask.ts does (or with another way of scoring sentences, a fit being measured). With `keepHits` each question's hits are kept after its first
 * asking: the search does not depend on how sentences are scored, so a fit may ask again under another scorer.
 */
export async function askPipeline(options: { wordsOnly: boolean; library?: string; keepHits?: boolean; offTopicHeard?: boolean }) {
  const library = await loadLibrary(resolve(options.library ?? join(process.cwd(), "corpus", "library")));
  // Without the off-topic model (scripts/fit-off-topic.ts measures what it would refuse).
  const sources = options.offTopicHeard === false ? { ...askSources(library), offTopicOdds: Promise.resolve(() => -Infinity) } : askSources(library);
  let search: (q: string) => Promise<Hit[]>;
  let grounding: (q: string, hits: Hit[], scorer: Scorer) => ReturnType<typeof groundAnswer>;
  let expansions: Expansions | null;
  if (options.wordsOnly) {
    // The first seconds after a start: words, stems and WordNet expansions, no vectors (search/service.ts).
    const prepared = await prepareRows(library);
    const words = await MemoryIndex.from(prepared.rows, (await prepared.expansions).expansions);
    search = async (q) => words.search(q, new Float32Array(0), 5, calibrationFor(""));
    expansions = words.expansions;
    grounding = (q, hits, scorer) => groundAnswer(null, q, hits, words.expansions, sources, scorer);
  } else {
    const dataDir = join(process.cwd(), ".bench", "quality");
    const embedder = await loadGlove({ dataDir });
    const index = new LibraryIndex(join(dataDir, "index"), embedder, calibrationFor(embedder.id), pino({ level: "silent" }));
    await index.open(library);
    if (!index.ready) await index.rebuild(library);
    search = (q) => index.search(q, 5);
    expansions = index.expansions;
    grounding = (q, hits, scorer) => groundAnswer(index.embedder, q, hits, index.expansions, sources, scorer);
  }
  const kept = new Map<string, Hit[]>();
  const answerOf = async (typed: string, scorer: Scorer = ASK_SCORER): Promise<Asked> => {
    // As tools/ask.ts reads it (search/spelling.ts).
    const q = questionAsRead(typed, library, expansions);
    const hits = kept.get(q) ?? (await search(q));
    if (options.keepHits) kept.set(q, hits);
    const g = await grounding(q, hits, scorer);
    return { answer: quotedAnswer(g, typed, libraryWords(library)), score: g.score, topPage: hits[0]?.score ?? 0 };
  };
  return { library, answerOf };
}
