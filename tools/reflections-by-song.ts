// GET /api/reflections/by-song — songs with their reflection counts, most reflected first.
import { z } from "zod";
import { immutable } from "../core/json.ts";
import type { Library } from "../corpus/library.ts";
import { perContent } from "../corpus/per-content.ts";
import { perObject } from "../core/memo.ts";
import type { SongTally } from "../services/reflections.ts";
import { publicReflection, reflectionShape } from "./reflection-shape.ts";
import { defineOperation } from "./operation.ts";
import { nextSteps, visitorPaths, visitorWords, visitorWrittenField } from "./shapes.ts";
import { STEP_PAGE } from "./archive-page.ts";

const LATEST = ["name", "text", "createdAt"] as const;

const VISITOR_WORDS = visitorPaths("songs[].mostRecent.name", "songs[].mostRecent.text");

export const reflectionsBySong = defineOperation({
  name: "reflections-by-song",
  summary: "Songs with reflection counts",
  input: z.strictObject({}),
  output: z.object({
    songs: z
      .array(
        z.object({
          slug: z.string().describe("Song slug"),
          title: z.string().describe("Song title"),
          reflectionCount: z.number().int().describe("Reflections on this song, all time"),
          mostRecent: visitorWords(reflectionShape(...LATEST)).describe("The latest reflection"),
          url: z.string().describe("The song's public page (relative)"),
        }),
      )
      .describe("Songs with at least one reflection, most reflections first"),
    visitorWritten: visitorWrittenField,
    totalReflections: z.number().int().describe("All reflections"),
    totalSongs: z.number().int().describe("Songs with at least one reflection"),
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/reflections/by-song" },
  errors: ["unavailable"],
  async handler(_input, ctx) {
    const { steps } = ctx;
    const songs = songsOf(ctx.library)(await ctx.reflections.tally());
    return {
      songs,
      visitorWritten: VISITOR_WORDS,
      totalReflections: songs.reduce((n, s) => n + s.reflectionCount, 0),
      totalSongs: songs.length,
      next_steps: [
        ...songs.slice(0, 1).map((s) => steps.get(`Read the reflections on "${s.title}"`, `/api/reflections/song/${s.slug}`, { limit: STEP_PAGE })),
        ...steps.home(),
      ],
    };
  },
});

/** The songs' list from a tally, most reflected first. */
function songList(tally: Readonly<Record<string, SongTally>>, library: Library) {
  return Object.entries(tally)
    .filter(([slug]) => library.song(slug))
    .map(([slug, t]) => ({
      slug,
      title: library.song(slug)!.title,
      reflectionCount: t.count,
      mostRecent: publicReflection(t.mostRecent, LATEST),
      url: `/reflections/${slug}`,
    }))
    .sort((a, b) => b.reflectionCount - a.reflectionCount || (a.mostRecent.createdAt < b.mostRecent.createdAt ? 1 : -1));
}

// The list is the same for every reader until a reflection is written, which is when the store reads the tally again
// (a new object): made once per library content and tally, its JSON encoded once (it was made and written afresh on
// every read, some 64 songs with their latest words).
const songsOf = perContent((library) => perObject((tally: Readonly<Record<string, SongTally>>) => immutable(songList(tally, library))));
