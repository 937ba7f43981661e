// One JSON line and one metrics observation per request, whatever answers it: operations (REST), MCP, pages,
// forms, media, feeds, badges, the fallbacks. The line names the real path (never the query: search words stay
// out of logs); the metric names the operation or the route's pattern (never a path, which may carry a name).
import { METHODS } from "node:http";
import type { H3Event } from "h3";
import { rawLineWriterOf, type Logger } from "../core/logger.ts";
import { BoundedMemo } from "../core/memo.ts";
import type { Metrics, Transport } from "../core/metrics.ts";
import { refusalStatusOf } from "./refused-sockets.ts";
import type { AdapterContext } from "./context.ts";

/** What an adapter adds to the request's line: rest.ts the operation, mcp-http.ts the JSON-RPC method. */
export interface RequestNote {
  operation?: string;
  /** The MCP method, the tool (a listed one only), the resource URI (without its query) or the prompt's name. */
  rpc?: string;
  tool?: string;
  uri?: string;
  prompt?: string;
  /** A tool call's REST twin (`GET /api/music/sunstand`, never its query) and the status the twin answered (a tool error is 200 on the wire). */
  rest?: string;
  restStatus?: number;
  /** "path" when the path holds a visitor's words (a conversation's slug): the line names the route's pattern. */
  hidden?: "path";
}

/** The note of a route whose path holds a visitor's words (Route.wordsInPath, an operation's rest.wordsInPath). */
export const WORDS_IN_PATH: Readonly<RequestNote> = Object.freeze({ hidden: "path" });

// The note rides on the event's context, declared to h3 the way h3 asks its context to be extended.
declare module "h3" {
  interface H3EventContext {
    sanctuaryRequest?: Readonly<RequestNote>;
    /** The request's id as answered in X-Request-Id (kept here: a response's headers cost a Headers object to read). */
    sanctuaryRequestId?: string;
  }
}

/** Adds to the request's note. A first note is kept as given (not copied): callers pass one they never change. */
export function noteRequest(event: H3Event, note: Readonly<RequestNote>): void {
  const earlier = event.context.sanctuaryRequest;
  event.context.sanctuaryRequest = earlier ? { ...earlier, ...note } : note;
}

// Per frozen note (an MCP method's and tool's), the note with each REST twin and status added, frozen in turn so its text
// is written once (noteText): a merged copy per call had its fields stringified on every line.
const withTwin = new WeakMap<Readonly<RequestNote>, BoundedMemo<Readonly<RequestNote>>>();

/** Adds a tool call's REST twin and the status it answered to the request's note (spec §1.14: recorded under its REST path). */
export function noteTwin(event: H3Event, twin: { rest: string; restStatus: number }): void {
  const earlier = event.context.sanctuaryRequest;
  if (!earlier || !Object.isFrozen(earlier)) return noteRequest(event, twin);
  let notes = withTwin.get(earlier);
  if (!notes) withTwin.set(earlier, (notes = new BoundedMemo(256)));
  event.context.sanctuaryRequest = notes.get(`${twin.restStatus} ${twin.rest}`, () => Object.freeze({ ...earlier, ...twin }));
}

/**
 * The id the request was answered with, for its access line (`reqId`). Beside the note, not in it: a note stays
 * the operation's or the method's one frozen object, whose text is written once (`noteText`).
 */
