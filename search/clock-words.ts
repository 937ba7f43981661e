// A visitor asks by the clock as they say it ("4am", "8 in the evening", "midnight"); the guides write the
// 24-hour form ("04:00", "20:00"). Ask compares letters only (text.ts), so a time would be lost on both sides.
// Each time becomes one word for its hour, the same whichever way it was written, so "the watch from 4am to
// 8am" meets "begins at 04:00 … until 08:00". Pure functions.

const HOURS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
  "twentyone",
  "twentytwo",
  "twentythree",
];

/** The one word an hour of the day (0–24) is compared by. */
export function clockWord(hour: number): string {
  return `clock${HOURS[hour % 24]}`;
}

/** A 12-hour clock's hour in the half of the day named ("am", "in the evening"). */
function dayHour(hour: number, half: string): number {
  const afternoon = /^p|afternoon|evening|night/i.test(half);
  if (hour === 12) return afternoon ? 12 : 0;
  // "11 at night" is late evening, "2 at night" the small hours.
  if (/night/i.test(half) && hour < 6) return hour;
  return afternoon ? hour + 12 : hour;
}

const HALF = "(a\\.?\\s?m\\b\\.?|p\\.?\\s?m\\b\\.?|in the (?:morning|afternoon|evening)|at night)";
const HOUR = "(1[0-2]|0?[1-9])(?::00)?";
/** "4 to 8 in the morning", "4am-8am" before single times: the range's half of the day holds for both ends. */
const RANGE = new RegExp(`\\b${HOUR}\\s*(?:${HALF})?\\s*(to|until|till|and|-|–)\\s*${HOUR}\\s*${HALF}`, "gi");
const SINGLE = new RegExp(`\\b${HOUR}\\s*(?:o'?clock\\s*)?${HALF}`, "gi");
const TWENTY_FOUR = /\b([01]?\d|2[0-4]):00\b/g;

/** The text with every clock time written as its hour's word; "midnight" and "noon" gain theirs beside them. */
export function clockWords(text: string): string {
  if (!/\d|midnight|noon|midday/i.test(text)) return text;
  return text
    .replace(RANGE, (_, from: string, fromHalf: string | undefined, joint: string, to: string, toHalf: string) => {
      const start = dayHour(Number(from), fromHalf ?? toHalf);
      return `${clockWord(start)} ${joint} ${clockWord(dayHour(Number(to), toHalf))}`;
    })
    .replace(SINGLE, (_, hour: string, half: string) => clockWord(dayHour(Number(hour), half)))
    .replace(TWENTY_FOUR, (_, hour: string) => clockWord(Number(hour)))
    .replace(/\bmidnight\b/gi, (m) => `${m} ${clockWord(0)}`)
    .replace(/\b(noon|midday)\b/gi, (m) => `${m} ${clockWord(12)}`);
}
