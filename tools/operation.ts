// What an operation is: a name, Zod input and output schemas, its REST binding, optionally its MCP tool,
// and a handler. Adapters (REST, MCP, OpenAPI) iterate the list in tools/index.ts and know nothing else.
import type { z } from "zod";
import type { ErrorKind } from "../core/errors.ts";
import type { Steps } from "../core/next-steps.ts";
import type { Deps } from "../deps.ts";

export interface ToolAnnotations {
  title?: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface CallContext {
  deps: Deps;
  /** Builds next_steps links on this request's base address. */
  steps: Steps;
  /** Client address (one trusted proxy hop). */
  ip: string;
  via: "rest" | "mcp";
  requestId: string;
  /** The instant the call is served at (injectable through deps.clock). */
  now: Date;
}

export interface Operation<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  /** operationId in OpenAPI; kebab-case. */
  name: string;
  summary: string;
  description?: string;
  input: I;
  output: O;
  rest: { method: "GET" | "POST"; path: string; status?: number };
  mcp?: { tool: string; title: string; description: string; annotations: ToolAnnotations };
  /** Error kinds this operation may answer with besides `invalid` (documented in OpenAPI). */
  errors?: ErrorKind[];
  /** The suggestion on a 400 when the default one would say less. */
  invalidSuggestion?: string;
  /** A correct call, returned as `example` on a 400. */
  example?: unknown;
  /** Input fields never written to the access log (e.g. search queries, tokens). */
  private?: string[];
  handler: (input: z.output<I>, ctx: CallContext) => Promise<z.input<O>> | z.input<O>;
}

/** Identity helper that keeps the handler's types tied to the schemas. */
export function defineOperation<I extends z.ZodObject, O extends z.ZodObject>(op: Operation<I, O>): Operation<I, O> {
  return op;
}

/** Annotations for operations that only read. */
export const readOnly: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
