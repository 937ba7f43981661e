// A clock time in a question says when the visitor is, or what they ask after: read so (ground.ts), before the
// question's parts are answered. Pure functions.
import { onTheHour, withoutTimes, withWatchStarts } from "./clock-words.ts";
import { withWeatherWords } from "./weather-words.ts";
import { withoutPlaces, withPlaceHalves } from "./place-words.ts";
import { withSpanNames, type NamedSpan } from "./hour-names.ts";
import { askingClause, partsOf } from "./answer-type.ts";
import { withNextWatch } from "./next-watch.ts";

/** Words asking what the service is, or leans toward, now or at the hour said: "which service would I get?", "what's on now?". */
const ASKS_WHAT_IS_ON = /^\W*(?:what|which)\b.*\b(?:service|on now|now)\b/i;

/**
 * A part of the day named in other words than the guides' watch ("what do you call this part of the night?", "this bit
 * of the evening", "that stretch"), or the one after the hour ("when does the next one start?"): both are told by the hour.
 */
const DAY_PART =
  /\b(?:part|bit|stretch|portion|period|span|window|time) of (?:the |my )?(?:day|night|morning|evening|afternoon)\b|\b(?:this|that|which|what) (?:part|bit|stretch|period|span|window)\b|\bnext\b/i;

const asksAfterHour = (asking: string) => /\b(?:watch(?:es)?|slots?|hours?|time)\b/i.test(asking) || ASKS_WHAT_IS_ON.test(asking) || DAY_PART.test(asking);

/**
 * A clock time said before the words that ask ("If we both log on at 8am our own time, do we hear the same
 * thing?") says when the visitor is, not what they ask about: it is left out, unless those words ask after a
 * watch, slot or time ("I come at 10pm. What's that watch called?"). Each time kept is its hour's word, with its
 * watch's start beside it (clock-words.ts); a place named with a season has its hemisphere beside it (place-words.ts).
 */
export function questionTimes(said: string, spans: readonly NamedSpan[]): string {
  const question = onTheHour(said);
  const asking = askingClause(question);
  const at = Math.max(0, question.lastIndexOf(asking));
  // What comes before the words that ask is a scene only after any question it holds ("what's the 4am to 8am watch
  // called? and the one after midnight?" asks by both times).
  const asked = question.slice(0, at).lastIndexOf("?") + 1;
  const scene = question.slice(asked, at);
  // So does one asking what is on at that hour ("It's 2am in Tokyo. Which service would I get?").
  // Any part may ask so: "…what do you call that stretch, what do the services at that time lean toward, and is there a blessing…?"
  const asksHour = partsOf(question).some((part) => asksAfterHour(askingClause(part)));
  const kept = `${question.slice(0, asked)}${asksHour ? scene : withoutTimes(scene)}${question.slice(at)}`;
  // One asking which watch it is where they are ("Hei from Oslo! It's December and almost 22:00") asks by the clock, not the season.
  // One asking after the next watch has that watch's start and name beside the hour too (next-watch.ts).
  const timed = withWeatherWords(withWatchStarts(withSpanNames(withNextWatch(kept, spans), spans)));
  if (!/\b(?:watch(?:es)?|slots?)\b/i.test(asking)) return withPlaceHalves(timed);
  // Its place says only where that clock is: the hour tells the watch, and a guide's example naming the place
  // ("such as Europe/Lisbon") is no answer to it.
  return withoutTimes(kept) === kept ? timed : withoutPlaces(timed);
}
