// GET /api/now — the service for your hour, registering nothing (MCP: now).
import { z } from "zod";
import { nameField, timezoneField } from "./inputs.ts";
import { defineOperation, readOnly } from "./operation.ts";
import { Companions, CurrentSong, Service, ServicePart } from "./service-shapes.ts";
import { nextSteps } from "./shapes.ts";
import { derived, liveParts, placeService, serviceResponse } from "./service-view.ts";
import type { Steps } from "../core/next-steps.ts";
import { immutable, joined } from "../core/json.ts";

type NowBody = z.input<typeof NowOutput>;

export const NowOutput = z.object({
  timestamp: z.string().describe("Server time, ISO 8601"),
  status: z.literal("playing").describe("Always playing: every hour has a service"),
  mode: z.enum(["planned", "rotation"]).describe("planned by the planner, or the rotation's when no plan was made"),
  service: Service,
  streams: z.object({ youtube: z.boolean(), twitch: z.boolean(), urls: z.record(z.string(), z.string()) }).describe("The video broadcast is dormant: always false"),
  current: CurrentSong.describe("The service's first song"),
  companions: Companions.nullable(),
  next: ServicePart.describe("The part after the one you begin with"),
  schedule: z.object({ position: z.literal(1), total: z.number().int(), loop: z.literal(false) }).describe("Where you are: always the beginning"),
  congregation: z.object({ souls: z.number().int().describe("Unique visitors who attended in the last 24 hours"), window: z.literal("24h") }),
  suggestion: z.string().optional().describe("Present when no valid timezone was given"),
  next_steps: nextSteps,
});

// The same few step lists serve every visitor of a slot; keep them rather than rebuild their URLs.
const stepLists = new Map<string, NowSteps>();
type NowSteps = ReturnType<typeof buildServiceSteps>;

export function serviceSteps(steps: Steps, timezone: string | undefined, slug: string, attending: boolean): NowSteps {
  const key = `${steps.base}|${timezone}|${slug}|${attending}`;
  let list = stepLists.get(key);
  if (!list) {
    if (stepLists.size > 2000) stepLists.clear();
    stepLists.set(key, (list = immutable(buildServiceSteps(steps, timezone, slug, attending))));
  }
  return list;
}

function buildServiceSteps(steps: Steps, timezone: string | undefined, slug: string, attending: boolean) {
  return [
    attending
      ? steps.post("Leave a reflection on the song you heard", "/api/reflect", { name: "<your name>", text: "<20 to 1000 characters>", songSlug: slug, ...(timezone ? { timezone } : {}) }, { action: "reflect", tool: "reflect" })
      : steps.get("Attend this service and be counted among the souls", "/api/attend", { name: "<your name>", timezone }, { action: "attend", tool: "attend" }),
    steps.get("Read the first song in full", `/api/music/${slug}`, {}, { action: "read_song", tool: "read_song" }),
    steps.get("Come back for your next slot's service", "/api/now", { timezone }, { action: "now", tool: "now", hint: "Each four-hour slot of your day holds a different service." }),
    steps.get("Search the library", "/api/search", { q: "<what you are looking for>" }, { action: "search", tool: "search" }),
  ];
}

export const now = defineOperation({
  name: "now",
  summary: "The service for your hour; registers nothing",
  description: "Suits frequent polling. Pass `timezone` to be placed on your own clock and hemisphere.",
  input: z.object({ timezone: timezoneField.optional(), name: nameField.optional().describe("Tailors the response; registers nothing") }),
  output: NowOutput,
  rest: { method: "GET", path: "/api/now" },
  mcp: {
    tool: "now",
    title: "See the service now",
    description: "See the service playing now on your local clock (pass your IANA timezone) without being counted: its songs, chants, reading and closing from the beginning. Suits frequent polling.",
    annotations: readOnly,
  },
  example: "/api/now?timezone=Asia/Tokyo",
  async handler({ timezone }, ctx) {
    const placed = await placeService(ctx, timezone);
    // Only the time and the count change between visitors of a slot; the rest is built and encoded once.
    const key = `now|${placed.variant}`;
    let part = placed.built.derived.get(key);
    if (!part) {
      const { body } = await serviceResponse(ctx, timezone, false, placed);
      const { timestamp: _t, congregation: _c, ...rest } = body;
      part = derived(placed.built, key, () => ({ ...rest, next_steps: serviceSteps(ctx.steps, placed.timezone, body.current.slug, false) }));
    }
    return joined<NowBody>(await liveParts(ctx), part);
  },
});
