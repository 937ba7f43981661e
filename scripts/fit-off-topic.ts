// npx tsx scripts/fit-off-topic.ts [--write] [--smoothing A]: what the off-topic model (search/off-topic.ts) would refuse on the dev
// split of ask's fixtures, hybrid and from words alone, at each pair of thresholds: covered questions still carried
// and off-topic ones refused. Each dev question is heard by a model learnt without it (10-fold cross-validation over
// the dev questions; the written examples and the library's asked-as questions are always learnt). OFF_TOPIC_ODDS and
// OFF_TOPIC_SURE are chosen from its table, for the model's smoothing (OFF_TOPIC_SMOOTHING unless --smoothing says). --write first puts the dev split's questions into the examples
// (`visitors`): never the test split.
import { readFile, writeFile } from "node:fs/promises";
import { judgeAnswer, ofSplit } from "../search/ask-eval.ts";
import { askedQuestions, learnOffTopic, OFF_TOPIC_SMOOTHING, type OffTopicExamples } from "../search/off-topic.ts";
import { piecesAsked } from "../search/pieces.ts";
import { askPipeline, FIXTURES, readAskSets } from "./ask-pipeline.ts";

const path = new URL("../search/off-topic-examples.json", import.meta.url).pathname;
const examples = JSON.parse(await readFile(path, "utf8")) as OffTopicExamples;
const dev = ofSplit(await readAskSets(FIXTURES), "dev");
if (process.argv.includes("--write")) {
  examples.visitors = { offTopic: dev.uncovered, onTopic: dev.covered.map((c) => c.q) };
  await writeFile(path, `${JSON.stringify(examples, null, 2)}\n`);
}
const FOLDS = 10;
const at = process.argv.indexOf("--smoothing");
const smoothing = at > 0 ? Number(process.argv[at + 1]) : OFF_TOPIC_SMOOTHING;
interface Row {
  covered: boolean;
  /** Carried its facts, or (off-topic) refused with nothing quoted. */
  ok: boolean;
  quoted: boolean;
  score: number;
  odds: number;
  piece: boolean;
}
const asked = [...dev.covered.map((c) => ({ q: c.q, facts: c.facts as string[] | null })), ...dev.uncovered.map((q) => ({ q, facts: null }))];

for (const wordsOnly of [false, true]) {
  const pipeline = await askPipeline({ wordsOnly, offTopicHeard: false });
  const onTopic = askedQuestions(pipeline.library);
  // Each question is heard by a model that did not learn it: the visitors of the other folds, and all the examples.
  const models = await Promise.all(
    Array.from({ length: FOLDS }, (_, fold) => {
      const others = asked.filter((_, j) => j % FOLDS !== fold);
      return learnOffTopic(
        onTopic,
        {
          offTopic: examples.offTopic,
          visitors: { offTopic: others.filter((o) => !o.facts).map((o) => o.q), onTopic: others.filter((o) => o.facts).map((o) => o.q) },
        },
        smoothing,
      );
    }),
  );
  const rows: Row[] = [];
  for (const [i, item] of asked.entries()) {
    const { answer, score } = await pipeline.answerOf(item.q);
    const verdict = judgeAnswer(answer, item.facts ?? []);
    const odds = models[i % FOLDS](item.q);
    const quoted = !verdict.notCovered || /^>/m.test(verdict.answer);
    rows.push({ covered: item.facts !== null, ok: item.facts ? !verdict.missing.length : !quoted, quoted, score, odds, piece: !!piecesAsked(item.q) });
  }
  const covered = rows.filter((r) => r.covered);
  const off = rows.filter((r) => !r.covered);
  console.log(
    `\n${wordsOnly ? "words" : "hybrid"}: without the model ${covered.filter((r) => r.ok).length}/${covered.length} carried, ${off.filter((r) => r.ok).length}/${off.length} off-topic refused`,
  );
  const quantiles = (xs: number[]) => [0, 0.1, 0.5, 0.9, 1].map((q) => xs.sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))].toFixed(1)).join(" ");
  console.log(`odds of carried questions (min, 10%, median, 90%, max): ${quantiles(covered.filter((r) => r.ok).map((r) => r.odds))}`);
  console.log(
    `odds of off-topic questions: ${quantiles(off.map((r) => r.odds))}; of those quoted: ${off
      .filter((r) => !r.ok)
      .map((r) => `${r.odds.toFixed(1)} (${r.score.toFixed(2)})`)
      .join(", ")}`,
  );
  for (const sure of [0.5, 0.6, 0.7, 0.8, 1, 9])
    for (const t of [-6, -4, -2, 0, 2, 4]) {
      const held = (r: Row) => r.quoted && !r.piece && r.score < sure && r.odds >= t;
      const kept = covered.filter((r) => r.ok && !held(r)).length;
      const refused = off.filter((r) => r.ok || held(r)).length;
      console.log(`sure ${sure} odds ${t}: carried ${kept}/${covered.length}, refused ${refused}/${off.length}`);
    }
}
