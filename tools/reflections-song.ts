// GET /api/reflections/song/:slug — every reflection on one song, newest first (the archive).
import { z } from "zod";
import { resolveZone } from "../planner/time.ts";
import { notFound } from "../core/errors.ts";
import { timezoneField } from "./inputs.ts";
import { publicReflection, reflectionShape } from "./reflection-shape.ts";
import { defineOperation } from "./operation.ts";
import { nextSteps, slugField, visitorPaths, visitorWords, visitorWrittenField } from "./shapes.ts";

const FIELDS = ["id", "name", "text", "createdAt", "createdAtFormatted", "timezone"] as const;
const VISITOR_WORDS = visitorPaths("reflections[].name", "reflections[].text");

export const reflectionsSong = defineOperation({
  name: "reflections-song",
  summary: "Every reflection on one song",
  input: z.strictObject({ slug: slugField, timezone: timezoneField.optional().describe("Formats createdAtFormatted on your clock") }),
  output: z.object({
    slug: z.string().describe("Song slug"),
    title: z.string().describe("Song title"),
    reflections: visitorWords(z.array(reflectionShape(...FIELDS))).describe("Newest first, no time limit"),
    visitorWritten: visitorWrittenField,
    total: z.number().int().describe("How many"),
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/reflections/song/:slug" },
  errors: ["not_found", "unavailable"],
  async handler({ slug, timezone }, ctx) {
    const { steps } = ctx;
    const song = ctx.library.song(slug);
    if (!song) throw notFound(`No song has the slug "${slug}".`, { next_steps: [steps.get("List the songs", "/api/music")] });
    const reader = timezone ? resolveZone(timezone) : null;
    const reflections = (await ctx.reflections.forSong(slug)).map((r) => publicReflection(r, FIELDS, reader?.given ? reader.zone : undefined));
    return {
      slug,
      title: song.title,
      reflections,
      visitorWritten: VISITOR_WORDS,
      total: reflections.length,
      next_steps: [
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
