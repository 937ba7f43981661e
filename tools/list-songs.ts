// GET /api/music — the song catalog.
import { z } from "zod";
import { defineOperation } from "./operation.ts";
import { SongListItem, cachedView, nextSteps, songListItem } from "./shapes.ts";

export const listSongs = defineOperation({
  name: "list-songs",
  summary: "The song catalog",
  description: "Every song in the library with its axiom, length, listening links and recording.",
  input: z.strictObject({}),
  output: z.object({
    songs: z.array(SongListItem).describe("Songs, by title"),
    total: z.number().int().describe("Number of songs in the catalog"),
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/music" },
  handler(_input, ctx) {
    const { steps } = ctx;
    return cachedView(["songs", steps.base, ctx.library.contentHash, ctx.media.version], () => {
      const songs = ctx.library.songs.map((s) => songListItem(s, ctx.media, steps));
      const first = songs[0];
      return {
        songs,
        total: songs.length,
        next_steps: [
          ...(first
            ? [steps.get(`Read a song, for example "${first.title}"`, `/api/music/${first.slug}`, {}, { action: "read_song", tool: "read_song" })]
            : []),
          ...steps.home(),
        ],
      };
    });
  },
});
