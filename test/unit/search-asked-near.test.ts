// A story that implies a rule, answered by the guide's sentence that one of its visitor-worded questions nearly asks
// (search/quotable.ts ASKED_NEAR); sentences and questions written for this test.
import { describe, expect, it } from "vitest";
import { chooseSentences } from "../../search/extract.ts";
import { ASKED_NEAR } from "../../search/quotable.ts";
import { sentence } from "../helpers/candidates.ts";

const story = "our clocks jumped forward and this morning's gathering dragged on forever. fault on your side?";
const rule = (askedAs: number) =>
  sentence("When clocks change for daylight saving, a slot may last three hours or five; the services simply follow the clock.", {
    meaning: 0.7,
    askedAs,
  });

describe("a story that implies a rule", () => {
  it("is answered by a sentence whose visitor-worded question nearly asks it, though they share few words", () => {
    expect(chooseSentences(story, [rule(ASKED_NEAR + 0.05)]).map((c) => c.sentence)).toHaveLength(1);
  });

  it("is not answered by the same sentence when no such question is near", () => {
    expect(chooseSentences(story, [rule(ASKED_NEAR - 0.15)])).toEqual([]);
  });
});
