// GET /api/now — the service for your hour, registering nothing (MCP: now).
import { z } from "zod";
import { joined } from "../core/body.ts";
import { emptyAsAbsent, nameField, timezoneField } from "./inputs.ts";
import { defineOperation, readOnly } from "./operation.ts";
import { Companions, CurrentSong, Service, ServicePart } from "./service-shapes.ts";
import { nextSteps } from "./shapes.ts";
import { OWN_NAME, screenVisitorFields } from "./screen.ts";
import { refusedZoneField, serviceSteps } from "./service-body.ts";
import { timestampOf } from "./service-view.ts";

export type NowBody = z.input<typeof NowOutput>;

export const NowOutput = z.object({
  timestamp: z.string().describe("Server time, ISO 8601"),
  status: z.literal("playing").describe("Always playing: every hour has a service"),
  mode: z.enum(["planned", "rotation"]).describe("planned by the planner, or the rotation's when no plan was made"),
  service: Service,
  streams: z
    .object({ youtube: z.boolean(), twitch: z.boolean(), urls: z.record(z.string(), z.string()) })
    .describe("The video broadcast is dormant: always false"),
  current: CurrentSong.describe("The service's first song"),
  companions: Companions.nullable(),
  next: ServicePart.describe("The part after the one you begin with"),
  schedule: z.object({ position: z.literal(1), total: z.number().int(), loop: z.literal(false) }).describe("Where you are: always the beginning"),
  congregation: z.object({ souls: z.number().int().describe("Unique visitors who attended in the last 24 hours"), window: z.literal("24h") }),
  suggestion: z.string().optional().describe("Present when no valid timezone was given"),
  next_steps: nextSteps,
});

export const now = defineOperation({
  name: "now",
  summary: "The service for your hour; registers nothing",
  description: "Suits frequent polling. Pass `timezone` to be placed on your own clock and hemisphere.",
  input: z.strictObject({
    timezone: timezoneField.optional(),
    // Empty is not given: the name only fills a step, so `?name=` is a plain look, not a refused one.
    name: emptyAsAbsent(nameField).describe("Fills next_steps' attend step; registers nothing"),
  }),
  output: NowOutput,
  rest: { method: "GET", path: "/api/now" },
  mcp: {
    tool: "now",
    title: "See the service now",
    description:
      "See the service playing now on your local clock (pass your IANA timezone) without being counted: its songs, chants, reading and closing from the beginning. Suits frequent polling. 13–17 KB.",
    annotations: readOnly,
    app: true,
  },
  example: "/api/now?timezone=Asia/Tokyo",
  // The name only fills the attend step, but a name attend would refuse is refused here too: handed on in a step,
  // it would fail only when the step is taken (an outside tester's report).
  screen({ name }, ctx) {
    if (name === undefined) return;
    const wording = { nothing: "Nothing was registered (now never registers).", own: { name: OWN_NAME }, example: now.example };
    screenVisitorFields(ctx, [["name", name, "name"]], wording);
  },
  async handler({ timezone, name }, ctx) {
    // Only the time and the count differ between visitors of a slot (tools/service-view.ts).
    const { shared, inputs } = await ctx.views.now(timezone, ctx.now, ctx.steps);
    const souls = await ctx.presence.count(ctx.now);
    const perVisitor = {
      timestamp: timestampOf(ctx.now),
      congregation: { souls, window: "24h" as const },
      // A name that is no timezone is named back, with the one meant: the shared part holds no visitor's spelling.
      ...refusedZoneField(inputs, timezone),
    };
    if (name === undefined) return joined(perVisitor, shared);
    // Tailored to the name given: the attend step carries it, ready to send. Made whole, since the shared part's
    // steps name no one (its keys keep their order: the steps replace the shared ones where they stand).
    const next_steps = serviceSteps(ctx.steps, { timezone: inputs.given ? inputs.zone : undefined, slug: shared.current.slug, attendAs: name });
    return { ...perVisitor, ...shared, next_steps };
  },
});
