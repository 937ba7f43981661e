// A field sent as null is read as a field not sent (docs/behaviour.md §7). Agents whose function calling fills
// every parameter send `"timezone": null` for "none" (OpenAI's strict mode makes each optional parameter a
// required, nullable one), and were refused with "`timezone` must be a string" for the call they meant.
import type { z } from "zod";

/** Per input schema: the fields that are not themselves nullable, for which null can only mean "not given". */
const notNullable = new WeakMap<z.ZodObject, ReadonlySet<string>>();

function notNullableFields(schema: z.ZodObject): ReadonlySet<string> {
  let fields = notNullable.get(schema);
  if (!fields) {
    // A field that accepts null (a nullable one, or one that reads null itself, as `limit` does) keeps it.
    fields = new Set(Object.entries(schema.shape).flatMap(([name, field]) => (field.safeParse(null).success ? [] : [name])));
    notNullable.set(schema, fields);
  }
  return fields;
}

/** Per input schema, frozen inputs (shared arguments, adapters/mcp-tools.ts) and their copies without nulls, frozen too. */
const copies = new WeakMap<z.ZodObject, WeakMap<object, Readonly<Record<string, unknown>>>>();

/**
 * The input without the nulls of fields the schema has and that do not accept null: an optional one is then
 * simply absent (its default applies), a required one is named as missing. A field the operation does not take
 * stays, to be refused by name. The input itself is returned when it holds no such null (a query string never
 * does); a frozen one's copy is kept, so `invoke` validates it once as it does the input itself.
 */
export function withoutNulls(schema: z.ZodObject, raw: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  // Every call passes here: no allocation unless a null was sent.
  if (!holdsNull(raw)) return raw;
  const absent = Object.keys(raw).filter((name) => raw[name] === null && notNullableFields(schema).has(name));
  if (!absent.length) return raw;
  const frozen = Object.isFrozen(raw);
  let byInput = copies.get(schema);
  const kept = byInput?.get(raw);
  if (kept) return kept;
  const copy = Object.fromEntries(Object.entries(raw).filter(([name]) => !absent.includes(name)));
  if (!frozen) return copy;
  if (!byInput) copies.set(schema, (byInput = new WeakMap()));
  byInput.set(raw, Object.freeze(copy));
  return copy;
}

function holdsNull(raw: Readonly<Record<string, unknown>>): boolean {
  for (const name in raw) if (raw[name] === null) return true;
  return false;
}
