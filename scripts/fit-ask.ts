// npm run fit:ask [-- --write] [--folds 5] [--modes hybrid,words] [--variants fitted,combined,correction,gated]
// [--lambdas L,..] [--floors F,..] (the chance forms) [--correction-lambdas L,..] [--correction-floors F,..] [--rows FILE]:
// fits the weights of the sentence scorer (search/sentence-features.ts) on the DEV questions only
// (docs/ask-eval.md): every dev question is asked as eval:ask asks it, each candidate sentence's features are
// recorded under the hand formula, and labelled 1 when it holds one of the question's facts (the judge's
// `holds`; an off-topic question's sentences are all 0). The form of model, its regularisation and its "covered"
// floor are chosen by k-fold cross-validation over the dev questions (folds by question): each fold is answered
// end to end by the model fitted on the other folds, and its questions count as eval:ask counts them. The hand
// formula has nothing fitted, so its figure on a fold is its figure there. With --write the chosen model, fitted
// on all of dev, goes to search/ask-weights.ts, adopted only when its cross-validated figure beats the hand
// formula's. --rows writes the recorded features and labels (numbers only) for study.
import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { holds, judgeAnswer, ofSplit } from "../search/ask-eval.ts";
import { COVERED, featuresOf, fittedScorer, HAND_SCORER, TYPED_COVERED, type Scorer } from "../search/sentence-score.ts";
import { fitLogistic, fitRanked, type Group } from "../search/fit-logistic.ts";
import { FEATURE_NAMES, type FittedModel } from "../search/sentence-features.ts";
import { askPipeline, FIXTURES, readAskSets } from "./ask-pipeline.ts";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const numbers = (s: string) => s.split(",").map(Number);
const FOLDS = Number(arg("--folds", "5"));
// The grid searched, per form of model (a chance, or a correction of the hand score: sentence-features.ts); wider
// grids were tried by hand (docs/ask-eval.md, ninth round) and these hold the best of them.
const CHANCE = { lambdas: numbers(arg("--lambdas", "0.001")), floors: numbers(arg("--floors", "0.07,0.1")) };
const CORRECTION = { lambdas: numbers(arg("--correction-lambdas", "0.1,1")), floors: numbers(arg("--correction-floors", "0.35,0.45")) };
const MODES = arg("--modes", "hybrid,words").split(",");

// Dev only, before anything else looks at a question.
const dev = ofSplit(await readAskSets(FIXTURES.map((f) => resolve(f))), "dev");
interface Question {
  q: string;
  facts: string[];
  fold: number;
}
const foldOf = (q: string) => createHash("sha256").update(`fold:${q.trim().toLowerCase()}`).digest().readUInt32BE(0) % FOLDS;
const questions: Question[] = [...dev.covered.map((c) => ({ q: c.q, facts: c.facts })), ...dev.uncovered.map((q) => ({ q, facts: [] }))].map((x) => ({
  ...x,
  fold: foldOf(x.q),
}));

/** Per fold: covered questions whose facts the answer carries, and off-topic ones answered "not covered". */
type Tally = Array<{ carried: number; covered: number; offRight: number; off: number }>;
const emptyTally = (): Tally => Array.from({ length: FOLDS }, () => ({ carried: 0, covered: 0, offRight: 0, off: 0 }));
function count(t: Tally, question: Question, answer: string) {
  const f = t[question.fold];
  const verdict = judgeAnswer(answer, question.facts);
  if (question.facts.length) {
    f.covered += 1;
    f.carried += verdict.missing.length ? 0 : 1;
  } else {
    f.off += 1;
    f.offRight += verdict.notCovered && !/^>/m.test(answer) ? 1 : 0;
  }
}
const total = (t: Tally) =>
  t.reduce((a, f) => ({ carried: a.carried + f.carried, covered: a.covered + f.covered, offRight: a.offRight + f.offRight, off: a.off + f.off }));
const meanFold = (t: Tally) => t.reduce((s, f) => s + f.carried / Math.max(1, f.covered), 0) / FOLDS;
const show = (t: Tally) => {
  const a = total(t);
  return `carried ${a.carried}/${a.covered}, mean over folds ${(100 * meanFold(t)).toFixed(1)}%, off-topic ${a.offRight}/${a.off}`;
};

