// Generates the REST surface from the operation list: one h3 route per operation, inputs merged from
// path, query and JSON body, and every outcome written as JSON. Knows no operation by name.
import type { H3, H3Event } from "h3";
import type { Deps } from "../deps.ts";
import { SanctuaryError } from "../tools/errors.ts";
import { Steps } from "../tools/next-steps.ts";
import type { Operation } from "../tools/operation.ts";
import { baseUrlOf, clientIp, jsonResponse, queryObject, readJsonObject } from "./http.ts";
import { invoke } from "./invoke.ts";

/** Path parameters as written in the route (`:slug`, `**:path`). */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/(?:\*\*)?:([A-Za-z_]+)/g)].map((m) => m[1]);
}

function routeParams(event: H3Event, op: Operation): Record<string, string> {
  const raw = (event.context.params ?? {}) as Record<string, string>;
  const out: Record<string, string> = {};
  for (const name of pathParamNames(op.rest.path)) {
    const value = raw[name];
    if (value === undefined) continue;
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

async function handle(op: Operation, event: H3Event, deps: Deps): Promise<Response> {
  const baseUrl = baseUrlOf(event, deps.config.baseUrl);
  let body: Record<string, unknown> = {};
  if (op.rest.method === "POST") {
    try {
      body = await readJsonObject(event, deps.config.bodyLimit);
    } catch (error) {
      if (!(error instanceof SanctuaryError)) throw error;
      const withExample = new SanctuaryError(error.kind, error.message, { ...error.details, example: op.example }, error.headers);
      return jsonResponse(withExample.status, withExample.body(new Steps(baseUrl).home()), withExample.headers);
    }
  }
  const input = { ...queryObject(event.url), ...body, ...routeParams(event, op) };
  const outcome = await invoke(op, input, deps, { via: "rest", ip: clientIp(event), baseUrl, requestId: event.req.headers.get("x-request-id") ?? undefined });
  return jsonResponse(outcome.status, outcome.body, outcome.headers);
}

export function mountRest(app: H3, operations: Operation[], deps: Deps): void {
  for (const op of operations) {
    app.on(op.rest.method, op.rest.path, (event) => handle(op, event, deps));
  }
}
