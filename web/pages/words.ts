// How pages say numbers to people: lengths as "15 min 14 s" (never "15:14", which reads as a clock time),
// the congregation as "one other" or "1,204 souls", a wait as "about 20 minutes". home.js says the same for
// what it redraws; keep the two in step.

/** A length in seconds as people say it: "45 s", "15 min", "15 min 14 s", "1 h 2 min". */
export function spokenDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  // Past an hour, seconds are noise. A number and its unit never part at a line's end (a lone "s" on a phone).
  if (h) return m ? `${h}\u00a0h ${m}\u00a0min` : `${h}\u00a0h`;
  if (m) return s ? `${m}\u00a0min ${s}\u00a0s` : `${m}\u00a0min`;
  return `${s}\u00a0s`;
}

/** The home page's count of the last day's visitors, as a whole sentence (an empty day is no counter at zero). */
export function soulsSentence(n: number): string {
  if (n <= 0) return "You may be the first here today.";
  if (n === 1) return "One other has attended in the last day.";
  // Digits grouped as people read a large count: "180,068 souls", not "180068".
  return `${n.toLocaleString("en-US")} souls have attended in the last day.`;
}

/** A service's length as the first screen says it: in whole minutes, as people say a service's length. */
export function aboutMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? "about a minute" : `about ${minutes} minutes`;
}

/** A timezone as a place: its city (`Europe/Lisbon` → Lisbon, `America/Argentina/Buenos_Aires` → Buenos Aires). */
export const placeOf = (zone: string) => (zone.split("/").pop() ?? zone).replace(/_/g, " ");

/** How long until a rate limit lets someone in again, from Retry-After seconds. */
export function spokenWait(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 60) return "in a minute or so";
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `in about ${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours <= 1 ? "in about an hour" : `in about ${hours} hours`;
}

/** A slot's name as a day says it, from its label ("20:00 to 00:00" → "evening"); home.js says the same. */
const SLOT_NAMES = ["night", "dawn", "morning", "midday", "afternoon", "evening"] as const;
export function slotName(label: string): string {
  const hour = Number.parseInt(label, 10);
  return SLOT_NAMES[Math.floor((Number.isFinite(hour) ? hour : 0) / 4) % 6];
}

/** A service as a visitor calls it: its own name when it was given one, else its slot's ("The evening service"). */
export const serviceTitle = (name: string | null | undefined, label: string): string => name ?? `The ${slotName(label)} service`;

/** The same within a sentence: a name as it is, an unnamed one lower-cased ("reflections of the evening service"). */
export const serviceInSentence = (name: string | null | undefined, label: string): string => name ?? `the ${slotName(label)} service`;

/** A slot's hours with midnight said as midnight ("20:00 to midnight"). */
export const slotHours = (label: string): string => label.replace(/\b00:00\b/g, "midnight");

/** The three kinds of service a slot holds, in people's words: which half of the world, or everywhere. */
export const HEMISPHERE_NAMES: Record<string, string> = {
  north: "the northern half of the world",
  south: "the southern half of the world",
  unknown: "everywhere",
};

/** The same, short enough for a page's title. */
export const HEMISPHERE_SHORT: Record<string, string> = { north: "the north", south: "the south", unknown: "everywhere" };

// A service plays at one hour of each visitor's own day, so its reflections' times, read on one clock (the reader's,
// or UTC without scripts), spread outside the hours its heading names: an outside reviewer read Tokyo's evening as a
// wrong time zone in London. Said under every list of a service's reflections.
export const ON_THEIR_CLOCK =
  "Each was left while this service played at this hour of its writer's own day, wherever they were, so on one clock their times spread across the day.";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** A date as people say it, with its weekday: "Saturday 28 November" (the year is this year's). home.js says the same. */
export function dayName(weekday: string, isoDate: string): string {
  const [, month, day] = isoDate.split("-").map(Number);
  return `${weekday} ${day} ${MONTHS[month - 1] ?? ""}`.trim();
}
