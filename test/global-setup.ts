// Converts the GloVe vectors once before any test file runs, so parallel files do not each convert them.
import { sharedGlove } from "./helpers/embedder.ts";

export default async function setup(): Promise<void> {
  await sharedGlove();
}
