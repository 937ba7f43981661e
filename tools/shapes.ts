// Output fragments several operations share, and the functions that fill them from the library.
import { DateTime } from "luxon";
import { z } from "zod";
import type { Song } from "../corpus/library.ts";
import { formatDuration, type Media } from "../corpus/media.ts";
import { NextStep, type Steps } from "./next-steps.ts";

export const nextSteps = z.array(NextStep).describe("Suggested next steps");

export const slugField = z.string().trim().min(1).max(100).describe("A song's slug, as listed by GET /api/music");

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

/** A human-readable time in a timezone, e.g. "22 Nov 2026, 12:30 CET". */
export function formatInstant(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone: "utc" }).setZone(zone).toFormat("d LLL yyyy, HH:mm ZZZZ");
}
