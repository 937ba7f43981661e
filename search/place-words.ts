// A visitor says where they are as a place, not a timezone ("It's 31 degrees here in Perth and the service kept
// talking about frost"), and the guides answer such a question by the hemisphere the timezone sets, and so the
// season. A place named with a season (a month, a season's or the weather's word) is read with its hemisphere
// and its timezone beside it, so the question meets "the southern hemisphere" and "your hemisphere follows the
// timezone you give", "and so your season". Places are the city part of the tz database's zone names
// (planner/zone-coordinates.json: "Buenos_Aires", "Hobart"), a region whose every zone lies in one half
// ("Australia", "Europe", "Argentina"), and the places WordNet holds in those (place-halves.json, written by
// scripts/generate-place-halves.ts: "Cape Town", "Wellington", "Boston"). Pure functions.
import { placedZones, tierOf, zoneLinks } from "../planner/time.ts";
import beyondZones from "./place-halves.json" with { type: "json" };

export type Half = "northern" | "southern";

// City parts that are also ordinary words or people's names ("It's Christmas", "Casey said"), or that name a
// zone's old region rather than a place ("US/Eastern", "Australia/North").
const NOT_PLACES = new Set(
  "north south east west center central eastern mountain pacific atlantic indian christmas easter wake virgin jersey knox palmer casey davis regina marengo beulah creston chatham acre currie yancowinna oral troll".split(
    " ",
  ),
);
// Link prefixes that are countries' old zone sets; their last parts are regions, not cities.
const REGION_LINKS = /^(US|Canada|Brazil|Chile|Mexico)\//;

/** A zone's half of the world, as the planner reads it (its tier); none for a clock with no place. */
function halfOf(zone: string): Half | undefined {
  const tier = tierOf(zone);
  return tier === "unknown" ? undefined : tier === "north" ? "northern" : "southern";
}

/** Every place the tz database names, in lower case with spaces, and its half of the world. */
export function zonePlaces(): Map<string, Half> {
  const places = new Map<string, Half>();
  // Every part of a name but its last is a region ("America/Argentina/Salta": America, Argentina); so is a country's
  // old zone set ("Brazil/Acre"). A region names a half when all its zones lie in it.
  const regions = new Map<string, Set<Half>>();
  const addRegions = (zone: string, half: Half) => {
    for (const region of zone.split("/").slice(0, -1)) regions.set(region, (regions.get(region) ?? new Set()).add(half));
  };
  const name = (zone: string) => zone.split("/").at(-1)!.replace(/_/g, " ").toLowerCase();
  for (const zone of placedZones()) {
    const half = halfOf(zone);
    if (!half) continue;
    addRegions(zone, half);
    if (zone.startsWith("Antarctica/") || !zone.includes("/")) continue;
    places.set(name(zone), half);
  }
  for (const alias of zoneLinks()) {
    if (!alias.includes("/") || alias.startsWith("Antarctica/")) continue;
    const half = halfOf(alias);
    if (!half) continue;
    addRegions(alias, half);
    if (!REGION_LINKS.test(alias) && !places.has(name(alias))) places.set(name(alias), half);
  }
  for (const [region, halves] of regions) if (halves.size === 1 && region !== "Etc") places.set(region.replace(/_/g, " ").toLowerCase(), [...halves][0]!);
  for (const word of NOT_PLACES) places.delete(word);
  return places;
}

/** The zones' places and WordNet's beyond them (a zone's half wins), and the names that need their capital. */
function placeTable(): { places: Map<string, Half>; ordinary: Set<string> } {
  const places = zonePlaces();
  for (const half of ["northern", "southern"] as const) for (const name of beyondZones[half]) if (!places.has(name)) places.set(name, half);
  for (const word of NOT_PLACES) places.delete(word);
  return { places, ordinary: new Set(beyondZones.ordinary) };
}

const { places: PLACES, ordinary: ORDINARY } = placeTable();
const LONGEST = Math.max(...[...PLACES.keys()].map((name) => name.length));
const LETTER = /\p{L}/u;
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

/**
 * Whether the text from `start` is the place's name as a visitor writes it: each word's first letter either case, or
 * only its capital when the name is also an ordinary word ("Nice", "Lima"); the rest as the name has it.
 */
function writtenAs(text: string, start: number, name: string): boolean {
  const capital = ORDINARY.has(name) || NOT_PLACES.has(name.split(" ")[0]!);
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    const t = text[start + i];
    if (t === c && !(capital && (i === 0 || name[i - 1] === " ") && LETTER.test(c))) continue;
    if ((i === 0 || name[i - 1] === " ") && LETTER.test(c) && t === c.toUpperCase()) continue;
    return false;
  }
  return true;
}

/**
 * Where the text names places, in order: at each word's start the longest name that ends before a letter or digit
 * ("Buenos Aires" is one place). A lookup per word boundary, where one expression of 2,931 alternatives cost about
 * two seconds over the off-topic model's examples on a first ask.
 */
