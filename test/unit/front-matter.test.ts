// corpus/front-matter.ts: front matter read as YAML 1.2's core schema, its faults said on one line, and what a
// contribution's front matter is written as read back unchanged.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readYaml, writeYaml } from "../../corpus/front-matter.ts";

describe("front matter", () => {
  it("reads dates, yes and no as the text they are, numbers and lists as such", () => {
    expect(readYaml("title: yes\ndate: 2026-12-07\nseconds: 90\nthemes: [dusk, no]\nnote: ~")).toEqual({
      title: "yes",
      date: "2026-12-07",
      seconds: 90,
      themes: ["dusk", "no"],
      note: null,
    });
  });

  it("says what is wrong and where, on one line", () => {
    expect(() => readYaml("title: A Lamp\n  kind: prayer\n")).toThrow(/^bad indentation of a mapping entry at line 2, column \d+$/);
    expect(() => readYaml("title: one\ntitle: two\n")).toThrow(/duplicated mapping key at line 2/);
  });

  it("reads back what it writes, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), fc.integer({ min: 1, max: 10_000 }), (title, seconds) => {
        const values = { title, kind: "prayer", seconds, themes: [] };
        expect(readYaml(writeYaml(values))).toEqual(values);
      }),
      { numRuns: 500 },
    );
  });
});
