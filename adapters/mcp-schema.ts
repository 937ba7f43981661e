// JSON Schemas for MCP tools, from the same Zod definitions OpenAPI uses. Output schemas are compacted for
// tools/list, which every agent session pays for: top-level fields keep their types (and enums), nested objects
// and lists a one-line summary naming their fields (OpenAPI keeps the full shapes and every description). Roots are always plain objects:
// clients refuse a tool whose input schema has a root anyOf/oneOf/allOf, and some drop every tool of a server
// whose output schema is not `type: object`.
import { z } from "zod";
import { CROSS_FIELD_RULES, REQUIRED_ONE_OF } from "../tools/inputs.ts";
import type { Operation } from "../tools/operation.ts";

type Json = Record<string, any>;

/** A tool's root schema as MCP requires it: always a plain object. */
export interface ObjectSchema {
  type: "object";
  description?: string;
  properties?: Record<string, Json>;
  required?: string[];
  [keyword: string]: unknown;
}

/** Zod → JSON Schema (draft-07 keywords, which every client validator reads), without `$schema`. */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, target: "draft-7", unrepresentable: "any" });
  return rest;
}

/**
 * A tool's input schema. An input that needs one of two fields (`x-required-one-of`, see tools/inputs.ts) marks
 * the first required and names the second as its alternative, since a root combinator would cost the tool.
 */
export function mcpInputSchema(op: Operation): ObjectSchema {
  // Rules across fields stay OpenAPI's (tools/inputs.ts crossFieldRules): a root combinator would cost the tool.
  const { [REQUIRED_ONE_OF]: oneOf, [CROSS_FIELD_RULES]: _openApiOnly, ...schema } = jsonSchemaOf(op.input, "input");
  if (Array.isArray(oneOf) && oneOf.length === 2) {
    const [first, alias] = oneOf.map(String);
    schema.required = [...new Set([...(schema.required ?? []), first])];
    const property = schema.properties?.[alias];
    if (property)
      property.description = property.description
        ? `${property.description}; one of the two is required`
        : `Instead of \`${first}\`; one of the two is required`;
  }
  // An operation's input is a Zod object: its schema's type is "object" already, said here to the compiler.
  return { ...schema, type: "object" };
}

/** Field names of a nested object, at most five: enough to recognise it (tools/list stays under 16 KB). */
const fieldsOf = (object: Json) => {
  const names = Object.keys(object.properties ?? {});
  return names.length > 5 ? [...names.slice(0, 5), "…"] : names;
};
const sentence = (text: string) => (/[.!?)]$/.test(text) ? text : `${text}.`);
const withFields = (description: string | undefined, lead: string, names: string[]) =>
  [description && sentence(description), names.length ? sentence(`${lead}: ${names.join(", ")}`).replace(/….$/, "…") : ""].filter(Boolean).join(" ");

/** One nested value summarised: its type(s), description and, for objects, the names of their fields. */
function summarise(schema: Json): Json {
  const description: string | undefined = schema.description;
  if (Array.isArray(schema.anyOf)) {
    const parts = schema.anyOf.map(summarise);
    const types = [...new Set(parts.flatMap((p: Json) => (Array.isArray(p.type) ? p.type : p.type ? [p.type] : [])))];
    const detail = parts.map((p: Json) => p.description).find((d: string | undefined) => d && d !== description);
    return {
      ...(types.length ? { type: types.length === 1 ? types[0] : types } : {}),
      ...(description || detail ? { description: [description, detail].filter(Boolean).join(" ") } : {}),
    };
  }
  const type = schema.type;
  if (type === "object") return { type, ...(schema.properties || description ? { description: withFields(description, "Fields", fieldsOf(schema)) } : {}) };
  if (type === "array") {
    const items: Json = schema.items ?? {};
    if (items.type === "object") return { type, items: { type: "object" }, description: withFields(description, "Each has", fieldsOf(items)) };
    const inner = summarise(items);
    return { type, ...(inner.type ? { items: { type: inner.type } } : {}), ...(description ? { description } : {}) };
  }
  const out: Json = {};
  if (type) out.type = type;
  if (description) out.description = description;
  if (schema.const !== undefined) out.const = schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length <= 8) out.enum = schema.enum;
  return out;
}

/** A top-level field: typed; only objects and lists keep a description, which summarises what they hold. */
function field(schema: Json): Json {
  const summary = summarise(schema);
  const types = [summary.type].flat();
  if (!types.includes("object") && !types.includes("array")) delete summary.description;
  return summary;
}

/** The root: every field typed. No `required`: the body is the REST twin's, checked by its full schema here. */
function topLevel(object: Json): ObjectSchema {
  const properties: Record<string, Json> = object.properties ?? {};
  return { type: "object", properties: Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, field(value)])) };
}

/**
 * A tool's compact output schema. A union of objects (read_song's song or catalog, read_doc's document or
 * table of contents) becomes one object holding every branch's fields, its description naming the branches.
 */
export function mcpOutputSchema(op: Operation): ObjectSchema {
  const full = jsonSchemaOf(op.output, "output");
  const branches: Json[] = Array.isArray(full.anyOf) ? full.anyOf : [full];
  if (branches.length === 1) return topLevel(branches[0]);
  const properties: Record<string, Json> = {};
  for (const top of branches.map(topLevel)) for (const [name, value] of Object.entries(top.properties ?? {})) properties[name] ??= value;
  const shapes = branches.map((b) => b.description ?? `{${(b.required ?? []).join(", ")}}`).join("; or ");
  return { type: "object", description: sentence(`One of: ${shapes}`), properties };
}
