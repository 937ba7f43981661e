// HTTP details shared by every route: JSON responses, client address, base URL, bounded body reading.
import type { H3Event } from "h3";
import { toJsonBytes } from "../core/json.ts";
import { SanctuaryError, type ErrorKind } from "../core/errors.ts";
import { BoundedMemo } from "../core/memo.ts";
import { Steps } from "../core/next-steps.ts";
import { COMMON_HEADERS, ResponseWithCommonHeaders } from "./headers.ts";
import { mcpReach } from "../tools/mcp-reach.ts";
import { LOST_CHARACTER } from "./query.ts";
import { requestIdFor } from "./request-id.ts";

/** Steps for one base address, each GET step naming the MCP tool or resource that reaches it. */
// Steps hold nothing but their base address, so one per address serves every request (bounded: without
// BASE_URL the address comes from the Host header).
const stepsByBase = new BoundedMemo<Steps>(16);
export const stepsFor = (base: string) => stepsByBase.get(base, () => new Steps(base, mcpReach));

/** A JSON response, with the common headers built in. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const bytes = toJsonBytes(body);
  return new ResponseWithCommonHeaders(bytes, {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      // A known length lets Node send one write instead of chunked pieces.
      "content-length": String(bytes.byteLength),
      ...COMMON_HEADERS,
      ...headers,
    },
  });
}

/** An error in the shared body shape, for routes that are not operations (`headers`: e.g. a 405's Allow). */
export function errorResponse(
  event: H3Event,
  kind: ErrorKind,
  message: string,
  details: ConstructorParameters<typeof SanctuaryError>[2] = {},
  headers: Record<string, string> = {},
): Response {
  return errorResponseOf(event, new SanctuaryError(kind, message, details, headers));
}

/** A refusal already made (a store outage, the admin key's check) as its response, with the request's id. */
export function errorResponseOf(event: H3Event, error: SanctuaryError): Response {
  return jsonResponse(error.status, error.body(stepsFor(baseUrlOf(event)).home()), { ...error.headers, "x-request-id": requestIdFor(event) });
}

export { clientIp } from "./client-address.ts";

// BASE_URL rides on the event's context, put there by the layer every request passes (headers.ts `commonLayer`),
// so every response's links agree, refusals made far from the configuration included.
declare module "h3" {
  interface H3EventContext {
    baseUrl?: string;
  }
}

/** Paths that are the API's whatever asks for them: a browser there gets JSON, never the site's pages. */
export const isApiPath = (path: string): boolean => path === "/api" || path.startsWith("/api/") || path === "/mcp" || path.startsWith("/mcp/");

/** The absolute base for links in a response: BASE_URL when set, else the request's own origin. */
export function baseUrlOf(event: H3Event): string {
  const configured = event.context.baseUrl;
  if (configured !== undefined) return configured;
  // `origin` is not one of the fields srvx's URL keeps at hand: asking it parses the whole address again.
  // The part before the path is all an origin depends on, so the parser sees each distinct one once.
  const href = event.url.href;
  const path = href.indexOf("/", href.indexOf("//") + 2);
  const prefix = path === -1 ? href : href.slice(0, path);
  return origins.get(prefix, () => new URL(prefix).origin);
}
const origins = new BoundedMemo<string>(64);

/** Read a body of at most `limit` bytes as text. Throws SanctuaryError: 413 when too large, 400 when cut off. */
export async function readText(event: H3Event, limit: number): Promise<string> {
  // Refused before the body is touched: Node then discards it after the answer and the connection stays usable.
  const length = event.req.headers.get("content-length");
  const declared = Number(length ?? "0");
  if (declared > limit) throw tooLarge(limit);
  // A declared length within the limit is the whole body (Node's parser holds the sender to it): read it as text
  // directly, which on srvx skips the web-stream round trip (most of a small POST's cost). Without one, the
  // chunks are counted as they come.
  if (length !== null && Number.isSafeInteger(declared)) {
    let arrived = arrivedWhole(event, declared);
    if (arrived === undefined) {
      // The handler runs as Node reads the head, before the parser reaches the body of the same packet; one turn of
      // the microtask queue later it has.
      await undefined;
      arrived = arrivedWhole(event, declared);
    }
    if (arrived !== undefined) return wholeCharacters(arrived, event).trim();
    return wholeCharacters(
      await event.req.text().catch(() => {
        throw new SanctuaryError("invalid", "The request body was cut off before it ended.", {
          suggestion: "Nothing was stored. Please send the whole body again.",
        });
      }),
      event,
    ).trim();
  }
  const stream = event.req.body;
  if (!stream) return "";
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const read = () =>
    reader.read().catch(() => {
      throw new SanctuaryError("invalid", "The request body was cut off before it ended.", {
        suggestion: "Nothing was stored. Please send the whole body again.",
      });
    });
  for (;;) {
    const { done, value } = await read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Read on (discarding) up to a bound, so the client hears 413 instead of a reset connection.
      let finished = false;
      for (let drained = size; drained < limit * 16 && !finished;) {
        const next = await read();
        finished = next.done;
        drained += next.value?.byteLength ?? 0;
      }
      await reader.cancel().catch(() => {});
      throw tooLarge(limit, !finished);
    }
    chunks.push(value);
  }
  return wholeCharacters(Buffer.concat(chunks).toString("utf8"), event).trim();
}

