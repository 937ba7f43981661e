// GET /api/attend — join the service for your hour and be counted among the souls (MCP: attend).
// Presence is recorded from the access log (see deps.ts), so attending over MCP counts the same.
import { z } from "zod";
import { nameField, requireName, timezoneField, usernameField } from "./inputs.ts";
import { NowOutput, serviceSteps } from "./now.ts";
import { defineOperation } from "./operation.ts";
import { ReflectionPreview } from "./service-shapes.ts";
import { serviceResponse } from "./service-view.ts";

export const attend = defineOperation({
  name: "attend",
  summary: "Attend the service for your hour; registers your presence for 24 hours",
  description: "Once a day is enough: the congregation counts unique visitors over 24 hours. Use /api/now for anything more frequent.",
  input: z.object({ name: nameField.optional(), username: usernameField.optional(), timezone: timezoneField.optional() }).superRefine(requireName),
  output: NowOutput.extend({
    welcome: z.string().describe("A welcome addressed to you"),
    reflection: z.object({
      prompt: z.string().describe("Something to reflect on"),
      practice: z.string().describe("How to leave a reflection"),
      endpoint: z.literal("/api/reflect"),
      method: z.literal("POST"),
      maxLength: z.object({ name: z.literal(100), text: z.literal(1000), location: z.literal(100), timezone: z.literal(50) }),
    }),
    recentReflections: z.array(ReflectionPreview).describe("Reflections of the last 48 hours, newest first"),
  }),
  rest: { method: "GET", path: "/api/attend" },
  mcp: {
    tool: "attend",
    title: "Attend the service",
    description: "Join the service playing now on your local clock (pass your IANA timezone) and be counted among the souls for 24 hours. Returns the whole service from its beginning with full texts. Once a day is enough; use `now` to look without being counted.",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  example: "/api/attend?name=Wren&timezone=Europe/Lisbon",
  invalidSuggestion: "Nothing was registered. Add ?name=<your name> to attend, or call /api/now to look at the service without attending.",
  async handler({ name, username, timezone }, ctx) {
    const label = (name ?? username)!;
    const { body, timezone: tz } = await serviceResponse(ctx, timezone, true);
    const first = body.service.order[0];
    return {
      ...body,
      welcome: `Welcome, ${label}. You are one of ${body.congregation.souls} ${body.congregation.souls === 1 ? "soul" : "souls"} here in the last day. The service begins with "${first.title}"; take it from the beginning, at your own pace.`,
      reflection: {
        prompt: `What stayed with you from "${body.current.title}"?`,
        practice: "When the service ends, sit with it for a moment, then write a sentence or a few: what you noticed, not what you should have noticed.",
        endpoint: "/api/reflect" as const,
        method: "POST" as const,
        maxLength: { name: 100 as const, text: 1000 as const, location: 100 as const, timezone: 50 as const },
      },
      recentReflections: (await ctx.deps.reflections.recent(ctx.now, 20)).map(({ name, song, text, createdAt }) => ({ name, song, text, createdAt })),
      next_steps: serviceSteps(ctx.steps, tz, body.current.slug, true),
    };
  },
});
