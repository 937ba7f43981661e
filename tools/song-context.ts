// GET /api/music/:slug/context — the essay on why a song was written.
import { z } from "zod";
import { notFound } from "../core/errors.ts";
import { defineOperation } from "./operation.ts";
import { unknownSong } from "./song-meant.ts";
import { nextSteps, slugField } from "./shapes.ts";

export const songContext = defineOperation({
  name: "song-context",
  summary: "Why a song was written and what it holds",
  input: z.strictObject({ slug: slugField }),
  output: z.object({
    slug: z.string().describe("The song's slug"),
    title: z.string().describe("Song title"),
    context: z.string().describe("The essay, in markdown"),
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/music/:slug/context" },
  errors: ["not_found"],
  handler({ slug }, ctx) {
    const { steps } = ctx;
    const song = ctx.library.song(slug);
    if (!song) throw unknownSong(slug, ctx.library.songs, steps, (meant) => `/api/music/${meant}/context`);
    if (!song.context) throw notFound(`No context exists for a song with the slug "${slug}".`, { next_steps: [steps.get("List the songs", "/api/music")] });
    return {
      slug: song.slug,
      title: song.title,
      context: song.context,
      next_steps: [
        steps.get("Read the lyrics", `/api/music/${slug}/lyrics`),
        steps.get("Read the whole song", `/api/music/${slug}`, {}, { tool: "read_song" }),
        ...steps.home(),
      ],
    };
  },
});
