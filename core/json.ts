// JSON bytes for responses, reusing the encoded bytes of objects marked immutable. A service's parts
// are the same for every visitor of a slot, so they are serialized and UTF-8 encoded once, not once
// per request (encoding long texts with non-ASCII characters is most of a response's cost).
// The output is byte for byte JSON.stringify's for plain data.
import { joinedParts } from "./body.ts";

// Bytes on an ArrayBuffer of their own (never a SharedArrayBuffer), which is what a Response body takes.
export type Bytes = Buffer<ArrayBuffer>;
const encoded = new WeakMap<object, Bytes>();
const COMMA = Buffer.from(",");

/** Mark an object (never to be changed again) so its JSON is computed and encoded once. */
export function immutable<T extends object>(value: T): T {
  encodedOf(value);
  return value;
}

/** An immutable object's bytes, encoded on first use (a joined body's shared part is first met here). */
function encodedOf(value: object): Bytes {
  let bytes = encoded.get(value);
  if (!bytes) encoded.set(value, (bytes = Buffer.from(JSON.stringify(value), "utf8")));
  return bytes;
}

/** JSON.stringify as UTF-8 bytes, reusing immutable objects' bytes among the values `depth` levels down (top level by default). */
export function toJsonBytes(value: unknown, depth = 1): Bytes {
  const parts = joinedParts(value);
  if (parts) return joinedBytes(parts.dynamic, parts.shared, depth);
  // A body made whole per request (a search's hits, an error): nothing cached to reuse at the top level, so one
  // JSON.stringify rather than a walk that stringifies field by field (a search answer's JSON cost half as much).
  if (depth === 1 && isPlainObject(value) && !encoded.has(value) && plainFields(value)) return Buffer.from(JSON.stringify(value), "utf8");
  return encodedChunks(value, depth);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== "function";
}

/** The walk: cached bytes for immutable objects `depth` levels down, JSON.stringify for the rest. */
function encodedChunks(value: unknown, depth: number): Bytes {
  const chunks: Array<string | Bytes> = [];
  write(value, depth, chunks);
  return bytesOf(coalesced(chunks));
}

/** Adjacent strings joined, so each run of them is measured and written once. */
function coalesced(chunks: ReadonlyArray<string | Bytes>): Array<string | Bytes> {
  const out: Array<string | Bytes> = [];
  let text = "";
  for (const c of chunks) {
    if (typeof c === "string") text += c;
    else {
      if (text) out.push(text);
      text = "";
      out.push(c);
    }
  }
  if (text) out.push(text);
  return out;
}

/** Whether no field holds an immutable part (whose cached bytes the walk would reuse). */
function plainFields(value: Record<string, unknown>): boolean {
  for (const key in value) {
    const v = value[key];
    if (v !== null && typeof v === "object" && encoded.has(v)) return false;
  }
  return true;
}

/** Per shared part, the last whole body made from it: a copy of its per-request fields, and the bytes. */
const lastJoined = new WeakMap<object, { fields: Record<string, unknown>; bytes: Bytes }>();

// `{dynamic…}` + `,` + the shared part's bytes without their opening brace. Requests that meet the same shared
// part with the same per-request fields (same time, same count) get the very same bytes: a body is never changed
// once made. The fields are compared before they are written out: the bench (docs/performance.md, "Before and after") showed
// now and attend dearer by their text's cost per request without that comparison.
function joinedBytes(dynamic: Record<string, unknown>, shared: object, depth: number): Bytes {
  const fixed = encodedOf(shared);
  const last = lastJoined.get(shared);
  if (last && sameFields(dynamic, last.fields, COMPARED_DEPTH)) return last.bytes;
  // The per-request part is small and plain (a time, a count) unless it holds immutable parts of its own.
  if (!plainFields(dynamic)) {
    // Written out with the shared part's bytes in one buffer: one allocation and one copy of each part (attend's
    // 16 KB service was copied twice, and its per-visitor head once more, when the head was made whole first).
    // One level deeper than the shared part: the items of a per-request list (attend's steps) may be shared too.
    const chunks: Array<string | Bytes> = [];
    write(dynamic, depth + 1, chunks);
    if (fixed.length > 2 && chunks[chunks.length - 1] === "}") {
      chunks[chunks.length - 1] = chunks.length > 2 ? "," : "";
      chunks.push(fixed.subarray(1));
    }
    return bytesOf(coalesced(chunks));
  }
  const head = JSON.stringify(dynamic);
  if (fixed.length <= 2) return Buffer.from(head, "utf8");
  const headLength = Buffer.byteLength(head, "utf8") - 1;
  const separator = head.length > 2 ? 1 : 0;
  const bytes = Buffer.allocUnsafe(headLength + separator + fixed.length - 1);
  bytes.write(head, 0, headLength, "utf8");
  if (separator) bytes[headLength] = COMMA[0];
  fixed.copy(bytes, headLength + separator, 1);
  // A copy, not the handler's object: nothing is frozen outside the tests, so the original may yet change.
  lastJoined.set(shared, { fields: copied(dynamic, COMPARED_DEPTH), bytes });
  return bytes;
}

