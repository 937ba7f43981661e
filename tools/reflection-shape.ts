// The one public shape of a reflection (docs/behaviour.md §8). Each operation that returns reflections
// picks the fields it shows from this one schema, and fills them with `publicReflection`.
import { z } from "zod";
import type { Reflection } from "../services/reflections.ts";
import { immutable } from "../core/json.ts";
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
export type ReflectionField = keyof Full;
type Field = ReflectionField;

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

// Lists already made public, per list read from the store (the store hands out the same array while its
// answer holds) and per fields and reader zone; marked immutable, so their JSON is encoded once too.
const listed = new WeakMap<readonly Reflection[], Map<string, unknown[]>>();

/** `publicReflection` over a list, reused while the store returns the same list: the live feed is read far more often than written. */
export function publicReflections<K extends Field>(list: readonly Reflection[], fields: readonly K[], readerZone?: string): Array<Pick<Full, K>> {
  const key = `${fields.join(",")}|${readerZone ?? ""}`;
  let byKey = listed.get(list);
  if (!byKey) listed.set(list, (byKey = new Map()));
  let out = byKey.get(key) as Array<Pick<Full, K>> | undefined;
  if (!out) {
    out = immutable(list.map((r) => publicReflection(r, fields, readerZone)));
    if (byKey.size > 64) byKey.clear();
    byKey.set(key, out);
  }
  return out;
}
