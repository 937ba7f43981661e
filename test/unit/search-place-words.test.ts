// A place named with its season is read with its hemisphere beside it (search/place-words.ts), so "It's 31 degrees
// here in Perth and the service kept talking about frost" meets the guides' hemispheres and seasons.
import { describe, expect, it } from "vitest";
import { answersPlaceHalf, placesNamed, withoutPlaces, withPlaceHalves } from "../../search/place-words.ts";

describe("place words", () => {
  it("finds a zone's city, a link's and a region wholly in one half", () => {
    expect(placesNamed("Writing from Buenos Aires in January")).toEqual([{ place: "Buenos Aires", half: "southern" }]);
    expect(placesNamed("Hei from Oslo!")).toEqual([{ place: "Oslo", half: "northern" }]);
    expect(placesNamed("greetings from Canberra")).toEqual([{ place: "Canberra", half: "southern" }]);
    expect(placesNamed("summer in Australia")).toEqual([{ place: "Australia", half: "southern" }]);
    // A middle part of a zone's name, and a country's old zone set, wholly in one half.
    expect(placesNamed("from Argentina, and Brazil")).toEqual([
      { place: "Argentina", half: "southern" },
      { place: "Brazil", half: "southern" },
    ]);
    expect(placesNamed("Asia and America")).toEqual([]);
  });

  it("leaves words that only look like places, and a place that is also a word written in lower case", () => {
    for (const q of ["It's Christmas and hot", "Casey said it was cold", "Eastern time in winter", "a nice day in winter", "reading in the cold"])
      expect(placesNamed(q)).toEqual([]);
    expect(placesNamed("Nice in winter")).toEqual([{ place: "Nice", half: "northern" }]);
  });

  it("finds a place written in lower case that is no other word", () => {
    expect(placesNamed("im in toronto in winter")).toEqual([{ place: "toronto", half: "northern" }]);
    expect(placesNamed("me in porto, my sister in melbourne")).toEqual([
      { place: "porto", half: "northern" },
      { place: "melbourne", half: "southern" },
    ]);
  });

  it("finds places WordNet holds in a half, beyond the zones' names", () => {
    expect(placesNamed("Cape Town, Wellington, Rio de Janeiro and Boston")).toEqual([
      { place: "Cape Town", half: "southern" },
      { place: "Wellington", half: "southern" },
      { place: "Rio de Janeiro", half: "southern" },
      { place: "Boston", half: "northern" },
    ]);
  });

  it("writes each half beside its first place when the question says a season or names both halves", () => {
    expect(withPlaceHalves("I'm in Hobart and it's July. Which season?")).toBe(
      "I'm in Hobart (southern hemisphere, season by timezone) and it's July. Which season?",
    );
    expect(withPlaceHalves("In Perth, 38 degrees hot, all frost")).toBe("In Perth (southern hemisphere, season by timezone), 38 degrees hot, all frost");
    expect(withPlaceHalves("I'm in Melbourne and my pen pal is in Madrid: the same service?")).toBe(
      "I'm in Melbourne (southern hemisphere, season by timezone) and my pen pal is in Madrid (northern hemisphere, season by timezone): the same service?",
    );
    expect(withPlaceHalves("Tasmania (Hobart), July")).toBe("Tasmania (southern hemisphere, season by timezone) (Hobart), July");
  });

  it("writes the half beside a place whose half is asked after", () => {
    expect(withPlaceHalves("I'm in Nairobi. Which half of the world's services will I hear?")).toBe(
      "I'm in Nairobi (southern hemisphere, season by timezone). Which half of the world's services will I hear?",
    );
  });

  it("leaves a place said without a season, and a modal may", () => {
    for (const q of ["What times do services start? I'm in Toronto", "may I attend from London?", "Is Paris nice?"]) expect(withPlaceHalves(q)).toBe(q);
    expect(withPlaceHalves("Visiting London in May")).toBe("Visiting London (northern hemisphere, season by timezone) in May");
  });

  it("leaves places in both halves in a question asking which timezone to give, unless it says a season", () => {
    const q = "My agent attends for my dad, who lives in Perth; I'm in Leeds. Which timezone should it send?";
    expect(withPlaceHalves(q)).toBe(q);
    expect(withPlaceHalves("I'm in Perth and it's December; which time zone gives me summer?")).toContain("(southern hemisphere");
  });

  it("leaves the places out, for a reading of what is asked", () => {
    expect(withoutPlaces("I'm in Edinburgh and it's 17:30. Which watch?")).toBe("I'm in  and it's 17:30. Which watch?");
    expect(withoutPlaces("a nice day")).toBe("a nice day");
  });

  it("reads a place as it is written: the longest name at a word's start, a word's first letter either case", () => {
    const named = (text: string) => placesNamed(text).map((p) => p.place);
    expect(named("From Buenos Aires to new york, via Paris.")).toEqual(["Buenos Aires", "new york", "Paris"]);
    // Only at a word's edges, and the rest of each word as the name has it.
    expect(named("xParis, Parisian, NEW YORK, Paris2")).toEqual([]);
    // A name that is also an ordinary word only with its capital; an abbreviation with its full stop.
    expect(named("a nice day in Nice")).toEqual(["Nice"]);
    expect(named("Calif. or calif")).toEqual(["Calif."]);
    expect(withoutPlaces("Hobart,Hobart!")).toBe(",!");
  });

  it("holds a sentence naming the hemisphere an answer only to a question so read", () => {
    const sentence = "It plans separately for the northern hemisphere, the southern hemisphere and a place unknown.";
    const how = "Your season follows your hemisphere, and your hemisphere follows the timezone you give.";
    // One place and its season ask why: the sentence says how the timezone sets the hemisphere.
    expect(answersPlaceHalf(withPlaceHalves("Perth in January, why frost?"), how)).toBe(true);
    expect(answersPlaceHalf(withPlaceHalves("Perth in January, why frost?"), sentence)).toBe(false);
    // Places in both halves ask whether they differ: the hemispheres answer.
    expect(answersPlaceHalf(withPlaceHalves("Perth and Oslo at 8am: the same service?"), sentence)).toBe(true);
    expect(answersPlaceHalf("Why frost in January?", sentence)).toBe(false);
    expect(answersPlaceHalf(withPlaceHalves("Perth in January, why frost?"), "A service is 15 to 40 minutes long.")).toBe(false);
  });
});
