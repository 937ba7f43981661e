// A temperature said in degrees tells the weather where the visitor is ("It's 35 degrees and the service was all
// frost"): it is read as the word for it, hot or cold, so a question of seasons meets the guides' summer and winter
// (synonyms.ts links hot and cold to those). Celsius unless Fahrenheit is said or the figure can only be one.
// Pure function.

// "35 degrees", "95°F", "-5 degrees C"; not "a 90 degree angle" (one degree is an angle's).
const TEMPERATURE = /(?<![\w.])(-?\d{1,3})\s*(?:°\s*|degrees\s*|deg\s+)(c\b|celsius\b|centigrade\b|f\b|fahrenheit\b)?/gi;

/** The weather a temperature says, or nothing when it says neither hot nor cold. */
export function weatherOf(figure: number, unit: string | undefined): "hot" | "cold" | undefined {
  const fahrenheit = /^f/i.test(unit ?? "") || (!unit && figure >= 60);
  const celsius = fahrenheit ? ((figure - 32) * 5) / 9 : figure;
  if (celsius >= 26 && celsius <= 55) return "hot";
  if (celsius <= 3 && celsius >= -60) return "cold";
  return undefined;
}

/** The question with "hot" or "cold" after each temperature that says one. */
export function withWeatherWords(question: string): string {
  return question.replace(TEMPERATURE, (said: string, figure: string, unit?: string) => {
    const weather = weatherOf(Number(figure), unit);
    return weather ? `${said.trimEnd()} ${weather}${/\s$/.test(said) ? " " : ""}` : said;
  });
}
