// fast-check generators driven by the OpenAPI document: for each parameter and request body schema,
// values that satisfy it ("valid-ish", so handlers are reached) mixed with hostile ones (wrong types,
// huge and strange strings, prototype keys, broken JSON and encodings), so both the validation layer
// and what lies behind it are exercised.
import fc from "fast-check";
import { encodeLoose, type RawRequest } from "./raw-http.ts";

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

export interface RouteSpec {
  method: "GET" | "POST";
  /** OpenAPI path, e.g. `/api/music/{slug}`. */
  path: string;
  params: Array<{ name: string; in: "path" | "query"; required: boolean; schema: JsonSchema }>;
  body?: JsonSchema;
  /** Statuses the document declares for it (a declared 503 is a designed answer, not a failure). */
  statuses: number[];
  /** Whether it reads a JSON body and answers 413 in JSON past the limit (a page's form reads form fields only). */
  jsonTooLarge: boolean;
}

/** Realistic values by field name, filled from the live server (slugs, paths, dates), so handlers run. */
export type Hints = Record<string, fc.Arbitrary<string>>;

export const EDGE_STRINGS = [
  "",
  " ",
  "\t\n ",
  "\u0000",
  "a\u0000b",
  "\u0001\u001b[31m\u007f",
  "\ud800",
  "\udfff",
  "x\ud83d",
  "\u202eevil\u202c",
  "\u200f\u200e",
  "\u200d",
  "👩‍👩‍👧‍👦",
  "🙏🏽",
  "e\u0301\u0301\u0301\u0301",
  "\ufeff",
  "\uffff",
  "\u2028\u2029",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e400",
  "-0",
  "0x10",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  ".",
  "..",
  "../../../etc/passwd",
  "..\\..\\windows",
  "%2e%2e",
  "%00",
  "%E0%A4%A",
  "a:b",
  "a:..:b",
  "x?y",
  "a/../b",
  "services:2026-11-22:0:north",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "${7*7}",
  "{{7*7}}",
  "https://example.org",
  "www.example.org",
  "\r\nSet-Cookie: x=1",
  " Wren ",
  "WREN",
  "Ｗｒｅｎ",
  "Europe/Lisbon",
  "Etc/GMT+14",
  "../../UTC",
];

const hugeString = fc
  .tuple(fc.integer({ min: 1_000, max: 100_000 }), fc.constantFrom("a", "é", "🙏", "\u0000", " ", "\u200d", "\ud800"))
  .map(([n, c]) => c.repeat(Math.ceil(n / c.length)));

const surrogateSoup = fc.array(fc.integer({ min: 0xd800, max: 0xdfff }), { minLength: 1, maxLength: 8 }).map((cs) => String.fromCharCode(...cs));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 300 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary-ascii", maxLength: 60 }) },
  { weight: 2, arbitrary: fc.array(fc.constantFrom(...EDGE_STRINGS), { maxLength: 6 }).map((a) => a.join("")) },
  { weight: 1, arbitrary: surrogateSoup },
  { weight: 1, arbitrary: hugeString },
);

/** Hostile JSON values as JSON text (so `__proto__` stays an own key and NaN/1e999 stay literal). */
const hostileFragment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileString.map((s) => JSON.stringify(s)) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean()).map((v) => JSON.stringify(v)) },
  { weight: 2, arbitrary: fc.constantFrom("null", "-0", "1e999", "-1e999", "9007199254740993", "0.1e-400", "[]", "{}", "[null]", '["a","b"]', "true") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '[{"__proto__":null}]',
      '{"prototype":1,"toString":2}',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 200 }).map((n) => "[".repeat(n) + "]".repeat(n)) },
);

const KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf", "", " ", "name ", "NAME", "a.b", "0", "\u0000", "🙏"];

/** A value satisfying the schema, so the request reaches the handler. */
export function validFor(name: string, schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (hints[name]) return hints[name];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "integer" || type === "number") return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
  if (type === "boolean") return fc.boolean();
  if (type === "object") return bodyObject(schema, hints, 0).map((t) => JSON.parse(t));
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 200, Math.max(min, 200));
  // Printable ASCII with spaces: long enough, no control characters, rarely a web address.
  return fc.stringMatching(new RegExp(`^[A-Za-z][A-Za-z ,.'-]{${Math.max(0, min - 1)},${Math.max(0, max - 1)}}$`));
}

/** JSON text for one field: mostly valid, otherwise hostile. */
function fieldFragment(name: string, schema: JsonSchema, hints: Hints, hostileWeight: number): fc.Arbitrary<string> {
  return fc.oneof({ weight: 6, arbitrary: validFor(name, schema, hints).map((v) => JSON.stringify(v)) }, { weight: hostileWeight, arbitrary: hostileFragment });
}

