// A two-sided naive Bayes model over a message's features (multinomial, add-one smoothing), learnt from examples of
// each side: how ask hears a visitor in danger (distress-model.ts) and a question the library is not about
// (off-topic.ts). Deterministic, made once per process. Pure functions, but for the yielding of a long learning.
import type { Yielder } from "../core/time-slice.ts";
import { words } from "./text.ts";

/** A message's features: its words and each pair of neighbouring words ("can't face", "last time"). */
export function featuresOf(message: string): string[] {
  const said = words(message.replace(/[’‘]/g, "'"));
  return [...said, ...said.slice(1).map((w, i) => `${said[i]} ${w}`)];
}

/** How much more likely a message is of the first side than of the second, in log odds (0: as likely). */
export type LogOdds = (message: string) => number;

type Features = (message: string) => string[];

interface Tally {
  byFeature: Map<string, number>;
  total: number;
}

/** Counts each example's features into `tally`, one example a step, so a caller may yield between steps. */
function* counting(examples: readonly string[], features: Features, tally: Tally): Generator<void> {
  for (const example of examples) {
    for (const f of features(example)) {
      tally.byFeature.set(f, (tally.byFeature.get(f) ?? 0) + 1);
      tally.total++;
    }
    yield;
  }
}

/**
 * The prior is even: how many examples each side has says nothing of how often visitors write either. Each count is
 * smoothed by `alpha` (Lidstone; 1 is add-one). With sides of very unequal size a large alpha is no longer neutral:
 * the smaller side's share of every feature is shrunk the more, so each feature both sides know ("the", "service",
 * "at") leans toward the larger side, and a long message is pulled there by its length alone.
 */
function oddsOf(a: Tally, b: Tally, features: Features, alpha: number): LogOdds {
  const vocabulary = new Set([...a.byFeature.keys(), ...b.byFeature.keys()]).size;
  return (message) => {
    let odds = 0;
    for (const f of features(message)) {
      const x = a.byFeature.get(f) ?? 0;
      const y = b.byFeature.get(f) ?? 0;
      // A feature neither side has seen tells nothing either way.
      if (x + y === 0) continue;
      odds += Math.log((x + alpha) / (a.total + alpha * vocabulary)) - Math.log((y + alpha) / (b.total + alpha * vocabulary));
    }
    return odds;
  };
}

const empty = (): Tally => ({ byFeature: new Map(), total: 0 });

/** Learns the log odds of `yes` against `no` from examples of each, at once (a few hundred examples). */
export function learnLogOdds(yes: readonly string[], no: readonly string[], features: Features = featuresOf, alpha = 1): LogOdds {
  const [a, b] = [empty(), empty()];
  for (const _ of counting(yes, features, a));
  for (const _ of counting(no, features, b));
  return oddsOf(a, b, features, alpha);
}

/** As learnLogOdds, yielding to requests as `slice` says (core/time-slice.ts): thousands of examples take a moment. */
export async function learnLogOddsInSlices(yes: readonly string[], no: readonly string[], features: Features, slice: Yielder, alpha = 1): Promise<LogOdds> {
  const [a, b] = [empty(), empty()];
  for (const _ of counting(yes, features, a)) await slice();
  for (const _ of counting(no, features, b)) await slice();
  return oddsOf(a, b, features, alpha);
}
