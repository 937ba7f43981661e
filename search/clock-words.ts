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

const HALF = "(a\\.?\\s?m\\b\\.?|p\\.?\\s?m\\b\\.?|in the (?:morning|afternoon|evening|night)|at night)";
const HOUR = "(1[0-2]|0?[1-9])(?::00)?";
/**
 * One pass, in order of preference: a range ("4 to 8 in the morning", "4am-8am", whose half of the day holds for
 * both ends), a single 12-hour time, a 24-hour one, midnight or noon.
 */
const TIME = new RegExp(
  [
    `\\b${HOUR}\\s*(?:${HALF})?\\s*(?:to|until|till|and|-|–)\\s*${HOUR}\\s*${HALF}`,
    `\\b${HOUR}\\s*(?:o'?clock\\s*)?${HALF}`,
    "\\b([01]?\\d|2[0-4]):00\\b",
    "\\b(midnight)\\b",
    "\\b(noon|midday)\\b",
  ].join("|"),
  "gi",
);

/** The text with each clock time replaced by what `said` makes of its hours (0–23, in order); `before` is the text before it. */
export function eachTime(text: string, said: (written: string, hours: number[], before: string) => string): string {
  if (!/\d|midnight|noon|midday/i.test(text)) return text;
  return text.replace(TIME, (written, ...g: unknown[]) => {
    // TIME's nine groups (a range's four, a time's two, a 24-hour hour, midnight, noon), then the match's offset.
    const [from, fromHalf, to, toHalf, single, singleHalf, full, midnight] = g.slice(0, 8) as Array<string | undefined>;
    const before = text.slice(0, g[9] as number);
    if (from && to && toHalf) return said(written, [dayHour(Number(from), fromHalf ?? toHalf), dayHour(Number(to), toHalf)], before);
    if (single && singleHalf) return said(written, [dayHour(Number(single), singleHalf)], before);
    if (full) return said(written, [Number(full) % 24], before);
    return said(written, [midnight ? 0 : 12], before);
  });
}

const NUMBERS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const NUMBER = `(${NUMBERS.join("|")}|1[0-2]|0?[1-9])`;
/** A bare hour or a range of them ("3", "1 and 3", "2 to 4"), with no half of the day said. */
const HOUR_OR_RANGE = "(?:1[0-2]|0?[1-9])(?:\\s*(?:to|until|till|and|-|–)\\s*(?:1[0-2]|0?[1-9]))?";
const OF_DAY = "(?=\\s*(?:o'?clock|a\\.?\\s?m\\b|p\\.?\\s?m\\b|in the (?:morning|afternoon|evening|night)|at night))";
/** An hour said in words, read in figures as TIME above reads it: "half past nine in the evening" as "9 in the evening", "quarter to ten pm" as "9 pm", "eleven at night" as "11 at night". */
function hoursInFigures(text: string): string {
  const figure = (n: string) => (/^\d/.test(n) ? Number(n) : NUMBERS.indexOf(n.toLowerCase()) + 1);
  return (
    text
      // An hour said of the nights ("awake at 3 most nights", "between 1 and 3 every night") is the small hours.
      .replace(new RegExp(`\\b(${HOUR_OR_RANGE})\\s+(?:most|every|some|many|other) nights?\\b`, "gi"), "$1 at night")
      // "10.30pm", "8.30 in the evening": minutes after a dot, as many write them, before the half of the day.
      .replace(new RegExp(`\\b(1[0-2]|0?[1-9])\\.[0-5]\\d${OF_DAY}`, "gi"), "$1")
      // "half two" is half past two, as said in Britain and Ireland; "half an hour", "half past" and "half the" are not.
      .replace(new RegExp(`\\bhalf ${NUMBER}\\b(?!\\s*(?:past|hours?|minutes?)\\b)${OF_DAY}`, "gi"), (_, n: string) => String(figure(n)))
      .replace(new RegExp(`\\b(?:half|quarter|\\d{1,2} minutes) past ${NUMBER}\\b${OF_DAY}`, "gi"), (_, n: string) => String(figure(n)))
      .replace(new RegExp(`\\b(?:quarter|\\d{1,2} minutes) to ${NUMBER}\\b${OF_DAY}`, "gi"), (_, n: string) => String(((figure(n) + 10) % 12) + 1))
      .replace(new RegExp(`\\b(${NUMBERS.join("|")})\\b${OF_DAY}`, "gi"), (_, n: string) => String(figure(n)))
  );
}

/**
 * The text with a visitor's minutes dropped ("17:30" as "17:00", "9:45pm" as "9pm"): the watch is told by the hour,
 * and the clock words above read whole hours only. Questions only: a piece's "02:14" is a moment of its story.
 */
export function onTheHour(text: string): string {
  return hoursInFigures(text)
    .replace(/\b([01]?\d|2[0-3]):(?!00\b)[0-5]\d(?!\d)(?=\s*(a\.?\s?m\b|p\.?\s?m\b))/gi, "$1")
    .replace(/(?<![\d:])\b([01]?\d|2[0-3]):(?!00\b)[0-5]\d(?![\d:])/g, (_, hour: string) => `${hour.padStart(2, "0")}:00`);
}

/** The text with every clock time written as its hour's word; "midnight" and "noon" keep theirs beside it. */
export function clockWords(text: string): string {
  return eachTime(text, (written, hours) => {
    const words = hours.map(clockWord).join(" to ");
    return /^(midnight|noon|midday)$/i.test(written) ? `${written} ${words}` : words;
  });
}

/** The text with its clock times left out ("log on at 8am" as "log on at"). */
export function withoutTimes(text: string): string {
  return eachTime(text, () => "");
}

/** The sanctuary's slots (watches) are four hours long, from midnight (planner/time.ts). */
const SLOT_HOURS = 4;

/** Each time with its watch's start beside it, as its word: "10pm" falls in the watch the guides say begins at 20:00. */
export function withWatchStarts(text: string): string {
  return eachTime(text, (written, hours) => {
    const starts = [...new Set(hours.filter((h) => h % SLOT_HOURS).map((h) => clockWord(h - (h % SLOT_HOURS))))];
    return starts.length ? `${written} ${starts.join(" ")}` : written;
  });
}
