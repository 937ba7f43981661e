// One JSON line and one metrics observation per request, whatever answers it: operations (REST), MCP, pages,
// forms, media, feeds, badges, the fallbacks. The line names the real path (never the query: search words stay
// out of logs); the metric names the operation or the route's pattern (never a path, which may carry a name).
import type { H3Event, Middleware } from "h3";
import { lineWriterOf } from "../core/logger.ts";
import type { Metrics, Transport } from "../core/metrics.ts";
import type { AdapterContext } from "./context.ts";

/** What an adapter adds to the request's line: rest.ts the operation, mcp-http.ts the JSON-RPC method. */
export interface RequestNote {
  operation?: string;
  /** The MCP method, the tool (a listed one only), the resource URI (without its query) or the prompt's name. */
  rpc?: string;
  tool?: string;
  uri?: string;
  prompt?: string;
  /** The request's id as answered in X-Request-Id (read from the note: a response's headers cost a Headers object). */
  reqId?: string;
}

// The note rides on the event's context, declared to h3 the way h3 asks its context to be extended.
declare module "h3" {
  interface H3EventContext {
    sanctuaryRequest?: Readonly<RequestNote>;
  }
}

/** Adds to the request's note. A first note is kept as given (not copied): callers pass one they never change. */
export function noteRequest(event: H3Event, note: Readonly<RequestNote>): void {
  const earlier = event.context.sanctuaryRequest;
  event.context.sanctuaryRequest = earlier ? { ...earlier, ...note } : note;
}

function transportOf(note: Readonly<RequestNote> | undefined, path: string): Transport {
  if (note?.operation) return "rest";
  return path === "/mcp" ? "mcp" : "web";
}

/** The label for a request: its operation, or its MCP method and tool, or the pattern of the route that took it. */
function operationOf(event: H3Event, note: Readonly<RequestNote> | undefined, status: number): string {
  if (note?.operation) return note.operation;
  if (note?.rpc) return note.tool ? `${note.rpc}:${note.tool}` : note.rpc;
  const route = event.context.matchedRoute?.route;
  if (!route || route === "/**") return status === 404 ? "not found" : "unmatched";
  return route;
}

export function requestLog(ctx: Pick<AdapterContext, "log"> & { metrics: Metrics }, options = { metrics: true }): Middleware {
  // The house logger's own writer when it has one (a line's fields are plain strings and numbers).
  const writeLine = lineWriterOf(ctx.log) ?? ((fields: Record<string, unknown>, msg: string) => ctx.log.info(fields, msg));
  return (event, next) => {
    const started = performance.now();
    const done = (status: number) => {
      const note = event.context.sanctuaryRequest;
      const path = event.url.pathname;
      const ms = performance.now() - started;
      if (options.metrics) ctx.metrics.request(operationOf(event, note, status), transportOf(note, path), status, ms / 1000);
      if (!ctx.log.isLevelEnabled("info")) return;
      const range = event.req.headers.get("range");
      writeLine(
        { via: transportOf(note, path), method: event.req.method, path, status, ms: Math.round(ms * 10) / 10, ...note, ...(range ? { range } : {}) },
        "request",
      );
    };
    const answered = (response: unknown) => {
      done(response instanceof Response ? response.status : 200);
      return response;
    };
    const failed = (error: unknown): never => {
      // h3's HTTPError and our SanctuaryError both carry their status.
      done(error !== null && typeof error === "object" && "status" in error && typeof error.status === "number" ? error.status : 500);
      throw error;
    };
    let answer: unknown;
    try {
      answer = next();
    } catch (error) {
      return failed(error);
    }
    return answer instanceof Promise ? answer.then(answered, failed) : answered(answer);
  };
}
