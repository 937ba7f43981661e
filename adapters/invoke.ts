// The one call path every transport shares: validate the input against the operation's schema, screen it,
// record the call under its REST path, take its limits, run the handler, and turn any failure into the error body.
import type { z } from "zod";
import { ErrorBody, SanctuaryError, errorStatus } from "../core/errors.ts";
import { deepFreeze, expand } from "../core/json.ts";
import type { Steps } from "../core/next-steps.ts";
import { DRY_RUN_FIELD, type Body, type Operation } from "../tools/operation.ts";
import { callContext, type AdapterContext } from "./context.ts";
import { stepsFor } from "./http.ts";
import { NO_LIMITS, callLimits } from "./limits.ts";

export interface Outcome {
  status: number;
  /** A plain body or a joined one: read it through `expand`, write it with `toJsonBytes`. */
  body: Body<Readonly<Record<string, unknown>>>;
  headers: Record<string, string>;
  ok: boolean;
  requestId: string;
}

export interface CallInfo {
  via: "rest" | "mcp";
  ip: string;
  baseUrl: string;
  requestId?: string;
}

// Request ids only need to be unique within this process's logs; a counter is enough and costs nothing.
let requestCounter = 0;
const requestPrefix = `${process.pid.toString(36)}-${Date.now().toString(36)}`;
const nextRequestId = () => `${requestPrefix}-${(++requestCounter).toString(36)}`;

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

const fieldName = (path: PropertyKey[]) => path.map(String).join(".");

/** Turn the first schema violation into a calm, specific error body. */
export function validationError(op: Operation, error: z.ZodError, steps: Steps, raw: Record<string, unknown> = {}): SanctuaryError {
  const issue = error.issues[0];
  const field = fieldName(issue.path);
  const subject = field ? `\`${field}\`` : "The request";
  // Zod does not report the value it saw, so look at what was sent.
  const sent = issue.path.reduce<unknown>((v, key) => (v !== null && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[key] : undefined), raw);
  let message: string;
  let allowed: string[] | undefined;
  switch (issue.code) {
    case "invalid_type":
      message =
        sent === undefined
          ? `${subject} is required.`
          : Array.isArray(sent) && issue.expected !== "array"
            ? `${subject} must be given once, not repeated or as a list.`
            : `${subject} must be ${article(issue.expected)}.`;
      break;
    case "too_big":
      message = issue.origin === "string" ? `${subject} must be at most ${issue.maximum} characters.` : `${subject} must be at most ${issue.maximum}.`;
      break;
    case "too_small":
      message = issue.origin === "string" ? `${subject} must be at least ${issue.minimum} characters.` : `${subject} must be at least ${issue.minimum}.`;
      break;
    case "invalid_value":
      allowed = issue.values.map(String);
      message = `${subject} must be one of: ${allowed.join(", ")}.`;
      break;
    case "invalid_format":
      message = `${subject} is not in the expected format (${issue.format}).`;
      break;
    default:
      message = issue.message.endsWith(".") ? issue.message : `${issue.message}.`;
  }
  return new SanctuaryError("invalid", message, {
    suggestion: op.invalidSuggestion,
    field: field || undefined,
    allowed,
    example: op.example,
    next_steps: [steps.get("Read this operation's description", "/openapi.json", {}, { action: "read_openapi" }), ...steps.home()],
  });
}

function article(type: string): string {
  if (type === "array") return "a list";
  if (type === "object") return "an object";
  if (type === "int") return "a whole number";
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function privateRemoved(op: Operation, input: Record<string, unknown>): Record<string, unknown> {
  if (!op.private?.length) return input;
  return Object.fromEntries(Object.entries(input).filter(([k]) => !op.private!.includes(k)));
}

type Validation = ReturnType<Operation["input"]["safeParse"]>;
const validations = new WeakMap<Operation, WeakMap<object, Validation>>();

/**
 * The input checked against the operation's schema. A frozen input (a query string many requests share) is
 * checked once per operation; no handler may change its input (its type is read-only, see `invoke`).
 */
function validated(op: Operation, raw: Record<string, unknown>): Validation {
  if (!Object.isFrozen(raw)) return op.input.safeParse(raw);
  let kept = validations.get(op);
  if (!kept) validations.set(op, (kept = new WeakMap()));
  let result = kept.get(raw);
  if (!result) {
    result = op.input.safeParse(raw);
    kept.set(raw, result);
  }
  return result;
}

/** Validate, record, run. Never throws: every failure becomes an Outcome with an error body. */
export async function invoke(op: Operation, raw: Record<string, unknown>, app: AdapterContext, info: CallInfo): Promise<Outcome> {
  const steps = stepsFor(app.config.baseUrl ?? info.baseUrl);
  // The call's context: the services handlers may use, by name, and this call's own fields.
  const ctx = callContext(app, {
    steps,
    ip: info.ip,
    via: info.via,
    requestId: info.requestId ?? nextRequestId(),
    now: app.clock(),
    takeLimits: NO_TAKE,
  });
  try {
    const parsed = validated(op, raw);
    if (!parsed.success) throw validationError(op, parsed.error, steps, raw);
    const input = parsed.data as Record<string, unknown>;
    // Inputs and bodies are read-only by type; with output checks on (the tests) they are frozen too, on every
    // transport alike, so a handler that writes to either fails in the tests rather than on one transport.
    if (app.config.checkOutput) deepFreeze(input);
    // Screening is validation that needs the services: before the access log and before any limit.
    if (op.screen) await op.screen(input, ctx);
    if (app.accessLog.listening)
      await app.accessLog.record({
        method: op.rest.method,
        path: restPathOf(op, input),
        operation: op.name,
        via: info.via,
        ip: info.ip,
        at: ctx.now,
        input: privateRemoved(op, input),
      });
    // A read's limits fail open when the store cannot count them; its own writes (attend's visit) still fail closed.
    const limits = callLimits(op.limits ?? [], input, ctx, { failOpen: op.rest.method === "GET" });
    ctx.takeLimits = limits.take;
    let body: Outcome["body"];
    if (limits === NO_LIMITS) body = (await op.handler(input, ctx)) as Outcome["body"];
    else {
      if (op.limitsTaken !== "in-handler") await limits.take();
      try {
        body = (await op.handler(input, ctx)) as Outcome["body"];
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
    const status = input[DRY_RUN_FIELD] === true ? 200 : (op.statusOf?.(expand(body)) ?? op.rest.status ?? 200);
    return { status, body, headers: {}, ok: true, requestId: ctx.requestId };
  } catch (error) {
    if (error instanceof SanctuaryError) {
      return { status: error.status, body: error.body(steps.home()), headers: error.headers, ok: false, requestId: ctx.requestId };
    }
    app.log.error({ operation: op.name, requestId: ctx.requestId, err: error }, "operation failed");
    const body: ErrorBody = new SanctuaryError("internal", "The sanctuary could not complete this request.").body(steps.home());
    return { status: errorStatus.internal, body, headers: {}, ok: false, requestId: ctx.requestId };
  }
}