/**
 * The body when Node has already parsed all of it: a small POST arrives with its headers, so by the time the handler
 * reads it the whole message is in the request's buffer, and `read()` takes it at once. Through the stream's events
 * it cost four listeners, a promise and two ticks of the loop.
 */
function arrivedWhole(event: H3Event, declared: number): string | undefined {
  const request = event.req.runtime?.node?.req;
  // The declared length is all there is (Node's parser holds the sender to it): once buffered, it is the whole body.
  if (!request || declared === 0 || request.readableLength !== declared) return undefined;
  const chunk: unknown = request.read();
  return Buffer.isBuffer(chunk) ? chunk.toString("utf8") : undefined;
}

/** A body read as UTF-8, refused when bytes were not (U+FFFD where they were read: LOST_CHARACTER). */
function wholeCharacters(text: string, event: H3Event): string {
  if (!text.includes(LOST_CHARACTER)) return text;
  // Most often a compressed body (Content-Encoding: gzip), which the server does not unpack: said as such. The header
  // is read only here, so a body read well pays nothing for it.
  const encoding = event.req.headers.get("content-encoding")?.trim().toLowerCase();
  if (encoding && encoding !== "identity")
    throw new SanctuaryError("invalid", `The request body is compressed (Content-Encoding: ${encoding}), and the server reads bodies uncompressed only.`, {
      suggestion: "Nothing was stored. Send the body as plain UTF-8, without a Content-Encoding header.",
    });
  throw new SanctuaryError("invalid", "The request body holds bytes that are not UTF-8 (or U+FFFD, the mark left where such bytes were read).", {
    suggestion: "Nothing was stored. Send the body as UTF-8, whatever charset the Content-Type names; JSON is always UTF-8.",
  });
}

/**
 * Read a JSON body of at most `limit` bytes. Throws SanctuaryError: 413 when too large,
 * 400 when it is not JSON. An empty body reads as undefined.
 */
export async function readJson(event: H3Event, limit: number): Promise<unknown> {
  const text = await readText(event, limit);
  if (!text) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SanctuaryError("invalid", "The request body is not valid JSON.", {
      suggestion: "Nothing was stored. Send a JSON object with the header Content-Type: application/json; the example shows the shape.",
    });
  }
  if (depthOf(parsed) > MAX_DEPTH) {
    throw new SanctuaryError("invalid", `The request body nests more than ${MAX_DEPTH} levels deep.`, {
      suggestion: "Nothing was stored. Every field this API takes is at most a few levels deep; please flatten the body.",
    });
  }
  return parsed;
}

export const MAX_DEPTH = 32;

/**
 * Nesting depth of parsed JSON, walked no deeper than MAX_DEPTH + 1 (a hostile body may nest thousands deep, so the
 * recursion is bounded): the depth itself up to MAX_DEPTH, some value above it beyond. No array of pending values is
 * built, since every MCP message is checked.
 */
export function depthOf(value: unknown, depth = 1): number {
  if (value === null || typeof value !== "object") return 0;
  if (depth > MAX_DEPTH) return depth;
  let deepest = depth;
  if (Array.isArray(value)) {
    for (const v of value) {
      const d = depthOf(v, depth + 1);
      if (d > deepest && (deepest = d) > MAX_DEPTH) return d;
    }
    return deepest;
  }
  for (const key in value) {
    const d = depthOf((value as Record<string, unknown>)[key], depth + 1);
    if (d > deepest && (deepest = d) > MAX_DEPTH) return d;
  }
  return deepest;
}

/** Read a JSON object body (see readJson); anything but an object is refused with 400. */
export async function readJsonObject(event: H3Event, limit: number): Promise<Record<string, unknown>> {
  const parsed = await readJson(event, limit);
  if (parsed === undefined) return {};
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new SanctuaryError("invalid", "The request body must be a JSON object.", {
      suggestion: 'Nothing was stored. Wrap the fields in an object, like {"name": "…"}.',
    });
  }
  return parsed as Record<string, unknown>;
}

function tooLarge(limit: number, unread = false): SanctuaryError {
  // When part of the body was left unread, the connection cannot carry another request: say so.
  return new SanctuaryError(
    "too_large",
    `The request body is larger than ${limit} bytes.`,
    { suggestion: "Nothing was stored. Please send a shorter body; every field's size limit is in /openapi.json." },
    unread ? { connection: "close" } : {},
  );
}