/** An object as JSON text: fields present or missing, some hostile, plus extra and prototype keys, maybe duplicated. */
function bodyObject(schema: JsonSchema, hints: Hints, hostileWeight: number): fc.Arbitrary<string> {
  const props = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  // `username` is `name` under another name (both sent are refused): one of them is sent, as often as a required field.
  const aliased = props.some(([name]) => name === "username");
  const fields = props
    .filter(([name]) => !(aliased && name === "username"))
    .map(([name, s]) =>
      fc.option(
        aliased && name === "name"
          ? fc.tuple(fc.constantFrom("name", "username"), fieldFragment(name, s, hints, hostileWeight))
          : fieldFragment(name, s, hints, hostileWeight).map((f) => [name, f] as const),
        { freq: required.has(name) || (aliased && name === "name") ? 12 : 2, nil: null },
      ),
    );
  // Inputs are strict (an extra key is refused), so extras come one time in six: valid-ish bodies still reach handlers.
  const none = fc.constant([] as Array<[string, string]>);
  const extras = hostileWeight
    ? fc.oneof(
        { weight: 5, arbitrary: none },
        {
          weight: 1,
          arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 10 })), hostileFragment), { minLength: 1, maxLength: 3 }),
        },
      )
    : none;
  return fc.tuple(fc.tuple(...fields), extras, fc.boolean()).map(([present, extra, extrasFirst]) => {
    const pairs = [...present.filter((p): p is readonly [string, string] => p !== null)];
    const all = extrasFirst ? [...extra, ...pairs] : [...pairs, ...extra];
    return `{${all.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`;
  });
}

const NOT_AN_OBJECT = [
  "[]",
  '"text"',
  "42",
  "null",
  "true",
  '[{"name":"x"}]',
  "1e999",
  "NaN",
  "{",
  '{"a":}',
  "{'a':1}",
  "",
  "   ",
  "\ufeff{}",
  '{"a":1}garbage',
  '{"a":1}{"b":2}',
  "\u0000",
];

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=utf-16",
  "*/*",
  "",
];

export interface FuzzBody {
  body: string | Buffer;
  headers: Record<string, string>;
  chunked: boolean;
}

/** A request body for a POST route: mostly a (partly hostile) object, sometimes not an object or not JSON at all. */
export function bodyArb(schema: JsonSchema, hints: Hints): fc.Arbitrary<FuzzBody> {
  const text: fc.Arbitrary<string | Buffer> = fc.oneof(
    { weight: 8, arbitrary: bodyObject(schema, hints, 2) },
    { weight: 2, arbitrary: fc.constantFrom(...NOT_AN_OBJECT) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
    // Deep nesting as raw text: the parser must refuse or survive it, never take the process down.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 1_000, max: 10_000 }), fc.boolean())
        .map(([n, arr]) => (arr ? "[".repeat(n) + "]".repeat(n) : '{"a":'.repeat(n) + "1" + "}".repeat(n))),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 50_000 }).map((n) => "[".repeat(n)) },
    // Invalid UTF-8 inside a JSON string.
    {
      weight: 1,
      arbitrary: fc
        .constantFrom([0xc3, 0x28], [0xed, 0xa0, 0x80], [0xff, 0xfe], [0xe0, 0xa4])
        .map((b) => Buffer.concat([Buffer.from('{"name":"'), Buffer.from(b), Buffer.from('","text":"a reflection of twenty characters or more"}')])),
    },
  );
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant("application/json") },
    { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  // Two in ten bodies go chunked (no Content-Length), so the streaming size check is exercised too.
  return fc
    .tuple(text, contentType, fc.nat(9))
    .map(([body, type, n]): FuzzBody => ({ body, headers: type === null ? {} : { "content-type": type }, chunked: n < 2 }));
}

const RAW_QUERY_VALUES = ["%E0%A4%A", "%", "%zz", "%00", "%ED%A0%80", "+++", "a=b=c", ";", "%FF%FE", "%C0%AF"];

