// A request's id: the client's X-Request-Id when it is a sane token, else one of ours. Echoed in the response's
// X-Request-Id and written in its access line (reqId), whatever answers: an operation (invoke.ts), a page, an
// error before any handler (a body that is not JSON, an unknown address), so an operator can find the line.
import type { H3Event } from "h3";
import { noteRequestId } from "./request-log.ts";

// Ids only need to be unique within this process's logs; a counter is enough and costs nothing.
let requestCounter = 0;
const requestPrefix = `${process.pid.toString(36)}-${Date.now().toString(36)}`;
export const nextRequestId = (): string => `${requestPrefix}-${(++requestCounter).toString(36)}`;

/** The client's X-Request-Id when it is a sane token (logged and echoed as sent), else undefined. */
export function requestIdOf(event: H3Event): string | undefined {
  const given = event.req.headers.get("x-request-id");
  return given && /^[\w.:-]{1,100}$/.test(given) ? given : undefined;
}

/** The request's id for a response made outside an operation, noted for its access line. */
export function requestIdFor(event: H3Event): string {
  const id = event.context.sanctuaryRequestId ?? requestIdOf(event) ?? nextRequestId();
  noteRequestId(event, id);
  return id;
}
