// Headers every response carries, set in one place (app.ts mounts these): CORS for any origin
// (docs/behaviour.md §12), preflights answered before routing, and nosniff. Handlers set only what is theirs.
import type { H3Event, Middleware } from "h3";
import { FastResponse } from "srvx";
import { turnEnd, turnsEnded } from "../core/turn-end.ts";
import { keepAnswerShapes, keepRequestShapes } from "./kept-shapes.ts";
import type { RequestWatch } from "./request-log.ts";

export const CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "retry-after, mcp-session-id, mcp-protocol-version, x-request-id, accept-ranges, content-range, content-length, etag",
};

/** Every response's headers. Responses built as `ResponseWithCommonHeaders` start with them, so the hot path skips the check. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = { ...CORS_HEADERS, "x-content-type-options": "nosniff" };
const COMMON_ENTRIES = Object.entries(COMMON_HEADERS);

/**
 * A response built with COMMON_HEADERS already among its headers (srvx's FastResponse: no web-stream round
 * trip on Node). Known by its class, so the middleware need not open its headers (which would build a
 * Headers object per response).
 */
export class ResponseWithCommonHeaders extends FastResponse {}

/** The methods a preflight names for most paths: what the site's routes and the REST operations use. */
const ALLOWED_METHODS = "GET, POST, OPTIONS";
/**
 * /mcp (with or without its trailing slash, which the router treats alike) serves POST only: GET and DELETE answer
 * 405 on this stateless endpoint (adapters/mcp-http.ts), so its preflight does not offer them.
 */
const MCP_ALLOWED_METHODS = "POST, OPTIONS";

/**
 * OPTIONS on any path: the CORS preflight, naming the methods the path serves (`methodsAt`, from the route
 * table: a POST-only path does not offer GET); a path nothing serves gets the site's usual methods.
 */
export function preflight(event: H3Event, methodsAt?: (path: string) => string[]): Response {
  const path = event.url.pathname;
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      "access-control-allow-methods": path === "/mcp" || path === "/mcp/" ? MCP_ALLOWED_METHODS : methodsNamed(methodsAt?.(path) ?? []),
      "access-control-allow-headers":
        event.req.headers.get("access-control-request-headers") ?? "content-type, mcp-protocol-version, mcp-session-id, last-event-id",
      "access-control-max-age": "86400",
    },
  });
}

/** A preflight's methods: those served at the path and OPTIONS, or the site's usual ones where nothing is served. */
const methodsNamed = (served: string[]) => (served.length ? [...served, "OPTIONS"].join(", ") : ALLOWED_METHODS);

/** The common headers a response does not set itself (a route may narrow CORS or caching on its own); anything else as it is. */
export function withCommonHeaders<T>(response: T): T {
  if (!(response instanceof Response) || response instanceof ResponseWithCommonHeaders) return response;
  const headers = response.headers;
  for (const [name, value] of COMMON_ENTRIES) if (!headers.has(name)) headers.set(name, value);
  return response;
}

/** What the request's one layer is given: who hears of each request's end, and BASE_URL. */
export interface CommonLayerOptions {
  /** Told of each request's end (its access line and metrics); absent when nobody reads them. */
  watch?: RequestWatch;
  /** BASE_URL: noted on each request's context for `baseUrlOf` (adapters/http.ts). */
  baseUrl?: string;
  /** The methods the route table serves at a path, for preflights (adapters/fallback.ts `methodsAtPath`). */
  methodsAt?: (path: string) => string[];
}

/**
 * The one layer every request passes: BASE_URL noted on the request, a preflight answered before routing, the
 * common headers on every answer, when someone reads them (logs at info, or /metrics on) the request's end told to
 * `watch` for its access line and metrics, and each answer written with the rest of its turn's (`together`). One
 * layer and one promise step, not a layer for each: at info, the request log as a layer of its own cost a measurable
 * share of a cheap request's CPU over HTTP (docs/performance.md).
 */
export function commonLayer({ watch, baseUrl, methodsAt }: CommonLayerOptions): Middleware {
  if (!watch)
    return (event, next) => {
      const askedIn = turnsEnded();
      keepRequestShapes(event);
      if (baseUrl !== undefined) event.context.baseUrl = baseUrl;
      if (event.req.method === "OPTIONS") return together(askedIn, preflight(event, methodsAt));
      const answer = next();
      return answer instanceof Promise
        ? answer.then((response: unknown) => together(askedIn, kept(withCommonHeaders(response))))
        : together(askedIn, kept(withCommonHeaders(answer)));
    };
  // The access line's time is the answer's making: the wait for the turn's end comes after it.
  const finish = (event: H3Event, started: number, askedIn: number, response: unknown): unknown => {
    const out = kept(withCommonHeaders(response));
    watch.answered(event, started, out);
    return together(askedIn, out);
  };
  return (event, next) => {
    const started = performance.now();
    const askedIn = turnsEnded();
    keepRequestShapes(event);
    if (baseUrl !== undefined) event.context.baseUrl = baseUrl;
    if (event.req.method === "OPTIONS") {
      const answer = preflight(event, methodsAt);
      watch.answered(event, started, answer);
      return together(askedIn, answer);
    }
    let answer: unknown;
    try {
      answer = next();
    } catch (error) {
      watch.failed(event, started, error);
      throw error;
    }
    return answer instanceof Promise
      ? answer.then(
          (response: unknown) => finish(event, started, askedIn, response),
          (error: unknown) => {
            watch.failed(event, started, error);
            throw error;
          },
        )
      : finish(event, started, askedIn, answer);
  };
}

/** The answer, held as the last one made (adapters/kept-shapes.ts). */
function kept<T>(answer: T): T {
  keepAnswerShapes(answer);
  return answer;
}

/**
 * An answer finished in the turn of the event loop its request arrived in waits for the turn's end, to be written
 * with the turn's other answers (core/turn-end.ts: the client is woken once, not once an answer); one that has
 * already waited past a turn's end (a group commit's) is written at once, beside those it was committed with.
 */
function together<T>(askedIn: number, answer: T): T | Promise<T> {
  return turnsEnded() === askedIn ? turnEnd().then(() => answer) : answer;
}
