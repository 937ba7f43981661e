// A child's TypeScript entry as one plain .mjs (core/bundle.mjs: built once, kept while its sources are unchanged),
// so a child runs with no loader. This module keeps one bundle job per child in the server process and
// stops esbuild's service (~20 MB, its own process) once no build is left.
import { fileURLToPath } from "node:url";
import { BUNDLE_DIR, freshBundle, writeBundle } from "./bundle.mjs";

export { BUNDLE_DIR };

const bundles = new Map<string, Promise<string | null>>();
/** Bundles being built: esbuild's service process (~20 MB) is stopped when none is left. */
let building = 0;
let bundlerStarted = false;
/** A stop of the service under way: a build waits for it. */
let stopping: Promise<void> | null = null;

/**
 * The .mjs to run for the TypeScript module `module`, or null when it cannot be had (no esbuild, a folder
 * that cannot be written): the caller then runs the TypeScript through tsx, as before.
 */
export function childBundle(module: URL): Promise<string | null> {
  const source = fileURLToPath(module);
  let job = bundles.get(source);
  if (!job) {
    building++;
    job = bundleOnce(source)
      .catch(() => null)
      .finally(() => --building === 0 && stopBundler());
    bundles.set(source, job);
  }
  return job;
}

async function bundleOnce(source: string): Promise<string | null> {
  if (!source.endsWith(".ts")) return source;
  // The image bundles its children when it is built (scripts/bundle-children.ts): its node_modules is root's, so
  // the server finds them fresh there but could not write them. Where neither holds, the caller runs tsx.
  const fresh = await freshBundle(source);
  if (fresh) return fresh;
  const esbuild = await import("esbuild");
  await stopping;
  bundlerStarted = true;
  return writeBundle(esbuild, source);
}

/**
 * Stop esbuild's service process (a later build starts it again). Only while no build is in flight when the stop
 * would land, and a build waits for a stop under way: a build started beside a stop never settled (found when
 * three bundles were asked for one after another, as scripts/bundle-children.ts does).
 */
function stopBundler(): void {
  if (!bundlerStarted) return;
  stopping = import("esbuild")
    .then(async (esbuild) => {
      if (building > 0 || !bundlerStarted) return;
      bundlerStarted = false;
      await esbuild.stop();
    })
    .catch(() => {})
    .finally(() => (stopping = null));
}
