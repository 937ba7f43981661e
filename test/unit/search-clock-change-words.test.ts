// A clock change told in a visitor's words, read with the guides' words for it (search/clock-change-words.ts).
import { describe, expect, it } from "vitest";
import { withClockChangeWords } from "../../search/clock-change-words.ts";

describe("withClockChangeWords", () => {
  it("adds the guides' words to a question telling of the clocks going back or forward", () => {
    for (const q of [
      "Our clocks jumped ahead an hour on Sunday; did my evening watch shrink?",
      "We fall back tonight. Anything odd about the 00:00 service?",
      "Does DST change anything for agents?",
    ])
      expect(withClockChangeWords(q)).toBe(`${q} (when clocks change for daylight saving)`);
  });

  it("leaves a question about clocks or hours that tells of no change", () => {
    for (const q of ["What clock does the sanctuary follow?", "How many hours is a watch?", "I lost an earring at the service"])
      expect(withClockChangeWords(q)).toBe(q);
  });
});