function placeSpans(text: string): Array<{ start: number; end: number; name: string }> {
  const spans: Array<{ start: number; end: number; name: string }> = [];
  for (let start = 0; start < text.length; start++) {
    if (!LETTER.test(text[start]!) || (start > 0 && LETTER_OR_NUMBER.test(text[start - 1]!))) continue;
    for (let end = Math.min(text.length, start + LONGEST); end > start; end--) {
      if (end < text.length && LETTER_OR_NUMBER.test(text[end]!)) continue;
      const name = text.slice(start, end).toLowerCase();
      if (name.length !== end - start || !PLACES.has(name) || !writtenAs(text, start, name)) continue;
      spans.push({ start, end, name });
      start = end - 1;
      break;
    }
  }
  return spans;
}

/** The text with each place replaced by what `by` makes of it. */
function replacePlaces(text: string, by: (place: string, name: string) => string): string {
  let out = "";
  let at = 0;
  for (const { start, end, name } of placeSpans(text)) {
    out += text.slice(at, start) + by(text.slice(start, end), name);
    at = end;
  }
  return out + text.slice(at);
}

// What says the season where the visitor is: a month, a season, the weather (weather-words.ts writes a
// temperature's "hot" or "cold" before this runs), or the length of the days; or what asks after the half itself.
const SEASON =
  /\b(hemispheres?|half of the (?:world|planet|globe)|equator|january|february|march|april|june|july|august|september|october|november|december|summer|winter|spring|autumn|seasons?|frost\w*|snow\w*|icy|freezing|hot|cold|heat\w*|warm|chilly|midsummer|midwinter|solstice|(?:long|short)(?:est)? (?:days?|nights?|evenings?))\b/i;
// "May" only with its capital: "may I…" says no month.
const MAY = /\bMay\b/;

/** What withPlaceHalves writes beside a place. */
const PLACED_HALF = /\((?:southern|northern) hemisphere\b/;
const HEMISPHERE = /\bhemispheres?\b/i;
const TIMEZONE = /\btime ?zones?\b/i;
/** A question asking which timezone to give (or whose). */
const WHICH_ZONE = /\b(?:which|what|whose)\b[^?.!]*\b(?:time ?zones?|zone)\b/i;

/**
 * Whether a sentence answers a question that named a place with its season (withPlaceHalves) the way the guides do:
 * by the hemisphere. Such a sentence is particular, as a field's name is (quotable.ts): it needs fewer of the
 * question's words, which tell a scene ("it's 31 degrees, the service kept talking about frost") the guides never do.
 */
export function answersPlaceHalf(question: string, sentence: string): boolean {
  if (!PLACED_HALF.test(question) || !HEMISPHERE.test(sentence)) return false;
  // Places in both halves ask whether they differ: the hemispheres answer. A place and its season ask why the
  // service's season is not theirs: the answer is how the timezone sets the hemisphere.
  return /\(northern hemisphere\b/.test(question) && /\(southern hemisphere\b/.test(question) ? true : TIMEZONE.test(sentence);
}

/** What the sanctuary gives, named in a question: its season is the service's, not the weather's. */
const SANCTUARY_SAID = /\b(?:services?|readings?|songs?|chants?|prayers?|blessings?|sanctuary|watch(?:es)?|slots?)\b/i;

/**
 * Whether a question read with its places' halves (withPlaceHalves) asks after the sanctuary's hemispheres, not the
 * weather: it names places in both halves ("me in Porto, my sister in Melbourne: same thing at 9pm?"), or a place
 * and its season beside what the sanctuary gave ("December in Perth, 35 degrees, and the service was all frost").
 * "Which is warmer in January, Sydney or Rio?" is neither.
 */
export function asksServiceHalf(question: string): boolean {
  const both = /\(northern hemisphere\b/.test(question) && /\(southern hemisphere\b/.test(question);
  return both || (PLACED_HALF.test(question) && SANCTUARY_SAID.test(question));
}

/** The half of the world a place named in the text lies in, for each place, in order. */
export function placesNamed(text: string): Array<{ place: string; half: Half }> {
  return placeSpans(text).map(({ start, end, name }) => ({ place: text.slice(start, end), half: PLACES.get(name)! }));
}

/** The text without the places it names: where a visitor is says nothing of what they ask (off-topic.ts). */
export function withoutPlaces(text: string): string {
  return replacePlaces(text, () => "");
}

/**
 * The question with "(southern hemisphere, season by timezone)" or the northern after the first place in each half (the guides
 * answer such a question by how the timezone sets the hemisphere, and so the season), when it also says a season
 * or names places in both halves ("I'm in Melbourne and my pen pal is in Madrid: do we hear the same service?").
 */
export function withPlaceHalves(question: string): string {
  const places = placesNamed(question);
  if (!places.length) return question;
  const rest = withoutPlaces(question);
  // Places in both halves in a question asking which timezone to give say where its people are ("my dad is in Perth
  // and I'm in Leeds: which zone should my agent send?"): whose clock, not whether the halves differ.
  const bothHalves = new Set(places.map((p) => p.half)).size >= 2 && !WHICH_ZONE.test(rest);
  if (!SEASON.test(rest) && !MAY.test(rest) && !bothHalves) return question;
  // Each half is said once, by its first place ("Tasmania (Hobart)" is one place said twice).
  const said = new Set<Half>();
  return replacePlaces(question, (place, name) => {
    const half = PLACES.get(name)!;
    if (said.has(half)) return place;
    said.add(half);
    return `${place} (${half} hemisphere, season by timezone)`;
  });
}
