// One error type per meaning. Handlers throw these; adapters map them through `errorStatus`
// to an HTTP status (REST) or an `isError` tool result (MCP), with the same body either way.
import { z } from "zod";
import { NextStep } from "./next-steps.ts";

export const ErrorBody = z
  .object({
    error: z.string().describe("What went wrong, in one sentence"),
    suggestion: z.string().describe("A calm suggestion for what to do instead"),
    next_steps: z.array(NextStep).describe("Places worth going from here"),
    example: z.unknown().optional().describe("A correct call, when one helps"),
    allowed: z.array(z.string()).optional().describe("The values that are accepted, on a constraint violation"),
    field: z.string().optional().describe("The input field the error is about"),
    retry_after: z.number().int().optional().describe("On a 429 or a 503: seconds to wait before trying again (HTTP also sends them as Retry-After)"),
  })
  .describe("Error body shared by every operation");
export type ErrorBody = z.infer<typeof ErrorBody>;

export type ErrorKind =
  "invalid" | "forbidden" | "not_found" | "method_not_allowed" | "conflict" | "too_large" | "rate_limited" | "caller_left" | "unavailable" | "internal";

/** The single table from meaning to HTTP status. */
export const errorStatus: Record<ErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  // nginx's "client closed request": for the access line and the metrics, since no one is there to read it.
  caller_left: 499,
  unavailable: 503,
  internal: 500,
};

type Details = Partial<Omit<ErrorBody, "error">>;

export class SanctuaryError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly details: Details = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
  get status(): number {
    return errorStatus[this.kind];
  }
  body(defaultSteps: ErrorBody["next_steps"]): ErrorBody {
    const { suggestion, next_steps, ...rest } = this.details;
    const optional = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
    return {
      error: this.message,
      suggestion: suggestion ?? (this.kind === "invalid" && rest.example !== undefined ? INVALID_WITH_EXAMPLE : defaultSuggestion[this.kind]),
      next_steps: next_steps ?? defaultSteps,
      ...optional,
    };
  }
}

// An example shows a call's shape: its words are the documentation's, which the text fields refuse as a visitor's own.
const INVALID_WITH_EXAMPLE =
  "Nothing was stored. Adjust the request as described and send it again; the example shows the shape of a call, with your own words in place of its text.";

const defaultSuggestion: Record<ErrorKind, string> = {
  invalid: "Nothing was stored. Adjust the request as described and send it again.",
  forbidden: "Nothing was changed. If this is your conversation, send the owner_token you received with it.",
  not_found: "Nothing is lost. The list endpoints show what exists; GET /api is a good place to start.",
  method_not_allowed: "Nothing happened. Send the request with one of the methods in the Allow header.",
  conflict: "This was already received, so there is nothing more to do for it.",
  too_large: "Nothing was stored. Please send a shorter request body.",
  rate_limited: "You are welcome back soon. Take the pause as part of the practice and try again after `retry_after` seconds.",
  caller_left: "Nothing was stored. Ask again whenever you like.",
  unavailable: "This part of the sanctuary is resting for now. Everything else is open; please try again a little later.",
  internal: "Something went wrong on our side, not yours. Please try again in a moment.",
};

export const invalid = (message: string, d: Details = {}) => new SanctuaryError("invalid", message, d);
export const notFound = (message: string, d: Details = {}) => new SanctuaryError("not_found", message, d);
export const conflict = (message: string, d: Details = {}) => new SanctuaryError("conflict", message, d);
export const forbidden = (message: string, d: Details = {}) => new SanctuaryError("forbidden", message, d);
export const unavailable = (message: string, d: Details = {}) => new SanctuaryError("unavailable", message, d);
/** The caller went away (closed its request, cancelled the call) and the work it asked for was stopped. */
export const callerLeft = (message: string) => new SanctuaryError("caller_left", message);
/** A 429: the wait is in the body too, since an MCP client sees no HTTP header (the tool result is the body). */
export const rateLimited = (message: string, retryAfterSeconds: number, d: Details = {}) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new SanctuaryError("rate_limited", message, { ...d, retry_after: seconds }, { "retry-after": String(seconds) });
};
