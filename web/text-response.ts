// A whole text answer (a page, a feed, a document) as caches and feed readers expect it: its length, a strong ETag
// of its bytes, 304 when If-None-Match names that ETag, and HEAD answered with the same headers and no body.
// A `new Response(string)` went out chunked, with no length and nothing to revalidate against.
import { createHash } from "node:crypto";
import type { H3Event } from "h3";
import { COMMON_HEADERS, ResponseWithCommonHeaders } from "../adapters/headers.ts";
import { notModified } from "./media.ts";
import type { Bytes } from "../core/json.ts";
import { BoundedMemo } from "../core/memo.ts";

/** The strong validator of a body: a digest of its bytes, so two servers sharing a store give the same one. */
export function etagOf(bytes: Uint8Array): string {
  return `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 22)}"`;
}

/** `headers` are the route's own (type, caching, its security headers); the common ones are added here. */
export function textResponse(event: H3Event, body: string, headers: Readonly<Record<string, string>>, status = 200): Response {
  const bytes = Buffer.from(body, "utf8");
  return answered(event, bytes, etagOf(bytes), headers, status);
}

/** A text's bytes and ETag, made once where the text is kept. */
interface KeptText {
  bytes: Bytes;
  etag: string;
}

function keptText(body: string): KeptText {
  const bytes = Buffer.from(body, "utf8");
  return { bytes, etag: etagOf(bytes) };
}

/**
 * Texts kept by what each depends on (`key`, which the caller derives: a zone and the records shown, an address and
 * the library's content), each with its bytes and ETag made once: `answer(event, key, make, headers)` makes the text
 * only for a key not kept, at most `bound` of them.
 */
export function keptTexts(bound: number) {
  const kept = new BoundedMemo<KeptText>(bound);
  return (event: H3Event, key: string, make: () => string, headers: Readonly<Record<string, string>>): Response => {
    const text = kept.get(key, () => keptText(make()));
    return answered(event, text.bytes, text.etag, headers, 200);
  };
}

/** A body that never changes while the process runs (a stylesheet, a script): its bytes and ETag made once. */
export function fixedText(body: string, headers: Readonly<Record<string, string>>): (event: H3Event) => Response {
  const kept = keptText(body);
  return (event) => answered(event, kept.bytes, kept.etag, headers, 200);
}

function answered(event: H3Event, bytes: Bytes, etag: string, headers: Readonly<Record<string, string>>, status: number): Response {
  if (status === 200 && notModified(event.req.headers, etag)) {
    // A 304 carries the validator and the caching rules, not the body's type or length (RFC 9110 §15.4.5).
    const kept: Record<string, string> = { ...COMMON_HEADERS, etag };
    if (headers["cache-control"]) kept["cache-control"] = headers["cache-control"];
    return new ResponseWithCommonHeaders(null, { status: 304, headers: kept });
  }
  const all = { ...COMMON_HEADERS, ...headers, etag, "content-length": String(bytes.length) };
  return new ResponseWithCommonHeaders(event.req.method === "HEAD" ? null : bytes, { status, headers: all });
}
