// Forms that work without JavaScript: a page's <form method="post"> arrives here form-encoded, goes to the
// same operation the API runs (through adapters/invoke.ts), and the page either redirects (303, so a reload
// never sends it twice) or shows the form again with what was typed and the refusal in people's words.
import type { H3Event } from "h3";
import { z } from "zod";
import { baseUrlOf, readText, stepsFor } from "../../adapters/http.ts";
import { LOST_CHARACTER, lostCharacterRefusal } from "../../adapters/query.ts";
import { SanctuaryError, type ErrorKind } from "../../core/errors.ts";
import type { RouteBody } from "../../core/route.ts";
import type { Outcome } from "../../adapters/invoke.ts";
import { oneOfRequired } from "../../tools/inputs.ts";
import type { Operation, OutputSchema } from "../../tools/operation.ts";
import type { WebContext } from "../context.ts";
import { callFromPage } from "./call.ts";
import { sayError, type FormName, type Said } from "./wording.ts";

/** What a page shows in its form: the values typed, and what was said about them (if anything). */
export interface FormState {
  values: Record<string, string>;
  said?: Said;
  /** Shown again after a refusal (not a thank-you after the redirect): the page opens at the words. */
  refused?: boolean;
}

/** The boxes as sent, or why the form was refused before its operation saw it (too large, or bytes not UTF-8). */
export interface FormRead {
  values: Record<string, string | string[]>;
  refusal?: SanctuaryError;
}

/**
 * The form body, at most `limit` bytes, read by the same bounded reader as the API's JSON bodies (a body
 * over the limit is drained up to a bound, then the connection is closed); a repeated box becomes a list
 * (which validation refuses, as the API does). A body cut off mid-way reads as an empty form.
 */
export async function readForm(event: H3Event, limit: number): Promise<FormRead> {
  const type = event.req.headers.get("content-type") ?? "";
  // Another type is not read at all, and its body is not touched: touching it would start a stream that
  // holds the rest of the body on the connection, where Node would otherwise discard it after the answer.
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) return { values: {} };
  let text: string;
  try {
    text = await readText(event, limit);
  } catch (error) {
    if (error instanceof SanctuaryError) return { values: {}, refusal: error };
    return { values: {} };
  }
  const values: Record<string, string | string[]> = {};
  let lost: string | undefined;
  for (const [key, value] of new URLSearchParams(text)) {
    const seen = values[key];
    values[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
    // Percent-encoded bytes that are not UTF-8 decode to U+FFFD: refused as the API refuses them, never stored garbled.
    if (lost === undefined && (value.includes(LOST_CHARACTER) || key.includes(LOST_CHARACTER))) lost = key;
  }
  if (lost !== undefined) return { values: withoutLost(values), refusal: lostCharacterIn(lost) };
  return { values };
}

const lostCharacterIn = (field: string) =>
  lostCharacterRefusal(field, "Nothing was stored. Send the form as UTF-8 (a page's forms are), whole characters only.");

/** The boxes shown again after a refusal, without the marks of what was lost (the person types those again). */
function withoutLost(values: Record<string, string | string[]>): Record<string, string | string[]> {
  const clean = (value: string) => value.replaceAll(LOST_CHARACTER, "");
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.map(clean) : clean(v)]));
}

/**
 * The operation's input from the boxes a form has: only those names, and an empty optional box left out
 * (an empty "where you are" means "not given", not "too short").
 */
export function inputOf(values: Record<string, string | string[]>, boxes: readonly string[], optional: readonly string[] = []): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const box of boxes) {
    const value = values[box];
    if (value === undefined) continue;
    if (typeof value === "string" && !value.trim() && optional.includes(box)) continue;
    input[box] = value;
  }
  return input;
}

/**
 * What a form's route reads, for its OpenAPI entry: the page's boxes, each as its operation takes it (a browser
 * sends every box as text, and all of these are text), form-encoded; `more`, boxes the page itself reads.
 */
export function formBody(op: Operation, boxes: readonly string[], more: z.ZodRawShape = {}): RouteBody {
  const shape: z.ZodRawShape = op.input.shape;
  const taken = boxes.map((box) => {
    if (!shape[box]) throw new TypeError(`formBody: ${op.name} takes no field "${box}"`);
    return [box, shape[box]];
  });
  // A field the operation needs one of (`name` or `username`, tools/inputs.ts) is needed where the form has only it.
  const oneOf = oneOfRequired(op.input);
  const needed = boxes.filter((box) => oneOf.includes(box));
  const schema = z.object({ ...Object.fromEntries(taken), ...more });
  return {
    type: "application/x-www-form-urlencoded",
    schema: needed.length === 1 ? schema.required({ [needed[0]]: true }) : schema,
    required: true,
    description: `The page's own form, as a browser sends it. Programs send JSON to ${op.rest.method} ${op.rest.path} instead.`,
  };
}

/** What to show again in the form: the first value of each box, as typed. */
export function shownValues(values: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? "") : v]));
}

export interface Submitted<T> {
  outcome: Outcome<T>;
  state: FormState;
  status: number;
}

/** What a form's route may refuse with, each answered with its page again: its operation's, a large form, its own. */
export const formErrors = (op: Operation, ...own: ErrorKind[]): ErrorKind[] => [...new Set<ErrorKind>([...own, "invalid", "too_large", ...(op.errors ?? [])])];

/** Read a page form and run its operation (typed from its schemas); on refusal, the state to show the form again with. */
export async function submitForm<I extends z.ZodObject, O extends OutputSchema>(
  event: H3Event,
  deps: WebContext,
  form: FormName,
  op: Operation<I, O>,
  toInput: (values: Record<string, string | string[]>) => Record<string, unknown>,
): Promise<Submitted<z.input<O>>> {
  const read = await readForm(event, deps.config.bodyLimit);
  const values = shownValues(read.values);
  // A body over the limit, or one whose bytes were not UTF-8, never reached the operation: refused here, as the API
  // refuses it, with its error body.
  const outcome: Outcome<z.input<O>> = read.refusal
    ? { ok: false, status: read.refusal.status, error: read.refusal.body(stepsFor(baseUrlOf(event)).home()), headers: read.refusal.headers, requestId: "" }
    : await callFromPage(event, deps, op, toInput(read.values));
  if (outcome.ok) return { outcome, status: outcome.status, state: { values } };
  const retryAfter = Number(outcome.headers["retry-after"] ?? NaN);
  return {
    outcome,
    status: outcome.status,
    state: { values, refused: true, said: sayError(form, { status: outcome.status, body: outcome.error, retryAfter }, values) },
  };
}

/** 303 See Other: the browser follows with a GET, so reloading the result never submits twice. */
export function seeOther(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store", ...headers } });
}

/**
 * The page's response headers for a refused form: a 429 or a store's 503 keeps its Retry-After, a 413 that left the
 * body unread closes the connection. Refusals name their headers in lower case (core/errors.ts, storage/store-failure.ts).
 */
export function refusalHeaders(outcome: Outcome<unknown>): Record<string, string> {
  const wait = outcome?.headers["retry-after"];
  const close = outcome?.headers.connection;
  return { ...(wait ? { "retry-after": wait } : {}), ...(close ? { connection: close } : {}) };
}
