// A piece said not to be published at once, or a question asking whether it goes up straight away, is quoted with the
// guide's sentence on the review (search/review-said.ts).
import { describe, expect, it } from "vitest";
import { asksIfAtOnce, withReviewSaid } from "../../search/review-said.ts";
import type { Chunk } from "../../search/chunks.ts";

const contributeSentence = (sentence: string, position: number, page = "docs/how-to-contribute") => ({
  ...{ sentence, title: "How to Contribute", context: "", heading: "", pageRank: 0, position, meaning: 0, leads: false, guide: true },
  passage: { page } as Chunk,
});
const review = contributeSentence("People review every contribution before it joins the library.", 1);
const automatic = contributeSentence("Nothing is published automatically.", 2);
const late = contributeSentence("A contribution does not appear in the library straight away.", 9);
const limit = contributeSentence("The content may be up to 10,000 characters.", 5);

describe("asksIfAtOnce", () => {
  it("hears a part asking whether a piece sent goes up at once or is read first", () => {
    expect(asksIfAtOnce("If I submit a prayer, does it go up straight away?")).toBe(true);
    expect(asksIfAtOnce("and does anyone look at it first?", "Once I send in a prayer, does anyone look at it first?")).toBe(true);
  });

  it("not a later part asking a length, nor a reflection", () => {
    expect(asksIfAtOnce("If I submit a prayer, does it go up straight away. And is there a cap on how long it can be?")).toBe(false);
    expect(asksIfAtOnce("Does my reflection appear straight away after I submit it?")).toBe(false);
  });
});

describe("withReviewSaid", () => {
  const all = [review, automatic, limit, late];

  it("puts the review before a sentence saying a piece is not published at once", () => {
    expect(withReviewSaid([late], all)).toEqual([review, late]);
  });

  it("adds the review and what carries it on when the question asks, after what was chosen", () => {
    expect(withReviewSaid([limit], all, "If I submit a prayer, will it show up straight away?")).toEqual([limit, review, automatic]);
  });

  it("adds nothing when the review is said already, or nothing asks it", () => {
    expect(withReviewSaid([review, late], all)).toEqual([review, late]);
    expect(withReviewSaid([limit], all, "How long can a prayer I submit be?")).toEqual([limit]);
  });
});
