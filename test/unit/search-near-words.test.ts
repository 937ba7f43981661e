import { describe, expect, it } from "vitest";
import { normalize, type Embedder } from "../../search/embedder.ts";
import { expansionsOf } from "../../search/lexicon.ts";
import { nearLinks, vocabularyOf, withNearWords } from "../../search/near-words.ts";

// Hand-set word vectors: "mourning" sits near "grieving" (cosine ≈ 0.8), far from "kettle"; "zzyzx" is unknown (zero).
const VECTORS: Record<string, number[]> = {
  grieving: [1, 0, 0],
  mourning: [0.8, 0.6, 0],
  kettle: [0, 0, 1],
  soup: [0, 0.3, 0.95],
};
const embedder: Embedder = {
  id: "test/1",
  dimensions: 3,
  async embed(texts) {
    return texts.map((t) => normalize(Float32Array.from(VECTORS[t.toLowerCase()] ?? [0, 0, 0])));
  },
};
const library = ["A blessing for one who is grieving.", "Leek soup by the kettle."];

describe("near-words: GloVe's nearest library words for words the library lacks", () => {
  it("links a word the library never uses to its nearest library stem, above the floor only", async () => {
    const vocabulary = await vocabularyOf(embedder, {}, () => library);
    const links = await nearLinks(embedder, vocabulary, "Is there a blessing for someone in mourning?");
    const near = links.get("mourning") ?? [];
    expect(near.map(([stem]) => stem)).toEqual(["griev"]);
    expect(near[0][1]).toBeGreaterThan(0);
    expect(near[0][1]).toBeLessThan(1);
  });

  it("leaves a word the library uses, and a word GloVe does not know, without links", async () => {
    const vocabulary = await vocabularyOf(embedder, {}, () => library);
    const links = await nearLinks(embedder, vocabulary, "grieving zzyzx soup");
    expect([...links.keys()]).toEqual([]);
  });

  it("adds the links to WordNet's expansions without hiding WordNet's own", async () => {
    const base = new Map([
      ["mourning", JSON.stringify([["sorrow", 0.7]])],
      ["kettle", JSON.stringify([["pot", 0.5]])],
    ]);
    const vocabulary = vocabularyOf(embedder, {}, () => library);
    const merged = await withNearWords(embedder, vocabulary, "a blessing for mourning", base);
    expect(merged).not.toBeNull();
    expect(expansionsOf(merged!, "mourning").map(([stem]) => stem)).toEqual(["sorrow", "griev"]);
    expect(expansionsOf(merged!, "kettle")).toEqual([["pot", 0.5]]);
    // Without vectors (words only, the first seconds) the expansions are WordNet's alone.
    expect(await withNearWords(null, null, "a blessing for mourning", base)).toBe(base);
  });
});
