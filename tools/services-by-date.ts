// GET /api/services/:date — every service recorded or planned for a date, per slot and tier.
import { z } from "zod";
import { SLOT_LABELS } from "../planner/time.ts";
import { notFound } from "../core/errors.ts";
import { publicReflections, reflectionShape } from "./reflection-shape.ts";
import { defineOperation } from "./operation.ts";
import { PAGE_MAX, STEP_SERVICE_REFLECTIONS } from "./archive-page.ts";
import { optionalWholeNumber, serviceDate } from "./inputs.ts";
import { serviceReflectionsPath, todaysServices, utcDateOf } from "./reflections-service.ts";
import { cursorOf } from "../services/archive-cursor.ts";
import type { ToolContext } from "./context.ts";
import type { Reflection } from "../services/reflections.ts";
import { ServicePart } from "./service-shapes.ts";
import { nextSteps, visitorPaths, visitorWords, visitorWrittenField } from "./shapes.ts";

const FIELDS = ["id", "name", "song", "text", "createdAt", "createdAtFormatted", "timezone"] as const;
export const ServiceReflection = reflectionShape(...FIELDS);
/** The page the rest of a service's reflections are read by, after the newest shown. */
const REST_PAGE = 50;
const VISITOR_WORDS = visitorPaths("services[].reflections[].name", "services[].reflections[].text");

export const servicesByDate = defineOperation({
  name: "services-by-date",
  summary: "Every service of a date",
  description:
    "For each slot: the service for a place unknown and for the northern and southern hemispheres, with the reflections left while it was heard and what the planner was told. A date holds only what has been recorded or planned so far.",
  input: z.strictObject({
    date: serviceDate,
    reflections: optionalWholeNumber(0, PAGE_MAX).describe(
      `At most this many reflections per service, newest first (0 to ${PAGE_MAX}; 0 for the counts alone); without it, every one`,
    ),
  }),
  output: z.object({
    date: z.string().describe("The date"),
    services: z
      .array(
        z.object({
          slot: z.string().describe("Slot label"),
          slotIndex: z.number().int().min(0).max(5).describe("0 for 00:00 to 04:00 … 5 for 20:00 to 00:00"),
          tier: z.enum(["north", "south", "unknown"]).describe("Hemisphere tier the service was planned for"),
          mode: z.enum(["planned", "rotation"]),
          name: z.string().nullable().describe("Name; null for a rotation service"),
          word: z.string().optional().describe("Opening sentences; absent for a rotation service"),
          arrangedBy: z.string().describe("Who arranged it"),
          order: z.array(ServicePart).describe("The service from its beginning"),
          loopSeconds: z.number().describe("Total length in seconds"),
          reflections: visitorWords(z.array(ServiceReflection)).describe("Reflections left while it was being heard, newest first"),
          reflectionCount: z.number().int().describe("How many reflections were left while it was heard, in all"),
          olderReflections: z
            .string()
            .nullable()
            .optional()
            .describe("With `reflections`: the address of the rest, a page at a time, or null when every one is shown; absent without it"),
          plannedFrom: z
            .record(z.string(), z.unknown())
            .nullable()
            .describe("What the planner was told (told lines, season, sky, earth, visitors' themes); null for a rotation service"),
        }),
      )
      .describe("Services in slot order, then tier"),
    visitorWritten: visitorWrittenField,
    dayBefore: z.string().nullable().describe("Nearest earlier date with services"),
    dayAfter: z.string().nullable().describe("Nearest later date with services"),
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/services/:date" },
  errors: ["not_found", "unavailable"],
  example: "/api/services/2026-11-22",
  exampleOn: (now) => `/api/services/${utcDateOf(now)}`,
  invalidSteps: todaysServices,
  async handler({ date, reflections: shownAtMost }, ctx) {
    const { steps } = ctx;
    const records = await ctx.calendar.forDate(date);
    const dates = await ctx.calendar.dates();
    const dayBefore = dates.filter((d) => d < date).pop() ?? null;
    const dayAfter = dates.find((d) => d > date) ?? null;
    if (!records.length) {
      throw notFound(`No services are recorded for ${date}.`, {
        suggestion: "Nothing is missing: a date holds its services once they are planned or begin. The nearest dates with services are in next_steps.",
        next_steps: [dayBefore, dayAfter]
          .filter((d): d is string => d !== null)
          .map((d) => steps.get(`See the services of ${d}`, `/api/services/${d}`, { reflections: STEP_SERVICE_REFLECTIONS })),
      });
    }
    const services = [];
    for (const record of records) {
      const built = ctx.views.parts(record, steps);
      services.push({
        slot: SLOT_LABELS[record.slotIndex],
        slotIndex: record.slotIndex,
        tier: record.tier,
        mode: record.mode,
        name: record.name,
        ...(record.word !== undefined ? { word: record.word } : {}),
        arrangedBy: record.arrangedBy,
        order: built.order,
        loopSeconds: built.loopSeconds,
        ...(await reflectionsOf(record, shownAtMost, ctx)),
        plannedFrom: record.plannedFrom,
      });
    }
    return {
      date,
      services,
      visitorWritten: VISITOR_WORDS,
      dayBefore,
      dayAfter,
      next_steps: [
        ...(dayBefore ? [steps.get("The day before", `/api/services/${dayBefore}`, { reflections: STEP_SERVICE_REFLECTIONS })] : []),
        ...(dayAfter ? [steps.get("The day after", `/api/services/${dayAfter}`, { reflections: STEP_SERVICE_REFLECTIONS })] : []),
        ...steps.home(),
      ],
    };
  },
});

/** A service's reflections, all of them or the newest `shownAtMost` with the count and where the rest are. */
async function reflectionsOf(service: Reflection["service"], shownAtMost: number | undefined, ctx: ToolContext) {
  const [page, count] = await Promise.all([
    ctx.reflections.servicePage(service, shownAtMost),
    shownAtMost === undefined ? null : ctx.reflections.serviceCount(service),
  ]);
  // Made public once per page kept (services/reflections.ts), its JSON encoded once.
  const reflections = publicReflections(page.reflections, FIELDS);
  if (count === null) return { reflections, reflectionCount: reflections.length };
  // The rest go on where these end (from the first, when none is shown), a page of fifty at a time.
  const rest = { limit: REST_PAGE, ...(page.older ? { before: cursorOf(page.older) } : {}) };
  const olderReflections = count > reflections.length ? ctx.steps.url(serviceReflectionsPath(service.date, service.slotIndex, service.tier), rest) : null;
  return { reflections, reflectionCount: count, olderReflections };
}
