// What an operation is: a name, Zod input and output schemas, its REST binding, optionally its MCP tool,
// and a handler. Adapters (REST, MCP, OpenAPI) iterate the list in tools/index.ts and import no operation's module.
import type { z } from "zod";
import type { ErrorKind } from "../core/errors.ts";
import type { NextStep, Steps } from "../core/next-steps.ts";
import type { DeepReadonly, Joined } from "../core/body.ts";
import type { LimitName } from "../services/rate-limits.ts";
import type { RecordingsOf } from "./mcp-recordings.ts";
import type { ToolContext } from "./context.ts";

export interface ToolAnnotations {
  title?: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** The output is an object schema, or a union of object schemas (read_song and read_doc also list). */
export type OutputSchema = z.ZodObject | z.ZodUnion<readonly z.ZodObject[]>;

export interface Operation<I extends z.ZodObject = z.ZodObject, O extends OutputSchema = OutputSchema> {
  /** operationId in OpenAPI; kebab-case. */
  name: string;
  summary: string;
  description?: string;
  input: I;
  output: O;
  /**
   * The input is nearly always new (attend's visitor name, a search's words): a REST query string or MCP arguments are
   * read afresh each time rather than kept with the inputs that repeat, where they would only turn the memos over.
   */
  inputMostlyNew?: true;
  /** `wordsInPath`: the path holds a visitor's words (a conversation's slug), so logs name its pattern instead. */
  rest: {
    method: "GET" | "POST";
    path: string;
    status?: number;
    wordsInPath?: true;
    /** Another status `statusOf` may give a success's body (health: 503), documented with the same schema. */
    alsoStatus?: { status: number; description: string };
  };
  /** The operation as an MCP tool, with every MCP fact about it here rather than in tables keyed by name. */
  mcp?: {
    tool: string;
    title: string;
    description: string;
    annotations: ToolAnnotations;
    /** REST-only operations this tool answers all the same (read_song lists songs): next steps name the tool. */
    alsoAnswers?: Operation[];
    /** The recordings a successful result points to, added as `resource_link` content. */
    recordings?: RecordingsOf;
    /** The MCP App (`ui://sanctuary/service`) renders this tool's results. */
    app?: boolean;
  };
  /** Error kinds this operation may answer with besides `invalid` (documented in OpenAPI). */
  errors?: ErrorKind[];
  /** The suggestion on a 400 that leaves out a required field, when the default one would say less (attend: the name). */
  missingSuggestion?: string;
  /** Steps a 400 offers first, where the call's own next move is known (read_song: list the songs). */
  invalidSteps?: (steps: Steps, now: Date) => NextStep[];
  /** A correct call, returned as `example` on a 400. */
  example?: unknown;
  /**
   * The example on `now`'s date, for a call that names a date: a fixed date's services are gone from a server that
   * keeps a few weeks (an outside tester followed one to a 404). Error bodies use it (`exampleAt`); documents `example`.
   */
  exampleOn?: (now: Date) => unknown;
  /**
   * Rate limits the adapter takes before the handler runs and gives back when the call fails, so a refused
   * request never counts (docs/behaviour.md §9). `by` names the subjects: the caller's address and/or the visitor's name.
   */
  limits?: LimitSpec[];
  /**
   * "before" (default): the adapter takes the limits before the handler. "in-handler": the handler calls
   * `ctx.takeLimits()` at the moment that counts (reflect takes them inside its duplicate check, so ten identical
   * concurrent reflections get one 200 and nine 409s, not 429s); the adapter still refunds on failure.
   */
  limitsTaken?: "before" | "in-handler";
  /**
   * Rules on the input that need the services (the library's documented examples, its titles): run by the
   * adapter after the schema and before any limit is taken, so a refused call is validation and counts
   * against nothing. Throws `invalid(...)`. Operations that write a visitor's words screen them here.
   */
  screen?(input: DeepReadonly<z.output<I>>, ctx: ToolContext): void | Promise<void>;
  /**
   * Reads its input (never changes it: frozen on every transport while output checks are on) and returns a
   * plain body or a `Joined` one (now, attend), which every reader opens with `expand`.
   */
  handler(input: DeepReadonly<z.output<I>>, ctx: ToolContext): Promise<Body<z.input<O>>> | Body<z.input<O>>;
  /** A success's HTTP status when it depends on the body (health: 503 while the store cannot take writes). */
  statusOf?(body: DeepReadonly<z.input<O>>): number;
  // `handler` and `screen` are methods, not function-typed fields, on purpose: a method's parameter is compared
  // both ways, so an `Operation<I, O>` is an `Operation` and the adapters hold one list without a cast. What keeps
  // the call sound is that only `invoke` calls them, with the input this operation's own schema just parsed.
}

/** What a handler returns: a plain body, or one joined from per-request fields and a shared part. */
export type Body<T> = T | Joined<T>;

export interface LimitSpec {
  rule: LimitName;
  by: Array<"ip" | "name">;
  /** Said in the 429's `error`. */
  message: string;
}

/**
 * An operation whose input has `dry_run: true` is previewed: validated and screened in full, nothing stored
 * or sent, and (adapters/limits.ts) the preview allowance taken instead of the operation's limits. Operations that offer it declare this field.
 */
export const DRY_RUN_FIELD = "dry_run";

/** Identity helper that keeps the handler's types tied to the schemas. */
export function defineOperation<I extends z.ZodObject, O extends OutputSchema>(op: Operation<I, O>): Operation<I, O> {
  return op;
}

/** An operation that is also an MCP tool. */
export type ToolOperation = Operation & { mcp: NonNullable<Operation["mcp"]> };
export const isTool = (op: Operation): op is ToolOperation => op.mcp !== undefined;

/** Annotations for operations that only read. */
export const readOnly: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** The MCP tool that performs an operation: its own, or the one answering it all the same (read_song lists songs). */
export function toolPerforming(op: Operation, operations: readonly Operation[]): string | undefined {
  return op.mcp?.tool ?? operations.filter(isTool).find((o) => o.mcp.alsoAnswers?.includes(op))?.mcp.tool;
}

/** The example an error body gives: on `now`'s date where the operation names one (`exampleOn`). */
export const exampleAt = (op: Pick<Operation, "example" | "exampleOn">, now: Date): unknown => op.exampleOn?.(now) ?? op.example;
