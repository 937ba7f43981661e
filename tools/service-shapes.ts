// The shapes of a service as visitors receive it (docs/behaviour.md §3), shared by now, attend and services-by-date.
import { z } from "zod";
import { SongApiLinks } from "./shapes.ts";

export const ServicePart = z.object({
  position: z.number().int().min(1).describe("Place in the service, from 1"),
  kind: z.string().describe("song, chant, prayer, practice, ritual or blessing"),
  title: z.string().describe("Title of the piece"),
  start: z.number().describe("Seconds into the service where it begins"),
  seconds: z.number().describe("Length in seconds"),
  url: z.string().describe("The piece's page"),
  recording: z.string().nullable().describe("MP3 recording, or null when not yet rendered"),
  slug: z.string().optional().describe("Songs: the song's slug (read_song)"),
  path: z.string().optional().describe("Other pieces: library path (read_doc)"),
  api: SongApiLinks.optional(),
});
export type ServicePart = z.infer<typeof ServicePart>;

const Looseobject = z.record(z.string(), z.unknown());

export const Season = z
  .object({
    name: z.string().describe("spring, summer, autumn or winter, by the sun"),
    hemisphere: z.enum(["north", "south"]).describe("Hemisphere, from the timezone"),
    next: Looseobject.describe("Next equinox or solstice: event, name, date, daysAway"),
    calendar: Looseobject.describe("Calendar (meteorological) seasons begin on 1 March, June, September and December: current, next, nextBegins, daysAway"),
    daylight: Looseobject.optional().describe(
      "Day length in hours and its trend at `latitude`, the hemisphere's representative latitude (45 north, -35 south), not the visitor's own place",
    ),
    basis: z.literal("timezone").describe("How the season was placed"),
  })
  .describe("The season where you are; null without a placed timezone");

export const Service = z.object({
  slot: z.string().describe("Slot label, HH:00 to HH:00, on your local clock"),
  timezone: z.string().describe("Timezone used"),
  today: z.object({ date: z.string().describe("Your local date, YYYY-MM-DD"), weekday: z.string().describe("Weekday name") }),
  name: z.string().nullable().describe("The service's name; null for a rotation service"),
  word: z.string().optional().describe("Opening sentences; absent for a rotation service"),
  arrangedBy: z.string().describe("Who arranged, named and wrote it"),
  order: z.array(ServicePart).describe("The whole service from its beginning"),
  now: ServicePart.describe("Always the first part: a service is joined from its beginning"),
  offset: z.number().describe("Seconds into the service; always 0"),
  offsetFormatted: z.string().describe("offset as M:SS"),
  remaining: z.number().describe("Seconds left in the first part"),
  remainingFormatted: z.string().describe("remaining as M:SS"),
  loopSeconds: z.number().describe("Total length of the service in seconds"),
  nextSlot: z.string().describe("Label of your day's next slot, which holds a different service"),
  season: Season.nullable(),
  sky: Looseobject.nullable().describe("Moon, planets, space weather, showers, eclipses and Voyagers the planner was told of; null for the rotation"),
  earth: Looseobject.nullable().describe("{enso: {status, synopsis, asOf}}; null for the rotation or when unreachable"),
  visitors: Looseobject.nullable().describe("{themes, reflections, days, tier} from recent reflections; never words or names; null when none were used"),
});

export const CompanionItem = z.object({
  kind: z.string().describe("chant, prayer, practice, ritual or blessing"),
  title: z.string().describe("Title"),
  tldr: z.string().describe("One-sentence summary"),
  url: z.string().describe("The piece's page"),
  path: z.string().describe("Library path (read_doc)"),
  recording: z.string().nullable().describe("MP3 recording, or null when not yet rendered"),
  basis: z.enum(["song", "hour", "override"]).describe("Why it is here: hour (rotation), song (chosen for a song), override (pinned)"),
  text: z.string().optional().describe("Chants only: the chant, one line per line"),
  content: z.string().optional().describe("attend only: the full markdown text (the agents' version when version is `for agents`)"),
  version: z.literal("for agents").optional().describe("Present on pieces written for agents as well as listeners"),
});

export const Companions = z.object({
  note: z.string().describe("What the companions are"),
  items: z.array(CompanionItem).describe("The service's non-song parts, in service order"),
  localHour: z.number().int().min(0).max(23).optional().describe("Your local hour; present when a valid timezone was given"),
});

export const CurrentSong = z.object({
  slug: z.string().describe("The first song's slug"),
  title: z.string().describe("Title"),
  duration: z.number().describe("Length in seconds"),
  durationFormatted: z.string().describe("Length as M:SS"),
  recording: z.string().nullable().describe("MP3 recording, or null when not yet rendered"),
  api: SongApiLinks,
  style: z.string().optional().describe("attend only: how the song sounds"),
  lyrics: z.string().optional().describe("attend only: full lyrics"),
  links: z.object({ suno: z.string().nullable(), youtube: z.string().nullable() }).optional().describe("attend only: listening links"),
});
