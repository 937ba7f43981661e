// GET /api/reflections/service/:date/:slotIndex/:tier — every reflection left while one service was heard, newest
// first; with `limit`, one page at a time, as a song's archive is read (tools/archive-page.ts). A busy day's services
// hold hundreds each: the day's list (services-by-date.ts, `?reflections=`) can show the newest and point here.
import { z } from "zod";
import { SLOT_LABELS } from "../planner/time.ts";
import { TIERS } from "../planner/calendar.ts";
import { notFound } from "../core/errors.ts";
import type { NextStep, Steps } from "../core/next-steps.ts";
import { SERVICE_ARCHIVE, archiveAnswer, archiveFields, archiveQuery, startOf, STEP_SERVICE_REFLECTIONS } from "./archive-page.ts";
import { requiredWholeNumber, serviceDate } from "./inputs.ts";
import { defineOperation } from "./operation.ts";
import { nextSteps } from "./shapes.ts";

/** `now`'s date on UTC's clock, YYYY-MM-DD: the day the services' addresses name when no zone is given. */
export const utcDateOf = (now: Date): string => now.toISOString().slice(0, 10);

/** A refused call's first step: the example's date may hold nothing where the sanctuary began later, today's (UTC) always has services. */
export function todaysServices(steps: Steps, now: Date): NextStep[] {
  const today = utcDateOf(now);
  return [steps.get(`See today's services (${today}, UTC)`, `/api/services/${today}`, { reflections: STEP_SERVICE_REFLECTIONS })];
}

export const serviceReflectionsPath = (date: string, slotIndex: number, tier: string) => `/api/reflections/service/${date}/${slotIndex}/${tier}`;

export const reflectionsService = defineOperation({
  name: "reflections-service",
  summary: "Every reflection left while one service was heard",
  input: z.strictObject({
    date: serviceDate,
    slotIndex: requiredWholeNumber(0, 5).describe("The slot: 0 for 00:00 to 04:00 … 5 for 20:00 to 00:00"),
    tier: z.enum(TIERS).describe("The hemisphere the service was planned for: north, south or unknown (a place unknown)"),
    ...archiveQuery,
  }),
  output: z.object({
    date: z.string().describe("The service's date"),
    slot: z.string().describe("Slot label"),
    slotIndex: z.number().int().describe("0 for 00:00 to 04:00 … 5 for 20:00 to 00:00"),
    tier: z.string().describe("Hemisphere tier"),
    name: z.string().nullable().describe("The service's name; null for a rotation service"),
    ...archiveFields(SERVICE_ARCHIVE),
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/reflections/service/:date/:slotIndex/:tier" },
  errors: ["not_found", "unavailable"],
  example: "/api/reflections/service/2026-11-22/3/north?limit=20",
  // The service playing now on UTC's clock: recorded once it begins, as the day's are when the server starts.
  exampleOn: (now) => `${serviceReflectionsPath(utcDateOf(now), Math.floor(now.getUTCHours() / 4), "north")}?limit=20`,
  invalidSteps: todaysServices,
  async handler(input, ctx) {
    const { steps } = ctx;
    const { date, slotIndex, tier, limit } = input;
    const record = await ctx.calendar.get({ date, slotIndex, tier });
    if (!record) {
      throw notFound(`No ${tier} service is recorded for ${date}, ${SLOT_LABELS[slotIndex]}.`, {
        suggestion: "The day's services, each with its slot and tier, are listed at the address in next_steps.",
        next_steps: [steps.get(`See the services of ${date}`, `/api/services/${date}`, { reflections: STEP_SERVICE_REFLECTIONS })],
      });
    }
    const service = { date, slotIndex, tier };
    const after = startOf(input);
    const [page, total] = await Promise.all([
      ctx.reflections.servicePage(service, limit, after),
      limit === undefined && !after ? null : ctx.reflections.serviceCount(service),
    ]);
    const { fields, olderStep } = archiveAnswer(SERVICE_ARCHIVE, page, total, input, serviceReflectionsPath(date, slotIndex, tier), steps);
    return {
      date,
      slot: SLOT_LABELS[slotIndex],
      slotIndex,
      tier,
      name: record.name,
      ...fields,
      next_steps: [...olderStep, steps.get("See the day's services", `/api/services/${date}`, { reflections: STEP_SERVICE_REFLECTIONS }), ...steps.home()],
    };
  },
});
