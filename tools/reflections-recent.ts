// GET /api/reflections — the live feed: reflections of the last 48 hours, newest first.
import { z } from "zod";
import { resolveZone } from "../planner/time.ts";
import { timezoneField } from "./inputs.ts";
import { defineOperation } from "./operation.ts";
import { formatInstant, nextSteps } from "./shapes.ts";

export const reflectionsRecent = defineOperation({
  name: "reflections-recent",
  summary: "Recent reflections (the last 48 hours)",
  input: z.object({ timezone: timezoneField.optional().describe("Formats createdAtFormatted on your clock; without it, each reflection's own") }),
  output: z.object({
    reflections: z
      .array(
        z.object({
          name: z.string().describe("Who left it"),
          song: z.string().describe("Song slug"),
          text: z.string().describe("The reflection"),
          createdAt: z.string().describe("When, ISO 8601"),
          timezone: z.string().describe("The timezone it was left in"),
          createdAtFormatted: z.string().describe("When, in words, on the reader's clock (or the reflection's own)"),
        }),
      )
      .describe("Newest first, at most 20"),
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/reflections" },
  async handler({ timezone }, { deps, steps, now }) {
    const reader = timezone ? resolveZone(timezone) : null;
    const recent = await deps.reflections.recent(now, 20);
    return {
      reflections: recent.map((r) => ({
        name: r.name,
        song: r.song,
        text: r.text,
        createdAt: r.createdAt,
        timezone: r.timezone,
        createdAtFormatted: formatInstant(r.createdAt, reader?.given ? reader.zone : r.timezone),
      })),
      next_steps: [
        steps.post("Leave a reflection of your own", "/api/reflect", { name: "<your name>", text: "<20 to 1000 characters>" }, { tool: "reflect", action: "reflect" }),
        steps.get("Songs with their reflections", "/api/reflections/by-song"),
        ...steps.home(timezone),
      ],
    };
  },
});
