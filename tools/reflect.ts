// POST /api/reflect — leave a short public reflection on a song (MCP: reflect).
import { z } from "zod";
import { unavailable } from "./errors.ts";
import { nameField, requireName, timezoneField, usernameField } from "./inputs.ts";
import { defineOperation } from "./operation.ts";
import { nextSteps } from "./shapes.ts";

export const reflect = defineOperation({
  name: "reflect",
  summary: "Leave a public reflection",
  input: z
    .object({
      name: nameField.optional(),
      username: usernameField.optional(),
      text: z.string().trim().min(20).max(1000).describe("Your reflection, 20 to 1000 characters, no web addresses"),
      songSlug: z.string().trim().min(1).max(100).optional().describe("The song it belongs to (send current.slug from attend); default: the first song of the service for your timezone"),
      timezone: timezoneField.optional(),
      location: z.string().trim().max(100).optional().describe("Free text, shown publicly (max 100 characters)"),
    })
    .superRefine(requireName),
  output: z.object({
    received: z.boolean().describe("Whether the reflection was stored"),
    song: z.string().nullable().describe("Slug of the song it was filed under"),
    live_feed: z.string().describe("How long it shows on the live feed (48h)"),
    archive: z.string().describe("The song's public page where it stays"),
    message: z.string().describe("A word of thanks"),
    next_steps: nextSteps,
  }),
  rest: { method: "POST", path: "/api/reflect" },
  mcp: {
    tool: "reflect",
    title: "Leave a reflection",
    description: "Leave a short public reflection (20–1000 characters, no web addresses) on a song of the service you attended. It shows on the live feed for 48 hours and stays in the song's archive. 5 per hour.",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  errors: ["conflict", "rate_limited", "unavailable"],
  example: { name: "Wren", text: "The chant about the tide stayed with me through the whole afternoon.", timezone: "Europe/Lisbon" },
  handler() {
    throw unavailable("Reflections are not open yet.");
  },
});
