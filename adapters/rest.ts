// Generates the REST surface from the operation list: one h3 route per operation, inputs merged from
// path, query and JSON body, and every outcome written as JSON. Knows no operation by name.
import type { H3, H3Event } from "h3";
import { z } from "zod";
import type { AdapterContext } from "./context.ts";
import { SanctuaryError } from "../core/errors.ts";
import { percentDecoded } from "../core/text.ts";
import { exampleAt, type Operation } from "../tools/operation.ts";
import { baseUrlOf, clientIp, errorResponse, errorResponseOf, jsonResponse, readJsonObject } from "./http.ts";
import { freshQueryObject, lostCharacterRefusal, lostInQuery, queryObject } from "./query.ts";
import { invoke, wireBody } from "./invoke.ts";
import { BoundedMemo, perObject } from "../core/memo.ts";
import { requestIdOf } from "./request-id.ts";
import { refusesHead } from "./route-table.ts";
import { noteRequest, noteRequestId, WORDS_IN_PATH, type RequestNote } from "./request-log.ts";

/** Path parameters as written in the route (`:slug`, `**:path`). */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/(?:\*\*)?:([A-Za-z_]+)/g)].map((m) => m[1]);
}

function routeParams(event: H3Event, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (!names.length) return out;
  const raw = event.context.params ?? {};
  for (const name of names) {
    const value = raw[name];
    if (value === undefined) continue;
    out[name] = percentDecoded(value) ?? value;
  }
  return out;
}

type Input = Readonly<Record<string, unknown>>;

/** The call's input: path, query and body together; a field sent in two of them is refused. */
function mergedInput(op: Operation, event: H3Event, params: string[], query: Input, body: Input, clock: () => Date): Input | SanctuaryError {
  const path = routeParams(event, params);
  const twice = sentTwice({ path, query, body });
  if (twice) return new SanctuaryError("invalid", twice.message, { field: twice.field, example: exampleAt(op, clock()) });
  return { ...withBooleans(op, query), ...body, ...path };
}

/**
 * A field sent in the query (each field once, wherever: docs/behaviour.md §7) is text; "true" or "false" for a field
 * the operation takes as a boolean (`dry_run`) is that boolean, which a query can say no other way.
 */
function withBooleans(op: Operation, query: Input): Input {
  const booleans = booleanFieldsOf(op);
  if (!booleans.size) return query;
  let read: Record<string, unknown> | null = null;
  for (const key of booleans) {
    const value = query[key];
    if (value === "true" || value === "false") (read ??= { ...query })[key] = value === "true";
  }
  return read ?? query;
}

/** The fields an operation takes as booleans, read from its input schema once rather than per request. */
const booleanFieldsOf = perObject(
  (op: Operation): ReadonlySet<string> =>
    new Set(
      Object.entries(op.input.shape)
        .filter(([, field]) => (field instanceof z.ZodOptional ? field.unwrap() : field) instanceof z.ZodBoolean)
        .map(([key]) => key),
    ),
);

/** What mountRest makes once per operation for its handler. */
interface Mounted {
  /** Path parameters as written in the route. */
  params: string[];
  note: RequestNote;
  /**
   * A GET with path parameters (a song, a page of the library) asked at the same address again: its input made once
   * and frozen, so invoke keeps its validation as it keeps a shared query's (adapters/invoke.ts), where it was merged
   * and validated anew for every request. By path and query string; null where the query is read afresh (never frozen).
   */
  inputs: BoundedMemo<Input> | null;
}

function getInput(op: Operation, event: H3Event, { params, inputs }: Mounted, query: Input, clock: () => Date): Input | SanctuaryError {
  if (!params.length) return query;
  if (!inputs) return mergedInput(op, event, params, query, {}, clock);
  const at = event.url.pathname + event.url.search;
  const kept = inputs.find(at);
  if (kept) return kept;
  const made = mergedInput(op, event, params, query, {}, clock);
  if (made instanceof SanctuaryError) return made;
  inputs.put(at, Object.freeze(made));
  return made;
}

