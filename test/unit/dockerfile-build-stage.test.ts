// The image's build stage copies only the files the word-vector conversion and the WASM trimming import (a
// list in the Dockerfile, so that a change to the rest of the app does not redo the conversion). A new import
// in those files used to fail only the container build, minutes into CI; here it fails in a second, by name.
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const ENTRIES = ["scripts/prebuild-vectors.ts", "scripts/strip-wasm.ts"];
/** Static and dynamic imports of a relative path: `from "./x.ts"`, `import("../y.ts")`. */
const RELATIVE_IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*)["'](\.{1,2}\/[^"']+)["']/g;

/** Every module of ours that `entries` import, directly or through each other (paths from the root). */
function importClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...entries];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(join(ROOT, file), "utf8");
    for (const [, spec] of source.matchAll(RELATIVE_IMPORT)) todo.push(normalize(join(dirname(file), spec)));
  }
  return seen;
}

/** The files the build stage copies: the sources of each COPY in the stage. */
function buildStageCopies(dockerfile: string): Set<string> {
  const stage = dockerfile.slice(dockerfile.indexOf(" AS build"), dockerfile.indexOf("\nFROM ${RUN_IMAGE}"));
  const copied = new Set<string>();
  for (const line of stage.split("\n")) {
    if (!line.startsWith("COPY ")) continue;
    const parts = line.slice(5).trim().split(/\s+/);
    parts.pop(); // the destination
    for (const source of parts) copied.add(normalize(source));
  }
  return copied;
}

describe("the image's build stage", () => {
  it("copies every module the conversion and the trimming import, and nothing they do not", () => {
    const needed = importClosure(ENTRIES);
    const copied = buildStageCopies(readFileSync(join(ROOT, "Dockerfile"), "utf8"));
    expect(needed.size).toBeGreaterThan(5); // the walk found the imports, not just the entries
    const ownModules = [...copied].filter((f) => f.endsWith(".ts"));
    expect([...needed].filter((f) => !copied.has(f)).sort(), "imported but not copied: add to the Dockerfile's build stage").toEqual([]);
    expect(ownModules.filter((f) => !needed.has(f)).sort(), "copied but not imported: the list can lose it").toEqual([]);
  });
});
