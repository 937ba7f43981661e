// The everyday situations a visitor tells when asking for a piece (search/situations.ts), with phrases written for
// this test.
import { describe, expect, it } from "vitest";
import { situationLinks, situationPhrases } from "../../search/situations.ts";
import { askStem } from "../../search/text.ts";

const linked = (word: string) => situationLinks(word).map(([stem]) => stem);

describe("situations a visitor tells", () => {
  it("reads a phrase said for one word of a situation as that word", () => {
    expect(situationPhrases("our neighbour passed away in the night")).toContain("died");
    expect(situationPhrases("they let me go on friday")).toContain("redundant");
    // A phrasal verb is said as its one word: an object may stand between the verb and its particle.
    expect(situationPhrases("any ritual around giving things back?")).toContain("returning");
    expect(situationPhrases("I need to bring my sister's car back")).toContain("returning");
    expect(situationPhrases("so I have to try again later")).toContain("retry");
    expect(situationPhrases("the band is back together")).not.toContain("returning");
    expect(situationPhrases("the exam passed off fine")).not.toContain("died");
  });

  it("links a word to the other words of its situation, and no word to itself", () => {
    expect(linked("removals")).toContain(askStem("moving"));
    expect(linked("newborn")).toContain(askStem("feeding"));
    expect(linked("grudge")).toContain(askStem("forgive"));
    expect(linked("grudge")).not.toContain(askStem("grudge"));
    expect(linked("teapot")).toEqual([]);
  });
});
