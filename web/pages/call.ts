// How a page calls an operation: in-process, through the same `invoke` every transport uses, as itself
// (`via: "page"`) with the visitor's address and this request's base. Like oRPC's in-process client, the
// outcome is typed from the operation's own schemas, so a page reads the body without a cast.
import type { H3Event } from "h3";
import type { z } from "zod";
import { baseUrlOf, clientIp } from "../../adapters/http.ts";
import { invoke, type Outcome } from "../../adapters/invoke.ts";
import type { Operation, OutputSchema } from "../../tools/operation.ts";
import type { WebContext } from "../context.ts";

export function callFromPage<I extends z.ZodObject, O extends OutputSchema>(
  event: H3Event,
  deps: WebContext,
  op: Operation<I, O>,
  input: Readonly<Record<string, unknown>>,
): Promise<Outcome<z.input<O>>> {
  return invoke(op, input, deps, { via: "page", ip: clientIp(event, deps.config.trustProxy), baseUrl: baseUrlOf(event) });
}
