// A run's trials measure one version of the code. Each trial starts fresh processes, and `bin/run.mjs` remakes the
// server's bundle when a source changed, so a file saved mid-run put the rest of the run on other code: the
// sixty-eighth session's first recorded run measured its first trial on one commit and the next two on an edit
// made while it ran (docs/performance.md). The guard refuses to start a trial on a different bundle.
import { join } from "node:path";
import { freshBundle } from "../core/bundle.mjs";

/**
 * A check to call before each later start of the checkout at `root`: it throws when the server's bundle is no longer
 * the one the first trial ran (a source changed since). Made after the first start; a no-op when that start ran
 * without a bundle (through tsx), since there is then nothing to compare.
 */
export async function sameCodeGuard(root: string, entry = join(root, "server.ts")): Promise<() => Promise<void>> {
  const first = await freshBundle(entry);
  if (!first) return async () => {};
  return async () => {
    if ((await freshBundle(entry)) !== first)
      throw new Error(
        `bench: a source of ${root} changed during the run, so its next trial would run other code than the first; nothing is recorded. Run the bench again once the change is saved.`,
      );
  };
}
