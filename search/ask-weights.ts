// Written by scripts/fit-ask.ts (npm run fit:ask -- --write) on 2026-11-30; do not edit by hand.
// Fitted on the dev split only (215 covered, 147 off-topic questions): correction, L2 lambda 0.1,
// "covered" floor 0.35, chosen by 5-fold cross-validation over dev questions. Cross-validated (held-out folds):
//   hybrid: hand formula carried 161/215, mean over folds 74.9%, off-topic 144/147; fitted carried 167/215, mean over folds 77.7%, off-topic 139/147
//   words: hand formula carried 148/215, mean over folds 68.9%, off-topic 141/147; fitted carried 160/215, mean over folds 74.5%, off-topic 135/147
// Features, in order: held, meaning, heldXmeaning, heading, unit, asked, ownQuestion, leads, rank0, rank1, rank2, typed, typedFit, piece, pieceAlone, hand.
import type { FittedModel } from "./sentence-features.ts";

export const ASK_WEIGHTS: FittedModel & { adopted: boolean; covered: number; typedCovered: number } = {
  adopted: false,
  form: "correction",
  bias: 0,
  weights: [
    0.376847, -0.0120726, 0.337167, 0.00411226, -0.226918, 0.0452747, 0.0797205, -0.0398118, -0.0400815, -0.0720557, -0.0562627, 2.03296e-15, 0.391922,
    -0.119861, -4.29282e-17, 0,
  ],
  covered: 0.35,
  typedCovered: 0.45,
};