async function handle(op: Operation, event: H3Event, deps: AdapterContext, mounted: Mounted): Promise<Response> {
  const { params, note } = mounted;
  // The access line and the metrics are written by adapters/request-log.ts for every route; this names the operation.
  noteRequest(event, note);
  const baseUrl = baseUrlOf(event);
  let body: Record<string, unknown> = {};
  if (op.rest.method === "POST") {
    try {
      body = await readJsonObject(event, deps.config.bodyLimit);
    } catch (error) {
      if (!(error instanceof SanctuaryError)) throw error;
      const withExample = new SanctuaryError(error.kind, error.message, { ...error.details, example: exampleAt(op, deps.clock()) }, error.headers);
      return errorResponseOf(event, withExample);
    }
  }
  // A GET without path parameters is its query alone: the shared, frozen query object, whose validation
  // invoke keeps (adapters/invoke.ts); one nearly always new (a visitor's name, a search's words) is read afresh.
  const query = op.inputMostlyNew ? freshQueryObject(event.url) : queryObject(event.url);
  const lost = lostInQuery(query);
  if (lost !== undefined) return errorResponseOf(event, lostCharacter(op, lost, deps.clock()));
  const input = op.rest.method === "GET" ? getInput(op, event, mounted, query, deps.clock) : mergedInput(op, event, params, query, body, deps.clock);
  if (input instanceof SanctuaryError) return errorResponseOf(event, input);
  const outcome = await invoke(op, input, deps, {
    via: "rest",
    ip: clientIp(event, deps.config.trustProxy),
    baseUrl,
    requestId: requestIdOf(event),
    abortSignal: () => event.req.signal,
  });
  noteRequestId(event, outcome.requestId);
  const headers = { ...outcome.headers, "x-request-id": outcome.requestId };
  return jsonResponse(outcome.status, wireBody(outcome), headers);
}

/** A query field whose percent-encoded bytes were not UTF-8 (decoded, they became U+FFFD): refused, not kept garbled. */
const lostCharacter = (op: Operation, field: string, now: Date) =>
  lostCharacterRefusal(
    field,
    "Nothing was stored. Percent-encode the text's UTF-8 bytes (encodeURIComponent does), whole characters only.",
    exampleAt(op, now),
  );

/**
 * A field sent in two places (the path and the query, the query and the body) is refused, whatever the values: one
 * quietly won before, so `/api/music/a?slug=b` answered for `a` (an outside tester's report).
 */
export function sentTwice(sources: Record<"path" | "query" | "body", Readonly<Record<string, unknown>>>): { field: string; message: string } | null {
  const seen = new Map<string, string>();
  for (const [place, fields] of Object.entries(sources)) {
    for (const field of Object.keys(fields)) {
      const first = seen.get(field);
      if (first === undefined) {
        seen.set(field, place);
        continue;
      }
      return { field, message: `\`${field}\` was sent twice, in the ${first} and in the ${place}: send it once.` };
    }
  }
  return null;
}

export function mountRest(app: H3, operations: Operation[], deps: AdapterContext): void {
  for (const op of operations) {
    const params = pathParamNames(op.rest.path);
    const note: RequestNote = Object.freeze(op.rest.wordsInPath ? { operation: op.name, ...WORDS_IN_PATH } : { operation: op.name });
    const inputs = op.rest.method === "GET" && params.length && !op.inputMostlyNew ? new BoundedMemo<Input>(512) : null;
    const mounted: Mounted = { params, note, inputs };
    const handler = (event: H3Event) => handle(op, event, deps, mounted);
    app.on(op.rest.method, op.rest.path, handler);
    // HEAD is GET without the body (h3 drops it), only where GET changes nothing (route-table.ts refusesHead).
    // Registered either way, so the fallback does not take it.
    if (op.rest.method === "GET") app.on("HEAD", op.rest.path, refusesHead(op) ? headRefused : handler);
  }
}

/** 405 to a HEAD of a GET that changes something: answering would mean doing it. */
function headRefused(event: H3Event): Response {
  return errorResponse(
    event,
    "method_not_allowed",
    `HEAD is not served at ${event.url.pathname}: a GET there records something, so HEAD cannot answer without doing it; use GET.`,
    { suggestion: "Nothing was recorded. Send GET when you mean to make the call; /openapi.json describes it." },
    { allow: "GET" },
  );
}
