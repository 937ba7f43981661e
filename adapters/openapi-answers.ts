// The pieces of the OpenAPI document that describe answers and bodies rather than routes: POST /mcp's messages,
// refusals in each form a route writes them (the error shape, a JSON-RPC error, a page), ranges, redirects, and a JSON
// body's optional fields taking null. adapters/openapi.ts puts them together per operation and route.
import { z } from "zod";
import { errorStatus, type ErrorKind } from "../core/errors.ts";
import { isApiPath } from "./http.ts";

type Json = Record<string, unknown>;

const statusText: Record<number, string> = {
  400: "The input is not valid",
  403: "Not allowed",
  404: "Not found",
  405: "Method not allowed; the Allow header names the one served",
  409: "Already received",
  413: "Request body too large",
  429: "Too many requests; see Retry-After",
  500: "Unexpected failure",
  503: "Temporarily unavailable",
};

/** What POST /mcp answers: one JSON-RPC message, or a 2025-03-26 batch's answers in an array (documentation only). */
export const JSON_RPC_ANSWER = z.union([
  z.looseObject({ jsonrpc: z.literal("2.0") }).describe("The answer to one JSON-RPC request: its result or its error"),
  z.array(z.looseObject({ jsonrpc: z.literal("2.0") })).describe("A 2025-03-26 batch's answers, one for each request it held"),
]);

/** What POST /mcp reads: one JSON-RPC message, or a 2025-03-26 batch of them (documentation only). */
const JSON_RPC_MESSAGE = z.looseObject({
  jsonrpc: z.literal("2.0"),
  id: z.union([z.string(), z.number().int()]).optional().describe("A string or a whole number; absent in a notification, which is answered 202 with no body"),
  method: z.string().optional().describe("A request's or a notification's method; a response to the server has none"),
  params: z.looseObject({}).optional(),
});
export const JSON_RPC_REQUEST = z.union([
  JSON_RPC_MESSAGE.describe("One JSON-RPC message: a request, a notification or a response"),
  z.array(JSON_RPC_MESSAGE).min(1).describe("A batch of messages, for protocol 2025-03-26 only"),
]);

/** A JSON-RPC error as POST /mcp answers a message it cannot take (not the REST error shape). */
export const JSON_RPC_ERROR: Json = {
  type: "object",
  required: ["jsonrpc", "id", "error"],
  properties: {
    jsonrpc: { const: "2.0" },
    id: { type: ["string", "integer", "null"] },
    error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "integer" }, message: { type: "string" }, data: {} },
    },
  },
};

/** How a route's refusals are written: the error shape (default), a JSON-RPC error (POST /mcp), or a page. */
export type ErrorForm = "json" | "json-rpc" | "page";

const RETRY_AFTER: Record<string, string> = {
  rate_limited: "Seconds until the limit allows another",
  // A 503 carries it when the store is down (docs/behaviour.md §10); a part switched off (admin) says so in words.
  unavailable: "Seconds to wait, sent while the store is out of reach; a part of the sanctuary that is switched off says so without it",
};

export function errorResponses(kinds: ErrorKind[], form: ErrorForm = "json"): Json {
  const out: Json = {};
  const json = { "application/json": { schema: { $ref: `#/components/schemas/${form === "json-rpc" ? "JsonRpcError" : "ErrorBody"}` } } };
  // A page's refusal is a page; the store's outage answers a client not asking for HTML in the error shape (app.ts).
  const page = { "text/html": { schema: { type: "string" } } };
  for (const kind of kinds) {
    const status = errorStatus[kind];
    const retry = RETRY_AFTER[kind];
    out[String(status)] = {
      description: statusText[status],
      ...(retry ? { headers: { "Retry-After": { description: retry, schema: { type: "integer" } } } } : {}),
      content: form !== "page" ? json : kind === "unavailable" ? { ...page, ...json } : page,
    };
  }
  return out;
}

/**
 * A path parameter that cannot be decoded (a malformed percent-encoding) is refused before the route runs (app.ts):
 * outside the API a browser gets the site's page, any other client the error body. Said beside a route's own 400.
 */
export function withUnreadablePath(responses: Json, path: string): Json {
  const own = responses["400"] as Json | undefined;
  const json = { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } };
  const page = !isApiPath(path);
  const content = page ? { "text/html": { schema: { type: "string" } }, ...json } : json;
  const why = `an address that cannot be read (a malformed percent-encoding)${page ? ": a browser gets the site's page, any other client the error body" : ""}`;
  const description = own ? `${own.description}, or ${why}` : `${why.charAt(0).toUpperCase()}${why.slice(1)}`;
  return { ...responses, 400: { description, content: { ...(own?.content ?? {}), ...content } } };
}

/**
 * A JSON body's optional fields take null too, read as not given (adapters/null-as-absent.ts): clients whose
 * function calling sends every parameter send null for "none". A required field sent as null is named as missing.
 */
export function optionalTakesNull(schema: Json): Json {
  const required = new Set<unknown>(Array.isArray(schema.required) ? schema.required : []);
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Json>).map(([name, field]): [string, Json] => [
    name,
    required.has(name) || takesNull(field) ? field : orNull(field),
  ]);
  return { ...schema, properties: Object.fromEntries(properties) };
}

const takesNull = (field: Json): boolean =>
  [field.type].flat().includes("null") || (Array.isArray(field.anyOf) && field.anyOf.some((branch: Json) => takesNull(branch)));

/** A field's schema or null, its description kept where readers look for it. */
function orNull(field: Json): Json {
  const { description, ...rest } = field;
  return { ...(description === undefined ? {} : { description }), anyOf: [rest, { type: "null" }] };
}

/** A status described in words: a redirect names its Location, anything else has no body to describe. */
export const redirectOr = (status: number, description: string): Json =>
  status >= 300 && status < 400 ? { description, headers: { Location: { description: "Where to go instead", schema: { type: "string" } } } } : { description };

/** What a route that honours Range, If-Range, If-None-Match and If-Modified-Since answers besides its success. */
export function rangedResponses(produces: string): Json {
  const contentRange = (description: string) => ({ "Content-Range": { description, schema: { type: "string" } } });
  return {
    "206": {
      description: "The byte range asked for (one `bytes=` range; several, or a malformed one, get the whole file)",
      headers: contentRange("bytes <first>-<last>/<size>"),
      content: { [produces]: { schema: { type: "string" } } },
    },
    "304": { description: "Not modified: If-None-Match or If-Modified-Since still holds (no body)" },
    "416": { description: "Range not satisfiable: it starts past the end (no body)", headers: contentRange("bytes */<size>") },
  };
}

/** A JSON body's schema without the fields its path carries (none yet: a body would not repeat them). */
export function withoutFields(schema: Json, names: string[]): Json {
  if (!names.length) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([name]) => !names.includes(name)));
  const required = Array.isArray(schema.required) ? schema.required.filter((name: unknown) => typeof name === "string" && !names.includes(name)) : undefined;
  return { ...schema, properties, ...(required ? { required } : {}) };
}
