// Hearing distress by its words as a whole, beside distress.ts's list of phrases: a naive Bayes model (multinomial,
// add-one smoothing) over words and word pairs, learnt from messages written for it (search/distress-examples.json:
// from people who may be in danger and ordinary ones sharing their words, by a helper who saw no test set). Small,
// deterministic and made once per process from that file; the threshold is set by cross-validation on it
// (scripts/fit-distress.ts). Pure functions.
import { words } from "./text.ts";

export interface Examples {
  distress: string[];
  ordinary: string[];
  /**
   * Visitors' questions from the dev split of ask's fixtures (scripts/fit-distress.ts --write), learnt as ordinary or,
   * when their facts are where help is, as distress: what visitors usually ask is the ordinary the model must know.
   */
  visitors?: { ordinary: string[]; distress: string[] };
}

/** A message's features: its words and each pair of neighbouring words ("can't face", "last time"). */
export function featuresOf(message: string): string[] {
  const said = words(message.replace(/[’‘]/g, "'"));
  return [...said, ...said.slice(1).map((w, i) => `${said[i]} ${w}`)];
}

/** How much more likely a message is from someone in distress than not, in log odds (0: as likely). */
export type DistressOdds = (message: string) => number;

export function learnOdds(examples: Examples): DistressOdds {
  const counts = (messages: string[]) => {
    const byFeature = new Map<string, number>();
    let total = 0;
    for (const m of messages)
      for (const f of featuresOf(m)) {
        byFeature.set(f, (byFeature.get(f) ?? 0) + 1);
        total++;
      }
    return { byFeature, total };
  };
  const distress = [...examples.distress, ...(examples.visitors?.distress ?? [])];
  const ordinary = [...examples.ordinary, ...(examples.visitors?.ordinary ?? [])];
  const yes = counts(distress);
  const no = counts(ordinary);
  const vocabulary = new Set([...yes.byFeature.keys(), ...no.byFeature.keys()]).size;
  // Even odds before the words: the examples' mix says nothing of how often visitors are in danger.
  const prior = 0;
  return (message) => {
    let odds = prior;
    for (const f of featuresOf(message)) {
      const a = yes.byFeature.get(f) ?? 0;
      const b = no.byFeature.get(f) ?? 0;
      // A feature neither side has seen tells nothing either way.
      if (a + b === 0) continue;
      odds += Math.log((a + 1) / (yes.total + vocabulary)) - Math.log((b + 1) / (no.total + vocabulary));
    }
    return odds;
  };
}
