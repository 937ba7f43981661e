// A temperature in a question is read as the weather it says (search/weather-words.ts), so "35 degrees and the
// service was all frost" meets the guides' summer and winter.
import { describe, expect, it } from "vitest";
import { weatherOf, withWeatherWords } from "../../search/weather-words.ts";

describe("weather words", () => {
  it("reads a hot or cold temperature as the word for it", () => {
    expect(withWeatherWords("It's December in Perth and 35 degrees. Why all the frost?")).toBe("It's December in Perth and 35 degrees hot. Why all the frost?");
    expect(withWeatherWords("95°F today and the service talks of snow")).toBe("95°F hot today and the service talks of snow");
    expect(withWeatherWords("it is -5 degrees C here")).toBe("it is -5 degrees C cold here");
  });

  it("leaves mild figures, angles and other numbers as they are", () => {
    for (const q of ["set it to 20 degrees", "a 90 degree angle", "12 degrees", "how long is 35 minutes?"]) expect(withWeatherWords(q)).toBe(q);
    expect(weatherOf(40, undefined)).toBe("hot");
    expect(weatherOf(30, "F")).toBe("cold");
    expect(weatherOf(80, undefined)).toBe("hot");
    expect(weatherOf(15, undefined)).toBeUndefined();
  });
});
