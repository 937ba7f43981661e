// GET /api/reflections/song/:slug — every reflection on one song, newest first (the archive); with `limit`, one
// page of it at a time, `before` naming where the last page ended (tools/archive-page.ts).
import { z } from "zod";
import { unknownSong } from "./song-meant.ts";
import { SONG_ARCHIVE, archiveAnswer, archiveFields, archiveQuery, startOf } from "./archive-page.ts";
import { defineOperation } from "./operation.ts";
import { nextSteps, slugField } from "./shapes.ts";

export const reflectionsSong = defineOperation({
  name: "reflections-song",
  summary: "Every reflection on one song",
  input: z.strictObject({ slug: slugField, ...archiveQuery }),
  output: z.object({
    slug: z.string().describe("Song slug"),
    title: z.string().describe("Song title"),
    ...archiveFields(SONG_ARCHIVE),
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/reflections/song/:slug" },
  errors: ["not_found", "unavailable"],
  async handler(input, ctx) {
    const { steps } = ctx;
    const { slug, limit } = input;
    const song = ctx.library.song(slug);
    if (!song) throw unknownSong(slug, ctx.library.songs, steps, (meant) => `/api/reflections/song/${meant}`);
    const after = startOf(input);
    // Without a limit, every reflection after `before` (all of them without it): the specification's archive.
    const [page, total] = await Promise.all([
      ctx.reflections.songPage(slug, limit, after),
      limit === undefined && !after ? null : ctx.reflections.songCount(slug),
    ]);
    const { fields, olderStep } = archiveAnswer(SONG_ARCHIVE, page, total, input, `/api/reflections/song/${slug}`, steps);
    return {
      slug,
      title: song.title,
      ...fields,
      next_steps: [
        ...olderStep,
        steps.post(
          "Leave a reflection on this song",
          "/api/reflect",
          { name: "<your name>", text: "<20 to 1000 characters>", songSlug: slug },
          { tool: "reflect", action: "reflect" },
        ),
        steps.get("Read the song", `/api/music/${slug}`, {}, { tool: "read_song", action: "read_song" }),
      ],
    };
  },
});
