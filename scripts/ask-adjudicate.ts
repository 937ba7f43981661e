// Answers judged by a reader (search/ask-adjudication.ts). Two steps:
//   npx tsx scripts/ask-adjudicate.ts prepare DIR label=answers.jsonl …   batches DIR/reader/batch-N.json for readers
//   npx tsx scripts/ask-adjudicate.ts tally DIR                          each run: strict and judged, from DIR/reader/verdict-N.json
// eval:ask --answers writes the answers files; `prepare` copies them into DIR (runs.json, with the strict verdicts, kept
// out of the readers' folder) so `tally` needs nothing else.
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { batchesToJudge, tally, type AnsweredQuestion, type Verdict } from "../search/ask-adjudication.ts";

const [step, dir, ...given] = process.argv.slice(2);
const BATCHES = Number(process.env.BATCHES ?? 3);
const SEED = 20261130;

const readLines = async (file: string) =>
  (await readFile(file, "utf8"))
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as AnsweredQuestion & { offTopic?: boolean })
    .filter((a) => !a.offTopic);

if (step === "prepare" && dir && given.length) {
  const runs = new Map<string, AnsweredQuestion[]>();
  for (const pair of given) {
    const [label, file] = pair.split("=");
    runs.set(label, await readLines(file));
  }
  await mkdir(join(dir, "reader"), { recursive: true });
  const { batches } = batchesToJudge(runs, BATCHES, SEED);
  await writeFile(join(dir, "runs.json"), JSON.stringify(Object.fromEntries(runs)));
  for (const [i, batch] of batches.entries()) await writeFile(join(dir, "reader", `batch-${i + 1}.json`), JSON.stringify(batch, null, 1));
  console.log(`${batches.reduce((n, b) => n + b.length, 0)} answers to judge in ${batches.length} batches under ${join(dir, "reader")}`);
} else if (step === "tally" && dir) {
  const runs = new Map(Object.entries(JSON.parse(await readFile(join(dir, "runs.json"), "utf8")) as Record<string, AnsweredQuestion[]>));
  const verdicts = new Map<string, Verdict>();
  for (const file of (await readdir(join(dir, "reader"))).filter((f) => /^verdict-\d+\.json$/.test(f)))
    for (const v of JSON.parse(await readFile(join(dir, "reader", file), "utf8")) as Verdict[]) verdicts.set(v.id, v);
  const { idOf } = batchesToJudge(runs, BATCHES, SEED);
  console.log("run                          strict    judged    (strict misses carried, strict hits not carried, a stray quote, unjudged)");
  for (const [label, answered] of runs) {
    const t = tally(answered, idOf, verdicts);
    const pct = (n: number) => `${Math.round((1000 * n) / t.total) / 10}%`;
    console.log(
      `${label.padEnd(28)} ${`${t.strict}/${t.total}`.padEnd(9)} ${`${t.judged}/${t.total}`.padEnd(9)} ${pct(t.strict)} -> ${pct(t.judged)}  (${t.missesCarried}, ${t.hitsNotCarried}, ${t.stray}, ${t.unjudged})`,
    );
  }
} else {
  console.error("usage: ask-adjudicate.ts prepare DIR label=answers.jsonl … | tally DIR");
  process.exit(2);
}
