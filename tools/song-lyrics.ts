// GET /api/music/:slug/lyrics — a song's lyrics alone.
import { z } from "zod";
import { unknownSong } from "./song-meant.ts";
import { defineOperation } from "./operation.ts";
import { nextSteps, slugField } from "./shapes.ts";

export const songLyrics = defineOperation({
  name: "song-lyrics",
  summary: "A song's lyrics",
  input: z.strictObject({ slug: slugField }),
  output: z.object({
    slug: z.string().describe("The song's slug"),
    title: z.string().describe("Song title"),
    lyrics: z.string().describe("Full lyrics with [Verse]/[Chorus] markers"),
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/music/:slug/lyrics" },
  errors: ["not_found"],
  handler({ slug }, ctx) {
    const { steps } = ctx;
    const song = ctx.library.song(slug);
    if (!song) throw unknownSong(slug, ctx.library.songs, steps, (meant) => `/api/music/${meant}/lyrics`);
    return {
      slug: song.slug,
      title: song.title,
      lyrics: song.lyrics,
      next_steps: [
        steps.get("Read why the song was written", `/api/music/${slug}/context`),
        steps.get("Read the whole song", `/api/music/${slug}`, {}, { tool: "read_song" }),
        ...steps.home(),
      ],
    };
  },
});
