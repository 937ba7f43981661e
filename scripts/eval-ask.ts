// npm run eval:ask [-- --split dev|test] [--file set.json] [--words] [--quiet] [--scores] [--library DIR]: asks
// every question of a set the way POST /api/ask does without a language model (the real library; hybrid search
// with the default GloVe embedder, or with --words the words-only search of the first seconds after a start) and
// prints, per question, whether its facts are in the answer and whether any quote opens with a bare yes or no
// without its own question shown, then totals per answer type. Off-topic questions must get the plain "not
// covered" answer with no passage quoted. Without --file the four fixtures are asked together; --split keeps
// one split of them (search/ask-eval.ts splitOf; docs/ask-eval.md: only dev is looked at while working).
// --scores prints each question's best sentence score and top page score (the floor's calibration).
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pino } from "pino";
import { loadLibrary } from "../corpus/library.ts";
import { extractiveAnswer, groundAnswer } from "../search/answer.ts";
import { guidePages, pieceSummaries } from "../search/ask-library.ts";
import { pieceCards } from "../search/pieces.ts";
import { answerTypeOf, partsOf } from "../search/answer-type.ts";
import { loadGlove } from "../search/embedders/glove.ts";
import { LibraryIndex, prepareRows, type Hit } from "../search/index.ts";
import { MemoryIndex } from "../search/memory.ts";
import { calibrationFor } from "../search/rank.ts";
import { judgeAnswer, ofSplit, type AskSet, type Split } from "../search/ask-eval.ts";
import { questionAsRead } from "../search/spelling.ts";
import type { Expansions } from "../search/lexicon.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const FIXTURES = [
  "test/fixtures/ask-facts.json",
  "test/fixtures/ask-facts-untuned.json",
  "test/fixtures/ask-facts-fresh.json",
  "test/fixtures/ask-off-topic.json",
];
const given = arg("--file");
const files = given ? [resolve(given)] : FIXTURES.map((f) => resolve(f));
const split = arg("--split");
if (split !== undefined && split !== "dev" && split !== "test") throw new Error("--split is dev or test");
const quiet = process.argv.includes("--quiet");
const wordsOnly = process.argv.includes("--words");
const scores = process.argv.includes("--scores");

const set: AskSet = { covered: [], uncovered: [] };
for (const file of files) {
  const read = JSON.parse(await readFile(file, "utf8")) as Partial<AskSet>;
  if (!Array.isArray(read.covered ?? []) || !Array.isArray(read.uncovered ?? []))
    throw new Error(`${file}: expected { covered: [{ q, facts }], uncovered: [string] }`);
  set.covered.push(...(read.covered ?? []));
  set.uncovered.push(...(read.uncovered ?? []));
}
const asked = ofSplit(set, split as Split | undefined);

const library = await loadLibrary(resolve(arg("--library") ?? join(process.cwd(), "corpus", "library")));
let search: (q: string) => Promise<Hit[]>;
let grounding: (q: string, hits: Hit[]) => ReturnType<typeof groundAnswer>;
let expansions: Expansions | null;
if (wordsOnly) {
  // The first seconds after a start: words, stems and WordNet expansions, no vectors (search/service.ts).
  const prepared = await prepareRows(library);
  const words = await MemoryIndex.from(prepared.rows, (await prepared.expansions).expansions);
  search = async (q) => words.search(q, new Float32Array(0), 5, calibrationFor(""));
  expansions = words.expansions;
  grounding = (q, hits) => groundAnswer(null, q, hits, words.expansions, guidePages(library), pieceSummaries(library), pieceCards(library));
} else {
  const dataDir = join(process.cwd(), ".bench", "quality");
  const embedder = await loadGlove({ dataDir });
  const index = new LibraryIndex(join(dataDir, "index"), embedder, calibrationFor(embedder.id), pino({ level: "silent" }));
  await index.open(library);
  if (!index.ready) await index.rebuild(library);
  search = (q) => index.search(q, 5);
  expansions = index.expansions;
  grounding = (q, hits) => groundAnswer(index.embedder, q, hits, index.expansions, guidePages(library), pieceSummaries(library), pieceCards(library));
}

const answerOf = async (typed: string) => {
  // As tools/ask.ts reads it (search/spelling.ts).
  const q = questionAsRead(typed, library, expansions);
  const hits = await search(q);
  const g = await grounding(q, hits);
  if (scores) console.log(`score ${g.score.toFixed(3)}  top page ${(hits[0]?.score ?? 0).toFixed(3)}  ${typed}`);
  return extractiveAnswer(g);
};
const byType = new Map<string, { carried: number; total: number }>();
const count = (type: string, ok: boolean) => {
  const t = byType.get(type) ?? byType.set(type, { carried: 0, total: 0 }).get(type)!;
  t.total += 1;
  t.carried += ok ? 1 : 0;
};
let carried = 0;
let misleading = 0;
let offTopicRight = 0;
const show = (line: string, answer: string) => console.log(quiet ? line : `${line}\n${answer.replace(/^/gm, "    ")}\n`);
for (const item of asked.covered) {
  const verdict = judgeAnswer(await answerOf(item.q), item.facts);
  const ok = !verdict.missing.length;
  carried += ok ? 1 : 0;
  misleading += verdict.bareYesNo ? 1 : 0;
  // A question asking after a piece ("is there a prayer for…") counts as such whatever its fixture says.
  const typed = answerTypeOf(item.q);
  const type = typed !== "piece" && item.kind === "yes/no" ? "yes/no" : typed;
  count(type, ok);
  if (partsOf(item.q).length > 1) count("(two parts)", ok);
  const marks = `${ok ? "facts ok" : `MISSING ${verdict.missing.join(", ")}`}${verdict.bareYesNo ? ", BARE YES/NO" : ""}`;
  show(`[${type}] [${marks}] ${item.q}`, verdict.answer);
}
for (const q of asked.uncovered) {
  const verdict = judgeAnswer(await answerOf(q), []);
  const right = verdict.notCovered && !/^>/m.test(verdict.answer);
  offTopicRight += right ? 1 : 0;
  show(`[off-topic] [${right ? "not covered ok" : "ANSWERED"}] ${q}`, verdict.answer);
}
const pct = (n: number, d: number) => `${d ? Math.round((1000 * n) / d) / 10 : 100}%`;
console.log(`\n${given ?? "the four fixtures"}${split ? `, ${split} split` : ""}, ${wordsOnly ? "words only" : "hybrid"}`);
console.log("type          carried");
for (const [type, t] of [...byType].sort((a, b) => a[0].localeCompare(b[0]))) console.log(`${type.padEnd(14)}${t.carried}/${t.total}`);
console.log(`facts carried: ${carried}/${asked.covered.length} (${pct(carried, asked.covered.length)})`);
console.log(`answers quoting a bare yes/no without its question: ${misleading}`);
console.log(`off-topic answered "not covered" with nothing quoted: ${offTopicRight}/${asked.uncovered.length} (${pct(offTopicRight, asked.uncovered.length)})`);
process.exit(0);
