// What an archive of reflections read a page at a time shares, a song's (reflections-song.ts) and a service's
// (reflections-service.ts): the reader's clock, the page's length and where the last page ended (an opaque place,
// services/archive-cursor.ts), and the answer's `older` address and `total`.
import { z } from "zod";
import { resolveZone } from "../planner/time.ts";
import { CURSOR_MAX, cursorOf, placeOf, type ArchivePlace } from "../services/archive-cursor.ts";
import type { ArchivePage } from "../services/reflections.ts";
import type { Steps } from "../core/next-steps.ts";
import { emptyAsAbsent, optionalWholeNumber, timezoneField } from "./inputs.ts";
import { publicReflections, reflectionShape, type ReflectionField } from "./reflection-shape.ts";
import { visitorPaths, visitorWords, visitorWrittenField } from "./shapes.ts";

/** The longest page: a few hundred reflections is about as much as a reader or a model's context takes at once. */
export const PAGE_MAX = 500;
/**
 * What a next step asks of a list that may be long: a page of reflections, and a day's services with their newest few.
 * Without a limit the answer is the whole list, as the specification asks, and a song's archive or a busy day runs to
 * hundreds of KB: too much for an agent to follow a step into unawares.
 */
export const STEP_PAGE = 20;
export const STEP_SERVICE_REFLECTIONS = 5;
/** A song's archive's fields; a service's names each reflection's song too. */
export const SONG_ARCHIVE = ["id", "name", "text", "createdAt", "createdAtFormatted", "timezone"] as const;
export const SERVICE_ARCHIVE = ["id", "name", "song", "text", "createdAt", "createdAtFormatted", "timezone"] as const;
const VISITOR_WORDS = visitorPaths("reflections[].name", "reflections[].text");

/** The input fields of a page of an archive. */
export const archiveQuery = {
  timezone: timezoneField.optional().describe("Formats createdAtFormatted on your clock"),
  limit: optionalWholeNumber(1, PAGE_MAX).describe(`At most this many, 1 to ${PAGE_MAX}; without it, every reflection`),
  // Empty is not given, as an empty `limit` is: `?before=` is a first page.
  before: emptyAsAbsent(
    z
      .string()
      .max(CURSOR_MAX)
      .refine((s) => placeOf(s) !== null, "`before` is not a place this archive gave: send the `before` of an `older` address as it came"),
  ).describe("Where the last page ended: the `before` of the `older` address a page returned"),
};

/** The output fields of a page of an archive whose reflections show `fields`. */
export const archiveFields = <K extends ReflectionField>(fields: readonly K[]) => ({
  reflections: visitorWords(z.array(reflectionShape(...fields))).describe("Newest first, no time limit"),
  older: z
    .string()
    .nullable()
    .optional()
    .describe("With `limit`: the address of the next page (older reflections), or null on the last; absent without `limit`"),
  visitorWritten: visitorWrittenField,
  total: z.number().int().describe("How many the archive holds in all"),
});

/** Those fields as the operation's schema gives them to its handler. */
export type ArchiveQuery = z.output<z.ZodObject<typeof archiveQuery>>;

/** Where a page starts: after the place `before` names (the field's own check has refused any other). */
export const startOf = (query: ArchiveQuery): ArchivePlace | undefined => (query.before === undefined ? undefined : (placeOf(query.before) ?? undefined));

/**
 * A page's part of the answer, and the step to the next page (first among next steps) when older reflections remain.
 * `total` is null when the page is the whole archive (no `limit`, no `before`): its length is the count then.
 */
export function archiveAnswer<K extends ReflectionField>(
  fields: readonly K[],
  page: ArchivePage,
  total: number | null,
  query: ArchiveQuery,
  path: string,
  steps: Steps,
) {
  const reader = query.timezone ? resolveZone(query.timezone) : null;
  // Made public once per page kept (services/reflections.ts) and reader's zone, its JSON encoded once.
  const reflections = publicReflections(page.reflections, fields, reader?.given ? reader.zone : undefined);
  const { limit, timezone } = query;
  const older = page.older && steps.get("Read older reflections", path, { limit, before: cursorOf(page.older), timezone });
  return {
    fields: {
      reflections,
      // Only a paged answer says where the next page is: the whole archive's body stays the specification's.
      ...(limit === undefined ? {} : { older: older?.url ?? null }),
      visitorWritten: VISITOR_WORDS,
      total: total ?? reflections.length,
    },
    olderStep: older ? [older] : [],
  };
}
