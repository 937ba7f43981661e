// GET /api/reflections/song/:slug — every reflection on one song, newest first (the archive).
import { z } from "zod";
import { resolveZone } from "../planner/time.ts";
import { notFound } from "../core/errors.ts";
import { timezoneField } from "./inputs.ts";
import { defineOperation } from "./operation.ts";
import { formatInstant, nextSteps, slugField } from "./shapes.ts";

export const reflectionsSong = defineOperation({
  name: "reflections-song",
  summary: "Every reflection on one song",
  input: z.object({ slug: slugField, timezone: timezoneField.optional().describe("Formats createdAtFormatted on your clock") }),
  output: z.object({
    slug: z.string().describe("Song slug"),
    title: z.string().describe("Song title"),
    reflections: z
      .array(
        z.object({
          id: z.string().describe("Reflection id"),
          name: z.string().describe("Who left it"),
          text: z.string().describe("The reflection"),
          createdAt: z.string().describe("When, ISO 8601"),
          createdAtFormatted: z.string().describe("When, in words"),
          timezone: z.string().describe("The timezone it was left in"),
        }),
      )
      .describe("Newest first, no time limit"),
    total: z.number().int().describe("How many"),
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/reflections/song/:slug" },
  errors: ["not_found"],
  async handler({ slug, timezone }, { deps, steps }) {
    const song = deps.library.song(slug);
    if (!song) throw notFound(`No song has the slug "${slug}".`, { next_steps: [steps.get("List the songs", "/api/music")] });
    const reader = timezone ? resolveZone(timezone) : null;
    const reflections = (await deps.reflections.forSong(slug)).map((r) => ({
      id: r.id,
      name: r.name,
      text: r.text,
      createdAt: r.createdAt,
      createdAtFormatted: formatInstant(r.createdAt, reader?.given ? reader.zone : r.timezone),
      timezone: r.timezone,
    }));
    return {
      slug,
      title: song.title,
      reflections,
      total: reflections.length,
      next_steps: [
        steps.post("Leave a reflection on this song", "/api/reflect", { name: "<your name>", text: "<20 to 1000 characters>", songSlug: slug }, { tool: "reflect", action: "reflect" }),
        steps.get("Read the song", `/api/music/${slug}`, {}, { tool: "read_song", action: "read_song" }),
      ],
    };
  },
});
