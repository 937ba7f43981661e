// A child's TypeScript entry bundled into one plain .mjs that node runs with no loader. Under tsx each
// child carried tsx's module-hooks thread (its own V8 isolate) and an esbuild service process: about 50 MB
// a child, measured on an empty module (91 MB resident against 43 for the same module as .mjs).
// Bundled on first need in each server process (esbuild takes a few hundred milliseconds, in its own
// process), written under node_modules/.cache keyed by the bundle's own hash, so npm packages resolve
// from the project's node_modules as they do from the sources and a changed source is a new file.
import { createHash } from "node:crypto";
import { constants, existsSync } from "node:fs";
import { access, mkdir, rename, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where bundles are written: inside node_modules, so bare imports resolve as they do from the project. */
export const BUNDLE_DIR = fileURLToPath(new URL("../node_modules/.cache/sanctuary-children/", import.meta.url));

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
  const esbuild = await import("esbuild");
  await stopping;
  bundlerStarted = true;
  const out = await esbuild.build({
    entryPoints: [source],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // npm packages stay imports (resolved from node_modules at run time); only our own modules are bundled.
    packages: "external",
    write: false,
    logLevel: "silent",
  });
  const code = out.outputFiles[0].contents;
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 16);
  const file = join(BUNDLE_DIR, `${basename(source, ".ts")}-${hash}.mjs`);
  // The image bundles its children when it is built (scripts/bundle-children.ts): its node_modules is root's, so
  // the server finds them here but could not write them. Where neither holds, the caller runs tsx.
  if (existsSync(file)) return file;
  await mkdir(BUNDLE_DIR, { recursive: true });
  await access(BUNDLE_DIR, constants.W_OK);
  // Written whole then renamed: a child started meanwhile by another process never reads half a file.
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, code);
  await rename(temp, file);
  return file;
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
