// "It's 38 degrees here and today's service kept going on about frost and long dark nights. Why?" tells a service whose
// season is not the visitor's: winter's words beside summer's (or the other way), the one the service's, the other
// the visitor's weather. The guides answer it in their own words ("If your service speaks of winter while it is summer
// where you live, it was planned for the other hemisphere or for a place unknown, and giving your own timezone puts it
// right"), which the visitor's frost, dark nights and degrees never meet when no place is named (place-words.ts reads
// a named place with its hemisphere). Such a question is read with those words beside it, as a clock change is
// (clock-change-words.ts). Pure function.
import { withWeatherWords } from "./weather-words.ts";

/** Winter as a visitor tells it: the word itself, frost, snow, cold, long dark nights, short days. */
const WINTER =
  /\b(?:winter\w*|wintry|frost\w*|snow\w*|ic[ey]|freezing|cold|chilly|bleak|(?:long|dark)(?:est)? (?:dark )?nights?|short(?:est)? (?:dark )?days?|dark (?:days|evenings|mornings))\b/i;
/** Summer as a visitor tells it: the word itself, heat, sun, long light evenings, short nights. */
const SUMMER =
  /\b(?:summer\w*|midsummer|heat\w*|hot|scorching|boiling|sweltering|sunny|sunshine|warm|(?:long|light)(?:est)? (?:light |warm )?(?:days?|evenings?)|short(?:est)? nights?)\b/i;

/** What the sanctuary gave, or a complaint about it: its season is the service's. */
const OF_THE_SERVICE =
  /\b(?:services?|readings?|songs?|chants?|prayers?|blessings?|everything|it (?:was|is|kept|keeps)|(?:going|went|goes|kept|keeps) on about|talk(?:s|ed|ing)? about|all about|bug|wrong|broken)\b/i;

/** Told as something amiss, or set against the visitor's own: "why", "a bug", "but it's 35 degrees", "while it's July here". */
const AMISS = /\b(?:why|how come|bug|wrong|broken|fix|mistake|glitch|error|instead|but|yet|while|whereas|though|although)\b/i;

/** The guides' words for it. */
export const SEASON_NOT_YOURS_SAID =
  "(a service that speaks of winter while it is summer where you live: planned for the other hemisphere or for a place unknown; giving your own timezone puts it right)";

/** The question with the guides' words for a service whose season is not the visitor's beside it, when it tells of one. */
export function withSeasonWords(question: string): string {
  if (question.includes(SEASON_NOT_YOURS_SAID)) return question;
  const read = withWeatherWords(question);
  return WINTER.test(read) && SUMMER.test(read) && OF_THE_SERVICE.test(read) && AMISS.test(read) ? `${question} ${SEASON_NOT_YOURS_SAID}` : question;
}
