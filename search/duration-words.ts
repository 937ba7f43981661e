// A span of time said in the visitor's unit ("after two days", "a couple of days", "a month", "half an hour") is
// read beside the guides' own unit for it: the guides give a reflection's time on the feed as 48 hours, a name's as
// 24, the echo rule as 30 days, a service's length in minutes. So "is my reflection deleted after two days?" meets
// "It stays on the live feed for 48 hours" by its figure, as a temperature meets the season (weather-words.ts).
// Pure function.

const NUMBERS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, couple: 2, "a couple of": 2 };

/** "two days", "3 days", "a couple of days", "a full day", "a month", "half an hour"; not "every hour" or "an hour". */
const SPAN = /\b(?:(half) an? hour|(a couple of|an?|one|two|three|four|five|six|seven|[1-7])(?: (?:full|whole|single))? (days?|months?))\b/gi;

/**
 * The guides' unit for a span: days as hours up to a week, a month as 30 days (and half an hour as 30 minutes). An
 * hour is left as said: "ten questions an hour" is the guides' own.
 */
export function guidesUnit(count: number, unit: string): string | undefined {
  if (/^day/i.test(unit)) return count <= 7 ? `${count * 24} hours` : undefined;
  if (/^month/i.test(unit)) return count === 1 ? "30 days" : undefined;
  return undefined;
}

/** The question with the guides' unit in brackets after each span said in another. */
export function withDurationWords(question: string): string {
  return question.replace(SPAN, (said: string, half?: string, count?: string, unit?: string) => {
    const same = half ? "30 minutes" : guidesUnit(NUMBERS[(count ?? "").toLowerCase()] ?? Number(count), unit ?? "");
    return same ? `${said} (${same})` : said;
  });
}
