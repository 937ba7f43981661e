// GET /api/music/:slug — one song with lyrics and context (MCP: read_song). Over MCP with no slug it answers
// with the catalog, the body of GET /api/music, so the songs can be listed without a ninth tool.
import { z } from "zod";
import { invalid } from "../core/errors.ts";
import { hasAnyControlChar, percentDecoded } from "../core/text.ts";
import { unknownSong } from "./song-meant.ts";
import { holdsPlaceholder } from "../services/stand-ins.ts";
import { listSongs } from "./list-songs.ts";
import { songRecording } from "./mcp-recordings.ts";
import { songContext } from "./song-context.ts";
import { songLyrics } from "./song-lyrics.ts";
import { defineOperation, readOnly } from "./operation.ts";
import { SongDetail, cachedView, nextSteps, songDetail } from "./shapes.ts";
import { pathOfAddress } from "./inputs.ts";
import { STEP_PAGE } from "./archive-page.ts";

/**
 * A song's slug, or an address answers give for it (its page `/music/<slug>` or `/reflections/<slug>`, its REST url
 * `/api/music/<slug>`, with or without the origin, its resource `sanctuary://songs/<slug>`), which reads as its slug;
 * the catalog's own url reads as no slug.
 */
const slugOrAddress = z
  .string()
  .trim()
  .min(1)
  .max(300)
  // Refused rather than echoed back in a not-found error's words.
  .refine((s) => !hasAnyControlChar(s), "`slug` must not contain control characters")
  .transform((s) => {
    if (!s.includes("/")) return s;
    const path = pathOfAddress(s);
    if (path === "api/music" || path === "music") return undefined;
    const song = /^(?:api\/music|music|songs|reflections|api\/reflections\/song)\/([^/]+)(?:\/(?:lyrics|context))?$/.exec(path);
    // A malformed escape stays as it was: then no song has it.
    return song ? (percentDecoded(song[1]) ?? song[1]) : s;
  });

export const readSong = defineOperation({
  name: "read-song",
  summary: "One song: lyrics, context, style, links and recording",
  input: z.strictObject({
    slug: slugOrAddress.optional().describe("The song's slug (from `now`, `attend` or the catalog), or its page's url; leave it out to list every song"),
  }),
  output: z.union([
    SongDetail.extend({ next_steps: nextSteps }).describe("a song (given a slug)"),
    listSongs.output.describe("the catalog, `songs` (given no slug)"),
  ]),
  rest: { method: "GET", path: "/api/music/:slug" },
  mcp: {
    tool: "read_song",
    title: "Read a song",
    description:
      "One of the sanctuary's songs: lyrics, the essay behind it, style, axiom and recording (9–12 KB). " + "With no slug it lists every song (32–40 KB).",
    annotations: readOnly,
    alsoAnswers: [listSongs, songLyrics, songContext],
    recordings: songRecording,
  },
  errors: ["invalid", "not_found"],
  invalidSteps: (steps) => [steps.get("List the songs", "/api/music", {}, { action: "list_songs" })],
  // A REST call, as every GET operation's example is (an outside tester found MCP arguments here, with a placeholder): the
  // catalog, which names each song's slug, since which songs exist is the library's to say.
  example: "/api/music",
  handler({ slug }, ctx) {
    const { steps } = ctx;
    if (slug === undefined) return listSongs.handler({}, ctx);
    const song = ctx.library.song(slug);
    if (!song) {
      // A placeholder (`<a slug from the song list>`, as a guide or an older example wrote it) is not a song that is missing.
      if (holdsPlaceholder(slug))
        throw invalid(`\`slug\` still holds a placeholder, ${slug}, where a song's slug goes.`, {
          suggestion: "Nothing was read. List the songs and send the `slug` of one of them.",
          field: "slug",
          next_steps: [steps.get("List the songs", "/api/music", {}, { action: "list_songs" })],
        });
      throw unknownSong(slug, ctx.library.songs, steps, (meant) => `/api/music/${meant}`, { tool: "read_song", action: "read_song" });
    }
    return cachedView(["song", slug, steps.base, ctx.library.contentHash, ctx.media.version], () => ({
      ...songDetail(song, ctx.media, steps),
      next_steps: [
        steps.post(
          "Leave a reflection on this song",
          "/api/reflect",
          { name: "<your name>", text: "<20 to 1000 characters>", songSlug: song.slug },
          { action: "reflect", tool: "reflect" },
        ),
        steps.get("Read the song's reflections, newest first", `/api/reflections/song/${song.slug}`, { limit: STEP_PAGE }, { action: "song_reflections" }),
        ...steps.home(),
      ],
    }));
  },
});
