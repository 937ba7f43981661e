// The formulas the library may not lean on (issue 26's additions): sentences opening "Bless" in blessings,
// the "not X but Y" turn, and tldr lines that open by naming the kind; each allowed in a quarter of a kind.
import { describe, expect, it } from "vitest";
import { formulaCounts, formulaProblems, type CheckedPiece } from "../../corpus/check-formulas.ts";

const piece = (n: number, kind: string, body: string, tldr = "Frost on the glass and a kettle that takes its time, on a cold morning."): CheckedPiece => ({
  rel: `${kind}s/p${n}.md`,
  kind,
  body,
  tldr,
});
/** Four pieces of a kind, `marked` of them carrying the formula. */
const four = (kind: string, marked: number, withFormula: (n: number) => CheckedPiece, plain: (n: number) => CheckedPiece) =>
  [0, 1, 2, 3].map((n) => (n < marked ? withFormula(n) : plain(n)));
const count = (pieces: CheckedPiece[], name: string, kind: string) => formulaCounts(pieces, [])[name]?.[kind];

describe("issue 26 formulas", () => {
  it('counts blessings with a sentence or line opening "Bless", not "blessed" inside a sentence', () => {
    const pieces = [
      piece(0, "blessing", "Frost tonight.\n\nBless the last tomatoes on the sill."),
      piece(1, "blessing", "The day is done. Bless the dark."),
      piece(2, "blessing", "May it be blessed all the same, and the lid click shut."),
      piece(3, "blessing", "Here is the seed, so small it looks like nothing."),
    ];
    expect(count(pieces, 'sentences opening "Bless"', "blessing")).toEqual([2, 4]);
    expect(formulaProblems(pieces, []).join("\n")).toContain('sentences opening "Bless" in 2 of 4 pieces (at most 1)');
  });

  it('counts the "not X but Y" turn in prayers and blessings, across a line break too', () => {
    const pieces = four(
      "prayer",
      2,
      (n) => piece(n, "prayer", n ? "Not for what it will become,\nbut for what it is." : "I am glad, not of the end but of the road."),
      (n) => piece(n, "prayer", "I would never have chosen some of it. Most of it I would not give back."),
    );
    expect(count(pieces, 'the "not X but Y" turn', "prayer")).toEqual([2, 4]);
  });

  it("counts tldr lines that open by naming their kind, and leaves the ones that open with the image", () => {
    const pieces = [
      piece(0, "prayer", "x", "A prayer for the hour after a mistake, owning it and finding steady hands again."),
      piece(1, "prayer", "x", "An autumn prayer for beginners of every kind, honouring confusion as the feeling of growth."),
      piece(2, "prayer", "x", "A winter night at a sick person's bedside: asking for ease and skilled care, and keeping watch."),
      piece(3, "prayer", "x", "Bread dough rising under a tea towel, asked to teach its patience with slow work."),
    ];
    expect(count(pieces, "a tldr opening with its kind", "prayer")).toEqual([2, 4]);
  });

  it("allows a formula in a quarter of a kind and no more", () => {
    const bless = (n: number) => piece(n, "blessing", "Bless the woodpile.");
    const plain = (n: number) => piece(n, "blessing", "Split, stacked and covered against the rain.");
    expect(formulaProblems(four("blessing", 1, bless, plain), [])).toEqual([]);
    expect(formulaProblems(four("blessing", 2, bless, plain), [])).toHaveLength(1);
  });
});
