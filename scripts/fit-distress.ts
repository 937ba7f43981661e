// npx tsx scripts/fit-distress.ts [--write] [--smoothing A]: how the distress model (search/distress-model.ts) would hear its own
// examples it was not taught, by 10-fold cross-validation, at each threshold, alone and beside the phrases
// (search/distress.ts). It prints the thresholds' recall and false alarms; DISTRESS_THRESHOLD is chosen from them, for the smoothing (DISTRESS_SMOOTHING unless --smoothing says).
// --write first puts the dev split's visitor questions of ask's fixtures into the examples (`visitors`): never the test split.
import { readFile, writeFile } from "node:fs/promises";
import { ofSplit } from "../search/ask-eval.ts";
import { DISTRESS_SMOOTHING, learnOdds, type Examples } from "../search/distress-model.ts";
import { heardByPhrases } from "../search/distress.ts";
import { FIXTURES, readAskSets } from "./ask-pipeline.ts";

const path = new URL("../search/distress-examples.json", import.meta.url).pathname;
const examples = JSON.parse(await readFile(path, "utf8")) as Examples;
if (process.argv.includes("--write")) {
  const dev = ofSplit(await readAskSets(FIXTURES), "dev");
  const helps = (facts: string[]) => facts.some((f) => /emergency services|crisis line/.test(f));
  examples.visitors = {
    ordinary: [...dev.covered.filter((c) => !helps(c.facts)).map((c) => c.q), ...dev.uncovered],
    distress: dev.covered.filter((c) => helps(c.facts)).map((c) => c.q),
  };
  await writeFile(path, `${JSON.stringify(examples, null, 2)}\n`);
}
const FOLDS = 10;
const at = process.argv.indexOf("--smoothing");
const smoothing = at > 0 ? Number(process.argv[at + 1]) : DISTRESS_SMOOTHING;
const rows = [
  ...[...examples.distress, ...(examples.visitors?.distress ?? [])].map((m) => ({ m, yes: true })),
  ...[...examples.ordinary, ...(examples.visitors?.ordinary ?? [])].map((m) => ({ m, yes: false })),
];
const oof = rows.map((row, i) => {
  const inFold = (j: number) => j % FOLDS === i % FOLDS;
  const taught: Examples = { distress: [], ordinary: [] };
  rows.forEach((r, j) => !inFold(j) && (r.yes ? taught.distress : taught.ordinary).push(r.m));
  return { ...row, odds: learnOdds(taught, smoothing)(row.m), phrases: heardByPhrases(row.m) };
});
const yes = oof.filter((r) => r.yes);
const no = oof.filter((r) => !r.yes);
const pct = (n: number, d: number) => `${n}/${d} (${((100 * n) / d).toFixed(0)}%)`;
console.log(`phrases alone: heard ${pct(yes.filter((r) => r.phrases).length, yes.length)}, false alarms ${pct(no.filter((r) => r.phrases).length, no.length)}`);
for (const t of [-2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8]) {
  const heard = (r: (typeof oof)[number]) => r.odds >= t;
  console.log(
    `threshold ${t}: model heard ${pct(yes.filter(heard).length, yes.length)}, false alarms ${pct(no.filter(heard).length, no.length)}; ` +
      `with phrases heard ${pct(yes.filter((r) => heard(r) || r.phrases).length, yes.length)}, false alarms ${pct(no.filter((r) => heard(r) || r.phrases).length, no.length)}`,
  );
}
