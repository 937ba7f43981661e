// The one call path every transport shares: validate the input against the operation's schema, screen it,
// record the call under its REST path, take its limits, run the handler, and turn any failure into the error body.
import type { z } from "zod";
import { ErrorBody, SanctuaryError, errorStatus } from "../core/errors.ts";
import { deepFreeze, expand, readOnlyView } from "../core/body.ts";
import { DRY_RUN_FIELD, type Body, type Operation, type OutputSchema } from "../tools/operation.ts";
import { brokenText } from "./broken-text.ts";
import { callContext, type AdapterContext } from "./context.ts";
import { stepsFor } from "./http.ts";
import { validationError } from "./validation-error.ts";
import { NO_LIMITS, callLimits } from "./limits.ts";
import { nextRequestId } from "./request-id.ts";
import { withoutNulls } from "./null-as-absent.ts";

/** What an operation answers with on success: its output schema's input side, the body its handler returns. */
export type Output<Op> = Op extends Operation<z.ZodObject, infer O> ? z.input<O> : never;

interface Answered {
  status: number;
  headers: Record<string, string>;
  requestId: string;
}

/**
 * A call's result, typed from the operation's own schemas (oRPC's `createRouterClient` in our terms): on success
 * the body (plain or joined: read it through `expand`, write it with `toJsonBytes`), on failure the error body.
 */
export type Outcome<T = unknown> = (Answered & { ok: true; body: Body<T> }) | (Answered & { ok: false; error: ErrorBody });

/** The body a transport writes, whichever way the call went. */
export const wireBody = <T>(outcome: Outcome<T>): Body<T> | ErrorBody => (outcome.ok ? outcome.body : outcome.error);

export interface CallInfo {
  /** Who called: the REST route, an MCP tool or resource, or a page of this site calling in-process. */
  via: "rest" | "mcp" | "page";
  ip: string;
  baseUrl: string;
  requestId?: string;
  /** The caller's going away, when the transport can tell (tools/context.ts `abortSignal`). */
  abortSignal?: () => AbortSignal;
}

const NO_SIGNAL = (): undefined => undefined;

/** Until the call's limits are known, taking them is a no-op (screening runs before them). */
const NO_TAKE = async (): Promise<void> => {};

/** Fill `:name` and `**:name` segments of a REST path with input values. */
export function restPathOf(op: Operation, input: Record<string, unknown>): string {
  return op.rest.path
    .replace(/(\*\*)?:([A-Za-z_]+)/g, (_, _wild, name) => {
      // A lone surrogate cannot be percent-encoded; a UTF-8 round trip makes the string well formed first.
      const value = Buffer.from(String(input[name] ?? ""), "utf8").toString("utf8");
      return value.split("/").map(encodeURIComponent).join("/");
    })
    .replace(/(.)\/$/, "$1"); // read_song or read_doc with nothing to read lists: GET /api/music, GET /api/docs
}

type Validation<I extends z.ZodObject> = z.ZodSafeParseResult<z.output<I>>;
const validations = new WeakMap<z.ZodObject, WeakMap<object, Validation<z.ZodObject>>>();

/**
 * The input checked against the operation's schema. A frozen input (a query string many requests share) is
 * checked once per schema; no handler may change its input (its type is read-only, see `invoke`).
 */
function validated<I extends z.ZodObject>(schema: I, raw: Readonly<Record<string, unknown>>): Validation<I> {
  if (!Object.isFrozen(raw)) return schema.safeParse(raw);
  let kept = validations.get(schema);
  if (!kept) validations.set(schema, (kept = new WeakMap()));
  const seen = kept.get(raw);
  // The parse boundary: the cache is keyed by this very schema, so what it holds is this schema's result.
  if (seen) return seen as Validation<I>;
  const result = schema.safeParse(raw);
  kept.set(raw, result);
  return result;
}