const pipelines = await Promise.all(MODES.map(async (mode) => ({ mode, ...(await askPipeline({ wordsOnly: mode === "words", keepHits: true })) })));

// 1. The hand formula, end to end, recording every scored sentence's features and label.
// A group is one weighing of a question's sentences together (one chooseWith call: one subject array).
const rows: Array<{ x: number[]; y: number; fold: number; group: number }> = [];
let group = 0;
let lastSubject: string[] | undefined;
const hand = new Map(MODES.map((m) => [m, emptyTally()]));
for (const p of pipelines)
  for (const question of questions) {
    const recording: Scorer = {
      ...HAND_SCORER,
      score: (s) => {
        const x = featuresOf(s);
        if (s.subject !== lastSubject) [group, lastSubject] = [group + 1, s.subject];
        rows.push({ x, y: question.facts.some((f) => holds(s.c.sentence, f)) ? 1 : 0, fold: question.fold, group });
        return x[FEATURE_NAMES.indexOf("hand")];
      },
    };
    count(hand.get(p.mode)!, question, (await p.answerOf(question.q, recording)).answer);
  }
console.log(
  `dev: ${dev.covered.length} covered, ${dev.uncovered.length} off-topic; ${rows.length} sentences scored, ${rows.filter((r) => r.y).length} holding a fact`,
);
for (const m of MODES) console.log(`hand formula, ${m}: ${show(hand.get(m)!)}`);
// The recorded rows (numbers only, no question), to study a fit without asking again.
if (process.argv.includes("--rows")) await writeFile(arg("--rows", ""), JSON.stringify(rows));

// 2. Cross-validation: per variant and lambda, a model per fold fitted on the other folds; per floor, each fold answered by its model.
const HAND_AT = FEATURE_NAMES.indexOf("hand");
const VARIANTS: Record<string, (x: number[]) => number[]> = {
  fitted: (x) => x.map((v, i) => (i === HAND_AT ? 0 : v)),
  combined: (x) => x,
  // The hand score's log first (a floor under it: scores near 0 are never quoted), then the rest, which correct it.
  correction: (x) => [Math.log(Math.max(x[HAND_AT], 0) + 0.01), ...x.filter((_, i) => i !== HAND_AT)],
  // The same correction ranking the sentences, the hand formula's score (at its own floors) saying whether any answers.
  gated: (x) => [Math.log(Math.max(x[HAND_AT], 0) + 0.01), ...x.filter((_, i) => i !== HAND_AT)],
};
const chosenVariants = arg("--variants", Object.keys(VARIANTS).join(",")).split(",");
function fit(variant: string, lambda: number, keep: (r: (typeof rows)[number]) => boolean): FittedModel {
  const kept = rows.filter(keep);
  const x = kept.map((r) => VARIANTS[variant](r.x));
  const y = kept.map((r) => r.y);
  if (variant === "fitted" || variant === "combined") return fitLogistic(x, y, lambda);
  // A correction is fitted to pick a fact's sentence within each weighing of a question's sentences.
  const groups = new Map<number, Group>();
  kept.forEach((r, i) => {
    const g = groups.get(r.group) ?? groups.set(r.group, { x: [], y: [] }).get(r.group)!;
    g.x.push(x[i]);
    g.y.push(y[i]);
  });
  if (variant === "correction" || variant === "gated") {
    // First how sharply the hand score alone picks (its slope), then the corrections with that part given: as
    // lambda grows they shrink to 0, and the score to the hand formula's.
    const all = [...groups.values()];
    const [slope] = fitRanked(
      all.map((g) => ({ x: g.x.map((row) => [row[0]]), y: g.y })),
      0,
    );
    const rest = fitRanked(
      all.map((g) => ({ x: g.x.map((row) => row.slice(1)), y: g.y, offset: g.x.map((row) => slope * row[0]) })),
      lambda,
    );
    const weights = rest.map((v) => v / slope);
    weights.splice(HAND_AT, 0, 0);
    return { form: "correction", bias: 0, weights };
  }
  throw new Error(`no variant ${variant}`);
}
const floorsOf = (floor: number) => ({ covered: floor, typedCovered: (floor * TYPED_COVERED) / COVERED });
const gatedOf = (variant: string) => (variant === "gated" ? { gated: true } : {});
interface Result {
  variant: string;
  lambda: number;
  floor: number;
  tallies: Map<string, Tally>;
}
const results: Result[] = [];
for (const variant of chosenVariants) {
  const grid = variant === "fitted" || variant === "combined" ? CHANCE : CORRECTION;
  for (const lambda of grid.lambdas) {
    const models = Array.from({ length: FOLDS }, (_, k) => fit(variant, lambda, (r) => r.fold !== k));
    for (const floor of variant === "gated" ? [COVERED] : grid.floors) {
      const tallies = new Map(MODES.map((m) => [m, emptyTally()]));
      for (const p of pipelines)
        for (const question of questions) {
          const fitted = fittedScorer({ ...models[question.fold], ...floorsOf(floor), ...gatedOf(variant) });
          count(tallies.get(p.mode)!, question, (await p.answerOf(question.q, fitted)).answer);
        }
      results.push({ variant, lambda, floor, tallies });
      console.log(`${variant} lambda ${lambda} floor ${floor}: ${MODES.map((m) => `${m} ${show(tallies.get(m)!)}`).join("; ")}`);
    }
  }
}

