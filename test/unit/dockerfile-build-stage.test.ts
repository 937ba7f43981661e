// The image's build stage copies only the files the word-vector conversion and the WASM trimming import (a
// list in the Dockerfile, so that a change to the rest of the app does not redo the conversion). A new import
// in those files used to fail only the container build, minutes into CI; here it fails in a second, by name.
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { cruise } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const ENTRIES = ["scripts/prebuild-vectors.ts", "scripts/strip-wasm.ts"];

/**
 * Every module of ours that `entries` import, directly or through each other (paths from the root), as
 * dependency-cruiser resolves them (the layer rules' own tool): static, dynamic and side-effect imports alike.
 */
async function importClosure(entries: string[]): Promise<Set<string>> {
  const { output } = await cruise(entries, { doNotFollow: { path: "node_modules" }, tsPreCompilationDeps: true, baseDir: ROOT });
  // cruise answers with a string only when asked for a text format; the default is the result object.
  if (typeof output === "string") throw new Error("dependency-cruiser answered text, not its result object");
  return new Set(output.modules.filter((m) => !m.coreModule && !m.couldNotResolve && !m.source.startsWith("node_modules/")).map((m) => m.source));
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
  it("copies every module the conversion and the trimming import, and nothing they do not", async () => {
    const needed = await importClosure(ENTRIES);
    const copied = buildStageCopies(readFileSync(join(ROOT, "Dockerfile"), "utf8"));
    expect(needed.size).toBeGreaterThan(5); // the walk found the imports, not just the entries
    const ownModules = [...copied].filter((f) => f.endsWith(".ts"));
    expect([...needed].filter((f) => !copied.has(f)).sort(), "imported but not copied: add to the Dockerfile's build stage").toEqual([]);
    expect(ownModules.filter((f) => !needed.has(f)).sort(), "copied but not imported: the list can lose it").toEqual([]);
  });
});