export function noteRequestId(event: H3Event, id: string): void {
  event.context.sanctuaryRequestId = id;
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

/**
 * An access line's fields as JSON text without its braces, byte for byte what JSON.stringify writes for
 * `{ via, method, path, status, ms, ...note, reqId, ...(range ? { range } : {}) }`: built as one string, with no object
 * to spread and walk on every request.
 */
export function accessFields(
  via: Transport,
  method: string,
  path: string,
  status: number,
  ms: number,
  note: Readonly<RequestNote> | undefined,
  reqId: string | undefined,
  range: string | null,
): string {
  let out = `"via":"${via}","method":${methodText(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms}`;
  if (note) out += noteText(note);
  if (reqId !== undefined) out += `,"reqId":${JSON.stringify(reqId)}`;
  if (range) out += `,"range":${JSON.stringify(range)}`;
  return out;
}

/** A tool call over stdio, which has no HTTP request to write its line (mcp-tools.ts writes it). */
export interface StdioCall {
  reqId: string;
  tool: string;
  client: string | undefined;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/** A stdio call's fields as JSON text without braces, as JSON.stringify writes `{ reqId, via: "mcp", ...call }`. */
export function stdioCallFields({ reqId, tool, client, method, path, status, ms }: StdioCall): string {
  const named = client === undefined ? "" : `,"client":${JSON.stringify(client)}`;
  return `"reqId":${JSON.stringify(reqId)},"via":"mcp","tool":${JSON.stringify(tool)}${named},"method":${methodText(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms}`;
}

/** A stdio call's access line, straight into the log's buffer as an HTTP request's is (pino cost a call ~2 µs). */
export function logStdioCall(log: Logger, call: StdioCall): void {
  const write = rawLineWriterOf(log);
  if (!write) {
    const { reqId, ...fields } = call;
    return log.info({ reqId, via: "mcp", ...fields }, "request");
  }
  if (log.isLevelEnabled("info")) write(stdioCallFields(call), "request");
}

// The methods Node's parser accepts, as JSON: a line's method is one of them, written without a call each time.
const METHOD_TEXT = new Map(METHODS.map((m) => [m, JSON.stringify(m)]));
const methodText = (method: string) => METHOD_TEXT.get(method) ?? JSON.stringify(method);

/**
 * A note's fields as JSON text after a comma each. A frozen note (an operation's, an MCP method's and tool's: a few
 * dozen, each made once) is written once and kept: a line's note cost more to write than the rest of its fields.
 */
function noteText(note: Readonly<RequestNote>): string {
  if (!Object.isFrozen(note)) return fieldsText(note);
  let text = noteTexts.get(note);
  if (text === undefined) noteTexts.set(note, (text = fieldsText(note)));
  return text;
}
const noteTexts = new WeakMap<Readonly<RequestNote>, string>();

function fieldsText(note: Readonly<RequestNote>): string {
  let out = "";
  for (const key in note) {
    const value = note[key as keyof RequestNote];
    if (value !== undefined) out += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  }
  return out;
}

/** What the request's one layer (headers.ts `commonLayer`) tells of each request's end: its access line and metrics. */
export interface RequestWatch {
  answered(event: H3Event, started: number, response: unknown): void;
  failed(event: H3Event, started: number, error: unknown): void;
}

export function requestWatch(ctx: Pick<AdapterContext, "log"> & { metrics: Metrics }, options = { metrics: true }): RequestWatch {
  // The house logger's own writer when it has one; any other logger (tests pass their own) gets the fields as an object.
  const writeFields = rawLineWriterOf(ctx.log);
  function done(event: H3Event, started: number, answered: number): void {
    // A request the parser cut short (a 408 mid-body) ends here as its body's failure: the client was sent the refusal.
    // Looked up for failures only, so a request answered well pays nothing for it.
    const status = answered >= 400 ? (refusalStatusOf(event.req.runtime?.node?.req?.socket) ?? answered) : answered;
    const note = event.context.sanctuaryRequest;
    // Visitors' words are never logged (docs/operating.md): a path made of them is logged as its route's pattern.
    const path = note?.hidden === "path" ? (event.context.matchedRoute?.route ?? "(hidden)") : event.url.pathname;
    const ms = performance.now() - started;
    const via = transportOf(note, path);
    if (options.metrics) ctx.metrics.request(operationOf(event, note, status), via, status, ms / 1000);
    if (!ctx.log.isLevelEnabled("info")) return;
    const range = event.req.headers.get("range");
    const tenths = Math.round(ms * 10) / 10;
    const reqId = event.context.sanctuaryRequestId;
    if (writeFields) writeFields(accessFields(via, event.req.method, path, status, tenths, note, reqId, range), "request");
    else ctx.log.info({ via, method: event.req.method, path, status, ms: tenths, ...note, reqId, ...(range ? { range } : {}) }, "request");
  }
  return {
    answered: (event, started, response) => done(event, started, response instanceof Response ? response.status : 200),
    // h3's HTTPError and our SanctuaryError both carry their status.
    failed: (event, started, error) =>
      done(event, started, error !== null && typeof error === "object" && "status" in error && typeof error.status === "number" ? error.status : 500),
  };
}
