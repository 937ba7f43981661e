// "It's 2:30 in the afternoon here, when does the next service start?" asks after the watch that follows the hour
// told, not the one holding it: its start ("16:00") and its name ("the gathering watch") are what answer. The watch
// holding the hour is read beside it by the clock words (clock-words.ts withWatchStarts) and the span names
// (hour-names.ts); a question asking after the next one has the next watch's start and name beside each time too.
// Pure functions.
import { clockWord, eachTime } from "./clock-words.ts";
import { spanNameOf, type NamedSpan } from "./hour-names.ts";

/** The sanctuary's watches are four hours long, from midnight (planner/time.ts). */
const SLOT_HOURS = 4;

/** Asked after the one that follows: "the next service", "the next one", "when does the following watch begin?". */
const NEXT = /\b(?:next|following|upcoming|coming) (?:one|services?|watch(?:es)?|slots?|gatherings?|sessions?)\b|\bwhen(?:'s| is| does)? the next\b/i;

export const asksNext = (question: string): boolean => NEXT.test(question);

/** The hour (0–23) the watch after this hour begins. */
export const nextWatchStart = (hour: number): number => (hour - (hour % SLOT_HOURS) + SLOT_HOURS) % 24;

/** The text with each time followed by the start of the watch after it and that watch's name, when the question asks after the next. */
export function withNextWatch(text: string, spans: readonly NamedSpan[]): string {
  if (!asksNext(text)) return text;
  return eachTime(text, (written, hours) => {
    const next = nextWatchStart(hours[hours.length - 1]);
    const name = spanNameOf(next, spans);
    return [written, clockWord(next), name].filter(Boolean).join(" ");
  });
}
