// A TypeScript entry of this checkout as one plain .mjs that node runs with no loader: the server, the stdio bin
// (bin/run.mjs, bin/sanctuary-mcp.mjs) and the server's children (child-bundle.ts). Under tsx a process carried
// tsx's module-hooks thread (its own V8 isolate) and an esbuild service: about 50 MB, and about 2 s of CPU for
// each start of the server (measured on a fresh data folder: 5.4–6.1 s of CPU to healthy under tsx, 3.1–3.5 s bundled).
// Plain JavaScript, because the programs that start the server cannot load TypeScript before it is bundled.
import { createHash } from "node:crypto";
import { constants, existsSync } from "node:fs";
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Where bundles are written: inside node_modules, so bare imports resolve from the bundle as from the sources. */
export const BUNDLE_DIR = fileURLToPath(new URL("../node_modules/.cache/sanctuary-children/", import.meta.url));
/** The checkout: esbuild names its inputs relative to it. */
const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** `import.meta.url` as an expression, not as the text of a quoted string (as in the replacement below). */
const META_URL = /(?<![\w$.'"`])import\.meta\.url(?![\w$'"`])/g;

/**
 * Each module's `import.meta.url` is its own source file's URL, as it was under tsx: the modules find their assets
 * (`new URL("./assets/icon.svg", import.meta.url)`), packages and child entries beside their sources, wherever the
 * bundle is. (Left alone, every module would read the bundle's URL.)
 * @type {import("esbuild").Plugin}
 */
const sourceUrls = {
  name: "source-urls",
  setup(build) {
    // Our own .mjs too (this file is bundled into the server: left alone, BUNDLE_DIR would be read beside the bundle).
    build.onLoad({ filter: /\.(ts|mjs)$/ }, async ({ path }) => {
      const contents = await readFile(path, "utf8");
      const loader = path.endsWith(".ts") ? "ts" : "js";
      return { contents: contents.replace(META_URL, JSON.stringify(pathToFileURL(path).href)), loader };
    });
  },
};

/** The record of a bundle's inputs, per entry: a bundle is fresh while every input has the size and time it had. */
const recordFile = (source) => join(BUNDLE_DIR, `${basename(source, ".ts")}-${createHash("sha256").update(source).digest("hex").slice(0, 12)}.json`);
const fingerprint = (s) => `${s.size}:${s.mtimeMs}`;

/** The bundle of `source` (an absolute .ts path) made earlier, if none of its inputs changed since; else null. */
export async function freshBundle(source) {
  try {
    const record = JSON.parse(await readFile(recordFile(source), "utf8"));
    if (!existsSync(record.bundle)) return null;
    const now = await Promise.all(Object.keys(record.inputs).map((file) => stat(file).then(fingerprint)));
    return Object.values(record.inputs).every((print, i) => print === now[i]) ? record.bundle : null;
  } catch {
    return null;
  }
}

/**
 * Bundle `source` with `esbuild` (the caller's: it owns the service process and stops it), write it under a name
 * keyed by its content, and record its inputs. Throws when the folder cannot be written.
 */
export async function writeBundle(esbuild, source) {
  const out = await esbuild.build({
    entryPoints: [source],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // npm packages stay imports (resolved from node_modules at run time); only our own modules are bundled.
    packages: "external",
    plugins: [sourceUrls],
    metafile: true,
    absWorkingDir: ROOT,
    write: false,
    logLevel: "silent",
  });
  const code = out.outputFiles[0].contents;
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 16);
  const file = join(BUNDLE_DIR, `${basename(source, ".ts")}-${hash}.mjs`);
  await mkdir(BUNDLE_DIR, { recursive: true });
  await access(BUNDLE_DIR, constants.W_OK);
  // Written whole then renamed: a process started meanwhile never reads half a file.
  const place = async (path, data) => {
    const temp = `${path}.${process.pid}.tmp`;
    await writeFile(temp, data);
    await rename(temp, path);
  };
  if (!existsSync(file)) await place(file, code);
  const inputs = {};
  for (const input of Object.keys(out.metafile.inputs)) {
    const path = join(ROOT, input);
    inputs[path] = fingerprint(await stat(path));
  }
  await place(recordFile(source), JSON.stringify({ bundle: file, inputs }));
  await sweepBundles().catch(() => {});
  return file;
}

/** How long an unnamed file is left alone: a bundle written just now may not have its record yet (another process). */
const SWEEP_GRACE_MS = 10 * 60_000;

/**
 * Remove what no record names any more: the bundles of earlier sources (a few hundred KB each, one per change),
 * records whose bundle is gone, and temporary files a killed writer left. Runs after each new bundle, so only
 * when sources change; a running process is not disturbed (it imported its bundle, and its children's bundles are
 * the ones the records name).
 */
export async function sweepBundles() {
  const now = Date.now();
  const names = await readdir(BUNDLE_DIR);
  const records = names.filter((n) => n.endsWith(".json"));
  const named = new Set();
  for (const name of records) {
    const record = await readFile(join(BUNDLE_DIR, name), "utf8").then(JSON.parse, () => null);
    if (typeof record?.bundle === "string" && existsSync(record.bundle)) named.add(basename(record.bundle));
    else if (record) named.add(`stale:${name}`);
  }
  for (const name of names) {
    const unnamed = name.endsWith(".tmp") || (name.endsWith(".mjs") && !named.has(name)) || named.has(`stale:${name}`);
    if (!unnamed) continue;
    const path = join(BUNDLE_DIR, name);
    const age =
      now -
      (await stat(path).then(
        (s) => s.mtimeMs,
        () => now,
      ));
    if (age > SWEEP_GRACE_MS) await rm(path, { force: true });
  }
}

/**
 * The .mjs to run for `source`: the recorded one when fresh, else bundled now (esbuild's service is stopped after).
 * Null when it cannot be had (no esbuild, a folder that cannot be written): the caller then runs tsx.
 */
export async function bundleFor(source) {
  const fresh = await freshBundle(source);
  if (fresh) return fresh;
  try {
    const esbuild = await import("esbuild");
    try {
      return await writeBundle(esbuild, source);
    } finally {
      await esbuild.stop();
    }
  } catch {
    return null;
  }
}

/**
 * Import the entry `source` as its bundle, or through tsx when no bundle can be had (said on stderr, as a JSON line
 * like the server's own: stdout may be a protocol's).
 */
export async function importEntry(source) {
  const bundle = await bundleFor(source);
  if (bundle) return import(pathToFileURL(bundle).href);
  const msg = `no bundle of ${basename(source)} could be made or found in ${BUNDLE_DIR}: running it through tsx`;
  process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, msg })}\n`);
  const { register } = await import("tsx/esm/api");
  register();
  return import(pathToFileURL(source).href);
}