// 3. The choice: the most questions right over the modes (facts carried plus off-topic refused), adopted only when
// it carries more facts than the hand formula and refuses no fewer off-topic questions.
const sum = (ts: Map<string, Tally>, key: "carried" | "offRight") => MODES.reduce((s, m) => s + total(ts.get(m)!)[key], 0);
const right = (ts: Map<string, Tally>) => sum(ts, "carried") + sum(ts, "offRight");
const best = [...results].sort((a, b) => right(b.tallies) - right(a.tallies) || sum(b.tallies, "offRight") - sum(a.tallies, "offRight"))[0];
const adopted = sum(best.tallies, "carried") > sum(hand, "carried") && sum(best.tallies, "offRight") >= sum(hand, "offRight");
console.log(`chosen: ${best.variant}, lambda ${best.lambda}, floor ${best.floor}; ${adopted ? "beats" : "does NOT beat"} the hand formula in cross-validation`);
const model = fit(best.variant, best.lambda, () => true);
for (const [name, w] of FEATURE_NAMES.map((n, i) => [n, model.weights[i]] as const)) console.log(`  ${name.padEnd(14)} ${w.toFixed(4)}`);
console.log(`  ${"(bias)".padEnd(14)} ${model.bias.toFixed(4)}`);

if (process.argv.includes("--write")) {
  const cv = MODES.map((m) => `//   ${m}: hand formula ${show(hand.get(m)!)}; fitted ${show(best.tallies.get(m)!)}`).join("\n");
  const round = (v: number) => Number(v.toPrecision(6));
  const text = `// Written by scripts/fit-ask.ts (npm run fit:ask -- --write) on ${new Date().toISOString().slice(0, 10)}; do not edit by hand.
// Fitted on the dev split only (${dev.covered.length} covered, ${dev.uncovered.length} off-topic questions): ${best.variant}, L2 lambda ${best.lambda},
// "covered" floor ${best.floor}, chosen by ${FOLDS}-fold cross-validation over dev questions. Cross-validated (held-out folds):
${cv}
// Features, in order: ${FEATURE_NAMES.join(", ")}.
import type { FittedModel } from "./sentence-features.ts";

export const ASK_WEIGHTS: FittedModel & { adopted: boolean; covered: number; typedCovered: number; gated?: boolean } = {
  adopted: ${adopted},
  form: "${model.form ?? "chance"}",
  bias: ${round(model.bias)},
  weights: [${model.weights.map(round).join(", ")}],
  covered: ${round(floorsOf(best.floor).covered)},
  typedCovered: ${round(floorsOf(best.floor).typedCovered)},${best.variant === "gated" ? "\n  gated: true," : ""}
};
`;
  await writeFile(resolve("search/ask-weights.ts"), text);
  console.log("wrote search/ask-weights.ts");
}
process.exit(0);
