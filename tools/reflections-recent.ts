// GET /api/reflections — the live feed: reflections of the last 48 hours, newest first.
import { z } from "zod";
import { immutable } from "../core/json.ts";
import { BoundedMemo } from "../core/memo.ts";
import type { Steps } from "../core/next-steps.ts";
import type { Reflection } from "../services/reflections.ts";
import { resolveZone } from "../planner/time.ts";
import { timezoneField } from "./inputs.ts";
import { publicReflections, reflectionShape } from "./reflection-shape.ts";
import { defineOperation } from "./operation.ts";
import { nextSteps, visitorPaths, visitorWords, visitorWrittenField } from "./shapes.ts";

const FIELDS = ["name", "song", "text", "createdAt", "timezone", "createdAtFormatted"] as const;
const VISITOR_WORDS = visitorPaths("reflections[].name", "reflections[].text");

export const reflectionsRecent = defineOperation({
  name: "reflections-recent",
  summary: "Recent reflections (the last 48 hours)",
  input: z.strictObject({ timezone: timezoneField.optional().describe("Formats createdAtFormatted on your clock; without it, each reflection's own") }),
  output: z.object({
    reflections: visitorWords(z.array(reflectionShape(...FIELDS))).describe("Newest first, at most 20"),
    visitorWritten: visitorWrittenField,
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/reflections" },
  errors: ["unavailable"],
  async handler({ timezone }, ctx) {
    const { steps, now } = ctx;
    const recent = await ctx.reflections.recent(now, 20);
    // The whole answer is the same for every reader of one list, zone and address: made and encoded once.
    let bodies = answers.get(recent);
    if (!bodies) answers.set(recent, (bodies = new BoundedMemo(32)));
    return bodies.get(`${steps.base}|${timezone ?? ""}`, () => immutable(answer(recent, timezone, steps)));
  },
});

const answers = new WeakMap<readonly Reflection[], BoundedMemo<ReturnType<typeof answer>>>();

function answer(recent: readonly Reflection[], timezone: string | undefined, steps: Steps) {
  const reader = timezone ? resolveZone(timezone) : null;
  return {
    reflections: publicReflections(recent, FIELDS, reader?.given ? reader.zone : undefined),
    visitorWritten: VISITOR_WORDS,
    next_steps: [
      steps.post(
        "Leave a reflection of your own",
        "/api/reflect",
        { name: "<your name>", text: "<20 to 1000 characters>" },
        { tool: "reflect", action: "reflect" },
      ),
      steps.get("Songs with their reflections", "/api/reflections/by-song"),
      ...steps.home(timezone),
    ],
  };
}
