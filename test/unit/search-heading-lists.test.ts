// A set named only in a guide's headings, said as one sentence (search/heading-lists.ts); headings and questions
// written for this test.
import { describe, expect, it } from "vitest";
import { asksForNames, headingList } from "../../search/heading-lists.ts";

describe("a set named in headings", () => {
  it("says sibling headings ending in the same word as one sentence, by the names after their dashes", () => {
    const headings = [
      "Seasons of the Garden",
      "March to May — the sowing season",
      "June to August — the growing season",
      "September to November — the picking season",
      "Tools",
      "Tools",
    ];
    expect(headingList("Seasons of the Garden", headings)).toBe("Seasons of the Garden: the sowing season, the growing season, the picking season.");
  });

  it("says nothing when fewer than three headings share their last word", () => {
    expect(headingList("A Guide", ["Before you start", "Starting", "The first season", "The last season"])).toBeNull();
  });

  it("is weighed for a question after names or a list, not for others", () => {
    for (const q of ["what are the three garden seasons called?", "list the seasons please", "name all three seasons", "what are their names?"])
      expect(asksForNames(q), q).toBe(true);
    for (const q of ["when does the growing season start?", "do I have to give my name?"]) expect(asksForNames(q), q).toBe(false);
  });
});
