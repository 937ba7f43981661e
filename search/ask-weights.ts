// Written by scripts/fit-ask.ts (npm run fit:ask); do not edit by hand.
import type { FittedModel } from "./sentence-features.ts";

export const ASK_WEIGHTS: FittedModel & { adopted: boolean; covered: number; typedCovered: number } = {
  adopted: false,
  bias: 0,
  weights: [],
  covered: 0.35,
  typedCovered: 0.45,
};