/** Whether a parsed input asks for a preview (`dry_run: true`): only operations that offer one have the field. */
const isPreview = (input: object): boolean => DRY_RUN_FIELD in input && input[DRY_RUN_FIELD] === true;

/**
 * Validate, record, run. Never throws: every failure becomes an Outcome with an error body. The raw input is
 * whatever arrived (a query, a JSON body, a form): the operation's schema is what types it.
 */
export async function invoke<I extends z.ZodObject, O extends OutputSchema>(
  op: Operation<I, O>,
  sent: Readonly<Record<string, unknown>>,
  app: AdapterContext,
  info: CallInfo,
): Promise<Outcome<z.input<O>>> {
  // A null is a field not sent (adapters/null-as-absent.ts): what is validated, and named in a refusal, is the rest.
  const raw = withoutNulls(op.input, sent);
  const steps = stepsFor(app.config.baseUrl ?? info.baseUrl);
  // The call's context: the services handlers may use, by name, and this call's own fields.
  const ctx = callContext(app, {
    steps,
    ip: info.ip,
    via: info.via,
    requestId: info.requestId ?? nextRequestId(),
    now: app.clock(),
    takeLimits: NO_TAKE,
    limitWait: NO_LIMITS.wait,
    abortSignal: info.abortSignal ?? NO_SIGNAL,
  });
  try {
    const broken = brokenText(op, raw, ctx.now);
    if (broken) throw broken;
    const parsed = validated(op.input, raw);
    if (!parsed.success) throw validationError(op, parsed.error, steps, raw, ctx.now);
    const input = readOnlyView(parsed.data);
    // Inputs and bodies are read-only by type; with output checks on (the tests) they are frozen too, on every
    // transport alike, so a handler that writes to either fails in the tests rather than on one transport.
    if (app.config.checkOutput) deepFreeze(input);
    // Screening is validation that needs the services: before any limit. Awaited only when it is asynchronous: an
    // `await` of nothing is a turn of the microtask queue on now's every request.
    const screened = op.screen?.(input, ctx);
    if (screened) await screened;
    // A read's limits fail open when the store cannot count them; its own writes (attend's visit) still fail closed.
    const limits = callLimits(op.limits ?? [], input, ctx, { failOpen: op.rest.method === "GET" });
    ctx.takeLimits = limits.take;
    ctx.limitWait = limits.wait;
    let body: Body<z.input<O>>;
    if (limits === NO_LIMITS) body = await op.handler(input, ctx);
    else {
      if (op.limitsTaken !== "in-handler") await limits.take();
      try {
        body = await op.handler(input, ctx);
        await limits.take(); // a no-op unless the handler, asked to, did not take them
      } catch (error) {
        await limits.refund();
        throw error;
      }
    }
    if (app.config.checkOutput) {
      deepFreeze(body);
      const checked = op.output.safeParse(expand(body));
      if (!checked.success) {
        app.log.error({ operation: op.name, issues: checked.error.issues.slice(0, 5) }, "response does not match its output schema");
        throw new Error(`output of ${op.name} does not match its schema`);
      }
    }
    // A preview created nothing, so it is a plain 200 even where the real call answers 201.
    const status = isPreview(input) ? 200 : (op.statusOf?.(readOnlyView(expand(body))) ?? op.rest.status ?? 200);
    return { status, body, headers: {}, ok: true, requestId: ctx.requestId };
  } catch (error) {
    if (error instanceof SanctuaryError) {
      return { status: error.status, error: error.body(steps.home()), headers: error.headers, ok: false, requestId: ctx.requestId };
    }
    app.log.error({ operation: op.name, requestId: ctx.requestId, err: error }, "operation failed");
    const body: ErrorBody = new SanctuaryError("internal", "The sanctuary could not complete this request.").body(steps.home());
    return { status: errorStatus.internal, error: body, headers: {}, ok: false, requestId: ctx.requestId };
  }
}
