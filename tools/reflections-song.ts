// GET /api/reflections/song/:slug — every reflection on one song, newest first (the archive); with `limit`, one
// page of it at a time, `before` naming where the last page ended (services/archive-cursor.ts).
import { z } from "zod";
import { resolveZone } from "../planner/time.ts";
import { unknownSong } from "./song-meant.ts";
import { CURSOR_MAX, cursorOf, placeOf } from "../services/archive-cursor.ts";
import { emptyAsAbsent, optionalWholeNumber, timezoneField } from "./inputs.ts";
import { publicReflection, reflectionShape } from "./reflection-shape.ts";
import { defineOperation } from "./operation.ts";
import { nextSteps, slugField, visitorPaths, visitorWords, visitorWrittenField } from "./shapes.ts";

/** The longest page: a few hundred reflections is about as much as a reader or a model's context takes at once. */
const PAGE_MAX = 500;
const FIELDS = ["id", "name", "text", "createdAt", "createdAtFormatted", "timezone"] as const;
const VISITOR_WORDS = visitorPaths("reflections[].name", "reflections[].text");

export const reflectionsSong = defineOperation({
  name: "reflections-song",
  summary: "Every reflection on one song",
  input: z.strictObject({
    slug: slugField,
    timezone: timezoneField.optional().describe("Formats createdAtFormatted on your clock"),
    limit: optionalWholeNumber(1, PAGE_MAX).describe(`At most this many, 1 to ${PAGE_MAX}; without it, every reflection`),
    // Empty is not given, as an empty `limit` is: `?before=` is a first page.
    before: emptyAsAbsent(
      z
        .string()
        .max(CURSOR_MAX)
        .refine((s) => placeOf(s) !== null, "`before` is not a place this archive gave: send the `before` of an `older` address as it came"),
    ).describe("Where the last page ended: the `before` of the `older` address a page returned"),
  }),
  output: z.object({
    slug: z.string().describe("Song slug"),
    title: z.string().describe("Song title"),
    reflections: visitorWords(z.array(reflectionShape(...FIELDS))).describe("Newest first, no time limit"),
    older: z
      .string()
      .nullable()
      .optional()
      .describe("With `limit`: the address of the next page (older reflections), or null on the last; absent without `limit`"),
    visitorWritten: visitorWrittenField,
    total: z.number().int().describe("How many the song holds in all"),
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/reflections/song/:slug" },
  errors: ["not_found", "unavailable"],
  async handler({ slug, timezone, limit, before }, ctx) {
    const { steps } = ctx;
    const song = ctx.library.song(slug);
    if (!song) throw unknownSong(slug, ctx.library.songs, steps, (meant) => `/api/reflections/song/${meant}`);
    const reader = timezone ? resolveZone(timezone) : null;
    const after = before === undefined ? undefined : (placeOf(before) ?? undefined);
    // Without a limit, every reflection after `before` (all of them without it): the specification's archive.
    const [page, total] = await Promise.all([
      ctx.reflections.songPage(slug, limit, after),
      limit === undefined && !after ? null : ctx.reflections.songCount(slug),
    ]);
    const reflections = page.reflections.map((r) => publicReflection(r, FIELDS, reader?.given ? reader.zone : undefined));
    const older = page.older && steps.get("Read older reflections", `/api/reflections/song/${slug}`, { limit, before: cursorOf(page.older), timezone });
    return {
      slug,
      title: song.title,
      reflections,
      // Only a paged answer says where the next page is: the whole archive's body stays the specification's.
      ...(limit === undefined ? {} : { older: older?.url ?? null }),
      visitorWritten: VISITOR_WORDS,
      total: total ?? reflections.length,
      next_steps: [
        ...(older ? [older] : []),
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
