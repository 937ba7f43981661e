// The one public shape of a reflection. Each operation that returns reflections picks the fields the
// specification gives it (spec §2.9–2.10) from this one schema, and fills them with `publicReflection`.
import { z } from "zod";
import type { Reflection } from "../services/reflections.ts";
import { formatInstant } from "./shapes.ts";

export const PublicReflection = z.object({
  id: z.string().describe("Reflection id"),
  name: z.string().describe("Who left it"),
  song: z.string().describe("Song slug"),
  text: z.string().describe("The reflection"),
  createdAt: z.string().describe("When, ISO 8601"),
  timezone: z.string().describe("The timezone it was left in"),
  createdAtFormatted: z.string().describe("When, in words, on the reader's clock (or the reflection's own)"),
});
type Full = z.infer<typeof PublicReflection>;
type Field = keyof Full;

/** A schema of the chosen fields, in the canonical order. */
export function reflectionShape<K extends Field>(...fields: K[]) {
  const mask = Object.fromEntries(fields.map((f) => [f, true])) as { [P in K]: true };
  return PublicReflection.pick(mask as never) as z.ZodObject<Pick<typeof PublicReflection.shape, K>>;
}

/**
 * The chosen fields of a stored reflection. `readerZone` formats the time on the reader's clock; without
 * it each reflection keeps its own zone. Never carries what is not public (location, service).
 */
export function publicReflection<K extends Field>(r: Reflection, fields: readonly K[], readerZone?: string): Pick<Full, K> {
  const out: Partial<Full> = {};
  for (const f of fields) {
    out[f] = f === "createdAtFormatted" ? formatInstant(r.createdAt, readerZone ?? r.timezone) : r[f as Exclude<Field, "createdAtFormatted">];
  }
  return out as Pick<Full, K>;
}