/** The query string: each parameter omitted, valid, hostile, repeated, or raw-garbage encoded; plus extra keys. */
function queryArb(params: RouteSpec["params"], hints: Hints): fc.Arbitrary<string> {
  const one = (p: RouteSpec["params"][number]) => {
    const valid = validFor(p.name, p.schema, hints).map((v) => [encodeLoose(String(v))]);
    const hostile = hostileString.filter((s) => s.length < 12_000).map((s) => [encodeLoose(s)]);
    return fc
      .oneof(
        { weight: p.required ? 1 : 3, arbitrary: fc.constant([] as string[]) },
        { weight: 6, arbitrary: valid },
        { weight: 3, arbitrary: hostile },
        { weight: 1, arbitrary: fc.array(fc.oneof(valid, hostile), { minLength: 2, maxLength: 3 }).map((vs) => vs.flat()) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERY_VALUES).map((v) => [v]) },
      )
      .map((values) => values.map((v) => `${p.name}=${v}`));
  };
  const extra = fc.oneof(
    { weight: 5, arbitrary: fc.constant([] as Array<[string, string]>) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.tuple(
          fc.constantFrom(...KEYS, "constructor[prototype][polluted]", "__proto__[polluted]", "q[]"),
          hostileString.filter((s) => s.length < 200),
        ),
        { minLength: 1, maxLength: 2 },
      ),
    },
  );
  // `username` is `name` under another name (both sent are refused): the query carries one of them, chosen at random.
  const query = params.filter((p) => p.in === "query");
  const aliased = query.some((p) => p.name === "username") && query.some((p) => p.name === "name");
  const fields = aliased ? query.filter((p) => p.name !== "username") : query;
  const oneName = (p: RouteSpec["params"][number]) =>
    aliased && p.name === "name"
      ? fc.tuple(one(p), fc.boolean()).map(([pairs, alias]) => (alias ? pairs.map((pair) => pair.replace(/^name=/, "username=")) : pairs))
      : one(p);
  return fc.tuple(fc.tuple(...fields.map(oneName)), extra).map(([pairs, ex]) => {
    const all = [...pairs.flat(), ...ex.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`)];
    return all.length ? `?${all.join("&")}` : "";
  });
}

const RAW_SEGMENTS = [
  "..",
  ".",
  "%2e%2e",
  "%2E%2E%2F%2E%2E%2Fpackage.json",
  "%00",
  "a%00b",
  "%E0%A4%A",
  "%",
  "%zz",
  "%ED%A0%80",
  "x%3A..",
  "x%3A..%3Ay",
  "%3A",
  "a%2Fb",
  "..%2F..%2Fpackage.json",
  "%252e%252e",
  "%5C..%5C",
  "~",
  "con",
  "%20",
  "%3F",
  "%23",
  ";x",
];

/** A path parameter: a real value, a raw hostile segment, an encoded hostile string, or a very long one. */
function segmentArb(name: string, schema: JsonSchema, hints: Hints, wildcard: boolean): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: validFor(name, schema, hints).map((v) => String(v).split("/").map(encodeLoose).join("/")) },
    { weight: 3, arbitrary: fc.constantFrom(...RAW_SEGMENTS, ...(wildcard ? ["a/b/c", "../../x", "welcome/../welcome", "//", "a/%2e%2e/b"] : [])) },
    { weight: 3, arbitrary: hostileString.filter((s) => s.length < 4_000).map(encodeLoose) },
    { weight: 1, arbitrary: fc.integer({ min: 300, max: 20_000 }).map((n) => "a".repeat(n)) },
  );
}

/** One request for a route, built from its OpenAPI description. */
export function requestArb(route: RouteSpec, hints: Hints): fc.Arbitrary<RawRequest & { route: RouteSpec }> {
  const wildcardNames = new Set(route.params.filter((p) => p.in === "path" && ["path", "file"].includes(p.name)).map((p) => p.name));
  const pathParams = route.params.filter((p) => p.in === "path");
  const segs = fc.tuple(...pathParams.map((p) => segmentArb(p.name, p.schema, hints, wildcardNames.has(p.name))));
  const body = route.method === "POST" ? bodyArb(route.body ?? { type: "object" }, hints).map((b) => b as FuzzBody | null) : fc.constant(null);
  return fc.tuple(segs, queryArb(route.params, hints), body).map(([values, query, b]) => {
    let path = route.path;
    pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, values[i])));
    return { route, method: route.method, path: path + query, headers: b?.headers, body: b?.body, chunked: b?.chunked };
  });
}

/** Real values from the library and plausible ones otherwise, keyed by field name, so valid-ish inputs reach handlers. */
export function hintsFrom(library: { songs: Array<{ slug: string }>; documents: Array<{ path: string }> }): Hints {
  const slugs = fc.constantFrom(...library.songs.map((s) => s.slug));
  return {
    slug: slugs,
    songSlug: slugs,
    path: fc.constantFrom("welcome", ...library.documents.map((d) => d.path)),
    date: fc.constantFrom("2026-11-22", "2026-11-21", "2026-11-23", "2026-02-29", "1970-01-01", "9999-12-31"),
    timezone: fc.constantFrom("Europe/Lisbon", "Asia/Tokyo", "America/New_York", "Pacific/Kiritimati", "Etc/GMT+12", "UTC", "Mars/Olympus"),
    session_id: fc.uuid(),
  };
}

/** /mcp is a plain route without a body schema: JSON-RPC's shape, so generated bodies actually call tools. */
export function jsonRpcSchema(tools: string[]): JsonSchema {
  const params = { type: "object", properties: { name: { enum: tools }, arguments: { type: "object" } } };
  return {
    type: "object",
    required: ["jsonrpc", "id", "method"],
    properties: {
      jsonrpc: { enum: ["2.0"] },
      id: { type: "integer" },
      method: { enum: ["tools/call", "tools/list", "initialize", "ping", "resources/list"] },
      params,
    },
  };
}
