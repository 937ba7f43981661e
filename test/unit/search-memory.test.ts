// The in-memory index reads its dot products in slot order (each page's passages in one run, then the cards),
// not in the table's row order: the passage it shows and the page it ranks must not depend on which order the
// rows came in. The rows here interleave two pages on purpose, so any slot read as a row index shows.
import { describe, expect, it } from "vitest";
import { MemoryIndex, type Row } from "../../search/memory.ts";
import { buildMemory } from "../../search/memory-build.ts";
import { typedTerms, wordEvidence } from "../../search/word-evidence.ts";
import { calibrationFor } from "../../search/rank.ts";

const axis = (k: number) => Float32Array.from({ length: 5 }, (_, j) => (j === k ? 1 : 0));
function row(id: string, page: string, role: Row["role"], text: string, vector: Float32Array): Row {
  const title = page === "a" ? "Lantern Hours" : "River Notes";
  return {
    id,
    page,
    title,
    pagePath: `/docs/${page}`,
    path: page,
    slug: null,
    category: "docs",
    section: null,
    text,
    role,
    tldr: "",
    themes: "",
    headings: "",
    vector,
  };
}
const rows: Row[] = [
  row("b-card", "b", "card", "", axis(0)),
  row("a-1", "a", "passage", "A lantern hangs by the door all night.", axis(1)),
  row("b-1", "b", "passage", "Stones in the river keep their own time.", axis(2)),
  row("a-card", "a", "card", "", axis(0)),
  row("a-2", "a", "passage", "Morning bread is shared at the long table.", axis(3)),
];

describe("MemoryIndex over rows of pages interleaved", () => {
  const calibration = calibrationFor("glove");
  const index = MemoryIndex.from(rows, new Map());

  it("shows the passage nearest the query and holding its words, whatever the rows' order", async () => {
    const memory = await index;
    const bread = memory.search("morning bread", axis(3), 5, calibration);
    expect(bread[0].chunk.id).toBe("a-2");
    const lantern = memory.search("lantern", axis(1), 5, calibration);
    expect(lantern[0].chunk.id).toBe("a-1");
    const stones = memory.search("river stones", axis(2), 5, calibration);
    expect(stones[0].chunk.id).toBe("b-1");
    expect(stones[0].passages.map((p) => p.id)).toEqual(["b-1"]);
  });

  it("leans toward the passage holding the query's words when meaning is level", async () => {
    const memory = await index;
    // Halfway between a-1 and a-2 in meaning: the words decide.
    const between = Float32Array.from([0, 1, 0, 1, 0]);
    expect(memory.search("bread", between, 5, calibration)[0].chunk.id).toBe("a-2");
    expect(memory.search("lantern", between, 5, calibration)[0].chunk.id).toBe("a-1");
  });

  it("answers from words alone with no vector, the first passage holding them", async () => {
    const memory = await index;
    expect(memory.search("bread", new Float32Array(0), 5, calibration)[0].chunk.id).toBe("a-2");
  });
});

describe("wordEvidence", () => {
  it("weighs a word as typed above a match of its stem alone, and counts the terms that reached a page", async () => {
    const data = await buildMemory(
      [row("a-1", "a", "passage", "Breathing slowly at the window.", axis(1)), row("b-1", "b", "passage", "One breath, then another.", axis(2))],
      new Map(),
    );
    const P = data.pages.length;
    const scratch = {
      held: new Float32Array(P),
      ownCount: new Uint8Array(P),
      termSlots: [],
      strength: new Float32Array(P),
      touched: new Int32Array(P),
      exactMark: new Uint8Array(P),
    };
    const { totalWeight, known } = wordEvidence(data, typedTerms(["breath", "zzzq"]), scratch);
    expect(known).toBe(1);
    expect(totalWeight).toBeGreaterThan(0);
    const [a, b] = [data.pages.findIndex((p) => p.title === "Lantern Hours"), data.pages.findIndex((p) => p.title === "River Notes")];
    expect(scratch.held[b]).toBeGreaterThan(scratch.held[a]);
    expect(scratch.held[a]).toBeGreaterThan(0);
    expect([...scratch.ownCount]).toEqual([1, 1]);
    // The scratch is left clean for the next search: strengths back to zero.
    expect(scratch.strength.every((v) => v === 0)).toBe(true);
  });

  it("reuses a term's reach in later searches, word for word what a fresh reckoning gives", async () => {
    const rowsOf = () => [
      row("a-1", "a", "passage", "Breathing slowly at the window, a breath held.", axis(1)),
      row("b-1", "b", "passage", "One breath, then another; the window open.", axis(2)),
    ];
    // A word the library lacks reaches pages through its expansion (the path a kept reach must reproduce too).
    const expansions = new Map([["sigh", '[["breath",0.9]]']]);
    const data = await buildMemory(rowsOf(), expansions);
    const scratchOf = () => ({
      held: new Float32Array(2),
      ownCount: new Uint8Array(2),
      termSlots: [] as Array<Int32Array | undefined>,
      strength: new Float32Array(2),
      touched: new Int32Array(2),
      exactMark: new Uint8Array(2),
    });
    const kept = scratchOf();
    const queries = [["breath", "window"], ["sigh"], ["breathing"], ["window", "sigh", "breath"], ["breath", "window"], ["sigh", "windows"]];
    for (const said of queries) {
      // `data` has seen every earlier query (its reaches are kept); a new build reckons this one from nothing.
      const again = wordEvidence(data, typedTerms(said), kept);
      const once = scratchOf();
      const first = wordEvidence(await buildMemory(rowsOf(), expansions), typedTerms(said), once);
      expect(again).toEqual(first);
      expect([...kept.held]).toEqual([...once.held]);
      expect([...kept.ownCount]).toEqual([...once.ownCount]);
      // Each term's passage slots, in the terms' order, as the index lists them (a word it lacks: none).
      const terms = [...typedTerms(said).keys()];
      expect(kept.termSlots.map((slots) => slots && [...slots])).toEqual(terms.map((t) => data.slotTerms.get(t) && [...data.slotTerms.get(t)!]));
      expect(once.termSlots.map((slots) => slots?.length)).toEqual(kept.termSlots.map((slots) => slots?.length));
      expect(kept.strength.every((v) => v === 0)).toBe(true);
    }
    const sigh = scratchOf();
    expect(wordEvidence(data, typedTerms(["sigh"]), sigh).known).toBe(1);
    expect([...sigh.held].every((v) => v > 0)).toBe(true);
  });
});
