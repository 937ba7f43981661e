// npm run eval:ask [-- --split dev|test] [--file set.json] [--words] [--quiet] [--scores] [--library DIR]: asks
// every question of a set the way POST /api/ask does without a language model (the real library; hybrid search
// with the default GloVe embedder, or with --words the words-only search of the first seconds after a start) and
// prints, per question, whether its facts are in the answer and whether any quote opens with a bare yes or no
// without its own question shown, then totals per answer type. Off-topic questions must get the plain "not
// covered" answer with no passage quoted. Without --file the four fixtures are asked together; --split keeps
// one split of them (search/ask-eval.ts splitOf; docs/ask-eval.md: only dev is looked at while working).
// --scores prints each question's best sentence score and top page score (the floor's calibration).
// --answers FILE writes each question, its facts, the answer and the strict verdict as JSON lines, for a reader
// who judges them blind (scripts/ask-adjudicate.ts).
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { answerTypeOf, partsOf } from "../search/answer-type.ts";
import { holds, judgeAnswer, ofSplit, type Split } from "../search/ask-eval.ts";
import { askPipeline, FIXTURES, readAskSets } from "./ask-pipeline.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const given = arg("--file");
const files = given ? [resolve(given)] : FIXTURES.map((f) => resolve(f));
const split = arg("--split");
if (split !== undefined && split !== "dev" && split !== "test") throw new Error("--split is dev or test");
const quiet = process.argv.includes("--quiet");
const wordsOnly = process.argv.includes("--words");
const scores = process.argv.includes("--scores");
const answersFile = arg("--answers");
const answerLines: string[] = [];

const asked = ofSplit(await readAskSets(files), split as Split | undefined);
const pipeline = await askPipeline({ wordsOnly, library: arg("--library") });
const answerOf = async (typed: string) => {
  const { answer, score, topPage } = await pipeline.answerOf(typed);
  if (scores) console.log(`score ${score.toFixed(3)}  top page ${topPage.toFixed(3)}  ${typed}`);
  return answer;
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
// Quotes in answers that carry their facts, and how many of those quotes hold none of the question's facts: a rough
// proxy for stray quotes (one may support without holding a fact's words), to be read beside facts carried, never traded for it.
let quotesInCarried = 0;
let quotesCarryingNone = 0;
const show = (line: string, answer: string) => console.log(quiet ? line : `${line}\n${answer.replace(/^/gm, "    ")}\n`);
for (const item of asked.covered) {
  const verdict = judgeAnswer(await answerOf(item.q), item.facts);
  const ok = !verdict.missing.length;
  carried += ok ? 1 : 0;
  if (ok) {
    const quotes = quotesOf(verdict.answer);
    quotesInCarried += quotes.length;
    quotesCarryingNone += quotes.filter((quote) => !item.facts.some((fact) => holds(quote, fact))).length;
  }
  misleading += verdict.bareYesNo ? 1 : 0;
  // A question asking after a piece ("is there a prayer for…") counts as such whatever its fixture says.
  const typed = answerTypeOf(item.q);
  const type = typed !== "piece" && item.kind === "yes/no" ? "yes/no" : typed;
  count(type, ok);
  if (partsOf(item.q).length > 1) count("(two parts)", ok);
  const marks = `${ok ? "facts ok" : `MISSING ${verdict.missing.join(", ")}`}${verdict.bareYesNo ? ", BARE YES/NO" : ""}`;
  show(`[${type}] [${marks}] ${item.q}`, verdict.answer);
  answerLines.push(JSON.stringify({ q: item.q, facts: item.facts, type, answer: verdict.answer, strict: ok }));
}
for (const q of asked.uncovered) {
  const verdict = judgeAnswer(await answerOf(q), []);
  const right = verdict.notCovered && !/^>/m.test(verdict.answer);
  offTopicRight += right ? 1 : 0;
  show(`[off-topic] [${right ? "not covered ok" : "ANSWERED"}] ${q}`, verdict.answer);
  answerLines.push(JSON.stringify({ q, offTopic: true, answer: verdict.answer, strict: right }));
}
/** An answer's quotes: each block of "> " lines (its passage and its source line). */
function quotesOf(answer: string): string[] {
  return answer
    .split(/\n\s*\n/)
    .filter((block) => block.startsWith(">"))
    .map((block) => block.trim());
}
const pct = (n: number, d: number) => `${d ? Math.round((1000 * n) / d) / 10 : 100}%`;
console.log(`\n${given ?? "the four fixtures"}${split ? `, ${split} split` : ""}, ${wordsOnly ? "words only" : "hybrid"}`);
console.log("type          carried");
for (const [type, t] of [...byType].sort((a, b) => a[0].localeCompare(b[0]))) console.log(`${type.padEnd(14)}${t.carried}/${t.total}`);
console.log(`facts carried: ${carried}/${asked.covered.length} (${pct(carried, asked.covered.length)})`);
console.log(`quotes: ${quotesInCarried} in answers that carry their facts, ${quotesCarryingNone} of them carrying none of the question's facts`);
console.log(`answers quoting a bare yes/no without its question: ${misleading}`);
console.log(`off-topic answered "not covered" with nothing quoted: ${offTopicRight}/${asked.uncovered.length} (${pct(offTopicRight, asked.uncovered.length)})`);
if (answersFile) await writeFile(answersFile, answerLines.map((line) => `${line}\n`).join(""));
process.exit(0);
