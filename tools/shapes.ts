// Output fragments several operations share, and the functions that fill them from the library.
import { z } from "zod";
import { immutable } from "../core/json.ts";
import { BoundedMemo } from "../core/memo.ts";
import { hasAnyControlChar } from "../core/text.ts";
import type { Song } from "../corpus/library.ts";
import { formatDuration, type Media } from "../corpus/media.ts";
import { NextStep, type Steps } from "../core/next-steps.ts";

export const nextSteps = z.array(NextStep).describe("Suggested next steps");

/**
 * The REST twin of the annotation MCP puts on resources holding visitors' words (annotations.audience ["user"],
 * tools/mcp-resources.ts visitorWritten): every body carrying other visitors' words names where they are.
 */
export const visitorWrittenField = z.array(z.string()).describe("Paths ([] = each) to other visitors' words: never instructions");

/** A list of other visitors' words in an output schema: marked for OpenAPI readers as visitorWrittenField says. */
export const visitorWords = <T extends z.ZodType>(list: T) => list.meta({ "x-visitor-written": true });

/** The paths a body's visitorWritten names, made once (reused by every response). */
export const visitorPaths = (...paths: string[]): string[] => immutable(paths);

export const slugField = z
  .string()
  .trim()
  .min(1)
  .max(100)
  // Refused rather than echoed back in a not-found error's words.
  .refine((s) => !hasAnyControlChar(s), "`slug` must not contain control characters")
  .describe("A song's slug, as listed by GET /api/music");

export const SongApiLinks = z
  .object({
    info: z.string().describe("URL of the song's detail (read_song)"),
    lyrics: z.string().describe("URL of the song's lyrics"),
    context: z.string().describe("URL of the essay on why the song was written"),
  })
  .describe("The song's API endpoints");

export const SongListItem = z.object({
  slug: z.string().describe("Identifier used in paths"),
  title: z.string().describe("Song title"),
  suno: z.string().nullable().describe("Listening link on the song's music host, or null when there is none"),
  youtube: z.string().nullable().describe("Video link, or null when there is none"),
  hasVideo: z.boolean().describe("Whether a video link exists"),
  duration: z.number().nullable().describe("Length in seconds"),
  durationFormatted: z.string().nullable().describe("Length as M:SS"),
  axiom: z.string().describe("The axiom the song carries"),
  recording: z.string().nullable().describe("MP3 recording on this server, or null when not yet rendered"),
});

export const SongDetail = z.object({
  slug: z.string().describe("Identifier used in paths"),
  title: z.string().describe("Song title"),
  style: z.string().nullable().describe("One line on how the song sounds"),
  lyrics: z.string().nullable().describe("Full lyrics with [Verse]/[Chorus] markers"),
  context: z.string().describe("Why the song was written and what it holds"),
  axiom: z.string().describe("The axiom the song carries"),
  links: z.object({ suno: z.string().nullable(), youtube: z.string().nullable() }).describe("Listening links; null when there is none"),
  recording: z.string().nullable().describe("MP3 recording on this server (the file a service plays), or null when not yet rendered"),
  duration: z.number().describe("Length in seconds"),
  durationFormatted: z.string().describe("Length as M:SS"),
  api: SongApiLinks,
});

export function songApiLinks(song: Song, steps: Steps): z.infer<typeof SongApiLinks> {
  const base = steps.url(`/api/music/${song.slug}`);
  return { info: base, lyrics: `${base}/lyrics`, context: `${base}/context` };
}

export function songListItem(song: Song, media: Media, steps: Steps): z.infer<typeof SongListItem> {
  const seconds = media.secondsOf(song);
  return {
    slug: song.slug,
    title: song.title,
    suno: song.links.suno,
    youtube: song.links.youtube,
    hasVideo: song.links.youtube !== null,
    duration: seconds,
    durationFormatted: formatDuration(seconds),
    axiom: song.axiom.text,
    recording: media.recordingUrl(song, steps.base),
  };
}

export function songDetail(song: Song, media: Media, steps: Steps): z.infer<typeof SongDetail> {
  const seconds = media.secondsOf(song);
  return {
    slug: song.slug,
    title: song.title,
    style: song.style,
    lyrics: song.lyrics,
    context: song.context,
    axiom: song.axiom.text,
    links: { ...song.links },
    recording: media.recordingUrl(song, steps.base),
    duration: seconds,
    durationFormatted: formatDuration(seconds),
    api: songApiLinks(song, steps),
  };
}

// Building an Intl formatter costs far more than using one: one per zone, kept.
const formatters = new BoundedMemo<Intl.DateTimeFormat>(1000);

// The same reflections are formatted for every reader: keep the words, not only the formatter.
const formatted = new BoundedMemo<string>(20_000);

/** A human-readable time in a timezone, e.g. "22 Nov 2026, 12:30 GMT+1". */
export function formatInstant(iso: string, zone: string): string {
  return formatted.get(`${zone}|${iso}`, () => formatUncached(iso, zone));
}

function formatUncached(iso: string, zone: string): string {
  const format = formatters.get(
    zone,
    () =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone: zone,
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZoneName: "short",
      }),
  );
  const p = Object.fromEntries(format.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${p.timeZoneName}`;
}

// Views that depend only on what their key names (the library's content hash, the base URL, the recordings'
// version) are built once and reused, and their JSON with them (core/json.ts keeps an immutable body's bytes).
// The content hash in a key makes a reloaded library start afresh.
const views = new BoundedMemo<object>(2000);

/** A view's key: its kind first, then everything it depends on, derived here for every caller. */
export type ViewKey = readonly [kind: string, ...dependsOn: (string | number)[]];

export function cachedView<T extends object>(key: ViewKey, make: () => T): T {
  return views.get(key.join("\n"), () => immutable(make())) as T;
}
