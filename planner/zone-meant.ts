// The timezone a visitor most likely meant by a name the tz database does not have: a slip of a letter or two
// ("Europe/Berln"), a city without its area ("Tokyo", "new york"). An unknown name still places the visitor as a
// place unknown (docs/behaviour.md §2); this only lets the answer say which name to send instead.
import leven from "leven";
import { BoundedMemo } from "../core/memo.ts";
import { placedZones, zoneLinks } from "./time.ts";
import { ONE_CLOCK, SHARED_CLOCKS, type ClockOf } from "./zone-abbreviations.ts";

// Canonical zones before links, so a tie names the zone the database itself keeps.
const NAMES = [...placedZones(), ...zoneLinks()];
const LOWER = NAMES.map((name) => name.toLowerCase());
/** A zone's last segment, its city ("America/Argentina/Buenos_Aires" → "buenos_aires"). */
const CITIES = LOWER.map((name) => name.slice(name.lastIndexOf("/") + 1));

/** Letters that may be wrong: none below five (three-letter abbreviations such as JST are no slips of EST), at most three. */
const slipsFor = (length: number) => Math.min(3, Math.floor(length / 5));

/**
 * The closest tz name within a few slips of `spelling`, or undefined. With an area ("Europe/…") the whole name is
 * compared; without one, the cities. Spaces count as the database's underscores.
 */
function meantUncached(spelling: string): string | undefined {
  const typed = spelling.trim().toLowerCase().replace(/\s+/g, "_");
  const slips = slipsFor(typed.length);
  if (slips === 0) return undefined;
  const against = typed.includes("/") ? LOWER : CITIES;
  let best: number | undefined;
  let bestDistance = slips + 1;
  for (let i = 0; i < against.length && bestDistance > 0; i++) {
    // A length apart by more than the slips allowed cannot be within them (cheaper than measuring).
    if (Math.abs(against[i].length - typed.length) >= bestDistance) continue;
    const distance = leven(typed, against[i], { maxDistance: bestDistance });
    if (distance < bestDistance) [best, bestDistance] = [i, distance];
  }
  return best === undefined ? undefined : NAMES[best];
}

// Spellings come from visitors: kept within a bound, so a stream of new ones measures each once and holds few.
const meant = new BoundedMemo<string | undefined>(512);

/** The tz name a visitor probably meant by `spelling` (one the database does not have), if one is close enough. */
export function zoneMeant(spelling: string): string | undefined {
  return ONE_CLOCK.get(spelling.trim().toLowerCase()) ?? meant.get(spelling, () => meantUncached(spelling));
}

/** The places an abbreviation several clocks share is read as (IST: India, Ireland, Israel), or undefined. */
export function clocksShared(spelling: string): readonly ClockOf[] | undefined {
  return SHARED_CLOCKS.get(spelling.trim().toLowerCase());
}