/** How deep per-request fields are compared (a time, and a count inside an object): deeper counts as different. */
const COMPARED_DEPTH = 2;

/** A copy of plain objects `depth` levels down (what `sameFields` compares); anything else kept as it is. */
function copied(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    out[key] = depth > 1 && v !== null && typeof v === "object" && !Array.isArray(v) ? copied(v as Record<string, unknown>, depth - 1) : v;
  }
  return out;
}

/**
 * Whether two values would be written as the same JSON: the same keys in the same order with identical
 * primitive values, `depth` levels of plain objects down. Anything it cannot tell cheaply counts as different.
 */
function sameFields(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return a === null || typeof a !== "object";
  if (depth === 0 || a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) || Array.isArray(b) || typeof (a as { toJSON?: unknown }).toJSON === "function") return false;
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  if (ak.length !== bk.length) return false;
  for (let i = 0; i < ak.length; i++) {
    if (ak[i] !== bk[i] || !sameFields((a as Record<string, unknown>)[ak[i]], (b as Record<string, unknown>)[bk[i]], depth - 1)) return false;
  }
  return true;
}

function write(value: unknown, depth: number, out: Array<string | Bytes>): void {
  if (value === null || typeof value !== "object") {
    out.push(JSON.stringify(value) ?? "null");
    return;
  }
  const cached = encoded.get(value);
  if (cached) {
    out.push(cached);
    return;
  }
  if (depth === 0 || typeof (value as { toJSON?: unknown }).toJSON === "function") {
    out.push(JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    out.push("[");
    value.forEach((v, i) => {
      if (i) out.push(",");
      if (v === undefined || typeof v === "function" || typeof v === "symbol") out.push("null");
      else write(v, depth - 1, out);
    });
    out.push("]");
    return;
  }
  out.push("{");
  let first = true;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || typeof v === "function" || typeof v === "symbol") continue;
    out.push(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
    first = false;
    write(v, depth - 1, out);
  }
  out.push("}");
}

/**
 * JSON text in pieces: short strings made per request beside long parts' bytes encoded once. `bytesOf` writes
 * them out in one buffer, so a long part is copied, never encoded again.
 */
export type JsonPieces = ReadonlyArray<string | Bytes>;

/** The pieces as one buffer of UTF-8 bytes. */
export function bytesOf(pieces: JsonPieces): Bytes {
  if (pieces.length === 1 && typeof pieces[0] !== "string") return pieces[0];
  let length = 0;
  for (const piece of pieces) length += typeof piece === "string" ? Buffer.byteLength(piece, "utf8") : piece.length;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const piece of pieces) at += typeof piece === "string" ? out.write(piece, at, "utf8") : piece.copy(out, at);
  return out;
}

/** A joined body's shared part after its opening brace, as bytes and as bytes escaped for a JSON string: made once. */
const sharedParts = new WeakMap<object, { inner: Bytes; quotedInner: Bytes }>();
function sharedPartsOf(shared: object): { inner: Bytes; quotedInner: Bytes } {
  let found = sharedParts.get(shared);
  if (!found) {
    const inner = encodedOf(shared).subarray(1);
    found = { inner, quotedInner: Buffer.from(JSON.stringify(inner.toString("utf8")).slice(1, -1), "utf8") };
    sharedParts.set(shared, found);
  }
  return found;
}

/**
 * A body's JSON twice: as it is, and quoted as one JSON string (an MCP tool result carries both). Quoting is per
 * character, so a joined body's shared part is quoted (and encoded) once and only the per-request fields each time.
 */
export function jsonAndQuoted(value: unknown): { text: JsonPieces; quoted: JsonPieces } {
  const parts = joinedParts(value);
  if (parts) {
    const { dynamic, shared } = parts;
    if (plainFields(dynamic)) {
      const { inner, quotedInner } = sharedPartsOf(shared);
      const head = JSON.stringify(dynamic);
      if (inner.length === 1) return { text: [head], quoted: [JSON.stringify(head)] };
      const open = head.length > 2 ? `${head.slice(0, -1)},` : "{";
      return { text: [open, inner], quoted: [`"${JSON.stringify(open).slice(1, -1)}`, quotedInner, '"'] };
    }
  }
  // A body made whole per request (a search's hits): its text once, quoted from the string, never decoded back from bytes.
  if (isPlainObject(value) && !encoded.has(value) && plainFields(value)) {
    const text = JSON.stringify(value);
    return { text: [text], quoted: [JSON.stringify(text)] };
  }
  const bytes = toJsonBytes(value);
  return { text: [bytes], quoted: [JSON.stringify(bytes.toString("utf8"))] };
}
