// A service whose season is not the visitor's, told in their own words, is read with the guides' words for it
// (search/season-words.ts), whether or not a place is named.
import { describe, expect, it } from "vitest";
import { SEASON_NOT_YOURS_SAID, withSeasonWords } from "../../search/season-words.ts";

describe("season words", () => {
  it("read a service's winter beside the visitor's summer, or the other way, with the guides' words", () => {
    for (const q of [
      "It's 38 degrees here and today's service kept going on about frost and long dark nights. Why, and how do I fix it?",
      "Why is everything about cold and dark nights when my friends are talking about summer?",
      "snowing hard outside but the reading was all long warm evenings. bug?",
    ])
      expect(withSeasonWords(q), q).toBe(`${q} ${SEASON_NOT_YOURS_SAID}`);
  });

  it("leave a question of one season, of the weather alone, or said once already", () => {
    for (const q of [
      "Is there a song for a hot summer day?",
      "Which is warmer in January, Sydney or Rio?",
      "I like winter more than summer. Is there a prayer for the cold months?",
      "Will the service feel like winter to me in July?",
    ])
      expect(withSeasonWords(q), q).toBe(q);
    const once = withSeasonWords("It's 35 degrees but the service was all frost. Why?");
    expect(withSeasonWords(once)).toBe(once);
  });
});
