// A later part that asks after the services of an hour the earlier part named ("What's the slot between midnight and
// four called, and what are the services in it like?", "what's 6pm called and what do the services there hold?")
// points back to that hour by "there", "then", "in it", "at that hour": answered alone it has lost the hour, and with
// it the watch whose services it asks after (hour-names.ts reads a time with its watch's name). It is read with the
// earlier part's clock times said after it. Pure functions for follow-up.ts.
import { eachTime } from "./clock-words.ts";

/** Words pointing back to a time or a watch: "there", "then", "in it", "at that hour", "in that watch", "that one". */
const POINTS_TO_TIME =
  /\b(?:there|then|(?:in|during|at|of) (?:it|that|this)(?: (?:one|hour|hours|time|watch|slot|stretch|part))?|(?:that|this|those|these) (?:hour|hours|time|watch|slot|stretch))\b/i;

/** The clock times written in the text, as written ("2am", "midnight", "22:00"), in order. */
export function timesWritten(text: string): string[] {
  const found: string[] = [];
  eachTime(text, (written) => {
    found.push(written);
    return written;
  });
  return found;
}

/** The later part with the earlier part's clock times said after it, when it points back to them and names none of its own. */
export function withEarlierTimes(before: string, part: string): string {
  const times = timesWritten(before);
  if (!times.length || timesWritten(part).length || !POINTS_TO_TIME.test(part)) return part;
  return `${part.replace(/[?.!\s]+$/, "")} at ${times.join(" and ")}?`;
}
