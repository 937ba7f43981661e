// npm run eval:ask [-- --file questions.json] [--quiet] [--scores] [--library DIR]: asks every question of a set
// the way POST /api/ask does without a language model (the real library, the default GloVe embedder) and
// prints, per question, whether its required facts are in the answer and whether any quote opens with a bare
// yes or no without its own question shown (stricter than "a yes/no from another question": none may), then
// the totals. Off-topic questions must get the plain "not covered" answer. --scores prints each question's
// best sentence score and top page score (the floor's calibration). A measuring tool; the tests
// (test/unit/search-ask.test.ts) hold the fixture to the same thresholds.
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pino } from "pino";
import { loadLibrary } from "../corpus/library.ts";
import { extractiveAnswer, groundAnswer } from "../search/answer.ts";
import { loadGlove } from "../search/embedders/glove.ts";
import { LibraryIndex } from "../search/index.ts";
import { calibrationFor } from "../search/rank.ts";
import { judgeAnswer, type AskSet } from "../search/ask-eval.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const file = resolve(arg("--file") ?? "test/fixtures/ask-facts.json");
const quiet = process.argv.includes("--quiet");
const read = JSON.parse(await readFile(file, "utf8")) as Partial<AskSet>;
const set: AskSet = { covered: read.covered ?? [], uncovered: read.uncovered ?? [] };

const dataDir = join(process.cwd(), ".bench", "quality");
const embedder = await loadGlove({ dataDir });
const index = new LibraryIndex(join(dataDir, "index"), embedder, calibrationFor(embedder.id), pino({ level: "silent" }));
const library = await loadLibrary(resolve(arg("--library") ?? join(process.cwd(), "corpus", "library")));
await index.open(library);
if (!index.ready) await index.rebuild(library);

const scores = process.argv.includes("--scores");
const answerOf = async (q: string) => {
  const hits = await index.search(q, 5);
  const grounding = await groundAnswer(index.embedder, q, hits, index.expansions);
  // --scores: the best sentence's score (0 when below the floor), to calibrate the floor on off-topic questions.
  if (scores) console.log(`score ${grounding.score.toFixed(3)}  top page ${(hits[0]?.score ?? 0).toFixed(3)}  ${q}`);
  return extractiveAnswer(grounding);
};
let carried = 0;
let blind = 0;
let blindCarried = 0;
let misleading = 0;
let offTopicRight = 0;
const show = (line: string, answer: string) => console.log(quiet ? line : `${line}\n${answer.replace(/^/gm, "    ")}\n`);
for (const item of set.covered) {
  const verdict = judgeAnswer(await answerOf(item.q), item.facts);
  carried += verdict.missing.length ? 0 : 1;
  blind += item.blind ? 1 : 0;
  blindCarried += item.blind && !verdict.missing.length ? 1 : 0;
  misleading += verdict.bareYesNo ? 1 : 0;
  const marks = `${verdict.missing.length ? `MISSING ${verdict.missing.join(", ")}` : "facts ok"}${verdict.bareYesNo ? ", BARE YES/NO" : ""}`;
  show(`[${marks}] ${item.q}`, verdict.answer);
}
for (const q of set.uncovered) {
  const verdict = judgeAnswer(await answerOf(q), []);
  offTopicRight += verdict.notCovered ? 1 : 0;
  show(`[${verdict.notCovered ? "not covered ok" : "ANSWERED"}] ${q}`, verdict.answer);
}
const pct = (n: number, d: number) => `${d ? Math.round((1000 * n) / d) / 10 : 100}%`;
console.log(`\n${file}`);
console.log(`facts carried: ${carried}/${set.covered.length} (${pct(carried, set.covered.length)})`);
if (blind) console.log(`  of them written before their answering passage was read: ${blindCarried}/${blind} (${pct(blindCarried, blind)})`);
console.log(`answers quoting a bare yes/no without its question: ${misleading}`);
console.log(`off-topic answered "not covered": ${offTopicRight}/${set.uncovered.length}`);
process.exit(0);
