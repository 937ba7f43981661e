// A child's TypeScript bundled into one .mjs (core/child-bundle.ts), each child as the server asks for it. Asked one
// after another, every bundle settles (a build that began while the idle service was
// being stopped never did), and a bundle asked again is the same file.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RENDER_CHILD } from "../../audio/background.ts";
import { BUNDLE_DIR, childBundle } from "../../core/child-bundle.ts";
import { CONVERT_CHILD } from "../../search/embedders/glove-convert.ts";
import { EXPANSIONS_CHILD } from "../../search/expansions.ts";

describe("child bundles", () => {
  it("bundles each child asked for one after another, into the bundle folder, the same file when asked again", async () => {
    const files: string[] = [];
    for (const child of [RENDER_CHILD, EXPANSIONS_CHILD, CONVERT_CHILD]) {
      const file = await childBundle(child);
      expect(file, child.pathname).not.toBeNull();
      files.push(file!);
    }
    for (const file of files) {
      expect(file.startsWith(BUNDLE_DIR)).toBe(true);
      expect(file.endsWith(".mjs")).toBe(true);
      expect(existsSync(file)).toBe(true);
    }
    expect(new Set(files).size).toBe(3);
    expect(await childBundle(RENDER_CHILD)).toBe(files[0]);
  }, 60_000);
});
