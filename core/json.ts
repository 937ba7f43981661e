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
  // A body made whole per request (an error, a list): nothing cached to reuse, so one JSON.stringify rather than a
  // walk that stringifies field by field (a search answer's JSON cost half as much).
  if (depth === 1 && isPlainObject(value) && !encoded.has(value) && !composed.has(value)) {
    const reach = cachedReach(value);
    if (reach === 0) return Buffer.from(JSON.stringify(value), "utf8");
    depth = reach;
  }
  return encodedChunks(value, depth);
}

/**
 * An object made of an immutable part's fields followed by a few fields of its own (a search result: the passage's
 * card, then its score). It is a plain object like any other (`{...shared, ...extra}`), and its JSON is the part's
 * bytes, encoded once, then the extra fields: JSON.stringify's output to the byte, since the extra keys are new.
 */
export function extended<S extends object, E extends Record<string, unknown>>(shared: S, extra: E): S & E {
  for (const key in extra) if (Object.hasOwn(shared, key)) throw new TypeError(`extended: "${key}" is the shared part's own field`);
  const whole = { ...shared, ...extra };
  composed.set(whole, { shared: immutable(shared), extra });
  return whole;
}
const composed = new WeakMap<object, { shared: object; extra: Record<string, unknown> }>();

/** How deep a plain body's cached parts sit: 0 none, 1 a field, 2 an item of a list field (as search's results). */
function cachedReach(value: Record<string, unknown>): 0 | 1 | 2 {
  let reach: 0 | 1 | 2 = 0;
  for (const key in value) {
    const v = value[key];
    if (v === null || typeof v !== "object") continue;
    if (encoded.has(v) || composed.has(v)) return 1;
    // The first item stands for the list: a list mixing kinds is still written right, only slower.
    if (Array.isArray(v) && v.length && v[0] !== null && typeof v[0] === "object" && (encoded.has(v[0]) || composed.has(v[0]))) reach = 2;
  }
  return reach;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== "function";
}

/** The walk: cached bytes for immutable objects `depth` levels down, JSON.stringify for the rest. */
function encodedChunks(value: unknown, depth: number): Bytes {
  const sink = new Pieces(false);
  write(value, depth, sink);
  return bytesOf(sink.done().text);
}

/**
 * Where the walk writes: runs of text made per request, joined before they are measured and written once, and the
 * cached bytes of immutable parts. `quoting` keeps a second form beside it, escaped to sit inside a JSON string (an
 * MCP result carries the body as text too): each run of text is quoted once, each part's quoted bytes made once.
 */
class Pieces {
  private run = "";
  readonly text: Array<string | Bytes> = [];
  readonly quoted: Array<string | Bytes> | null;
  constructor(quoting: boolean) {
    this.quoted = quoting ? [] : null;
  }
  add(text: string): void {
    this.run += text;
  }
  /** An immutable part's bytes, all of them or without the last (`open`: its closing brace, for fields to follow). */
  part(value: object, open = false): void {
    this.end();
    const bytes = encodedOf(value);
    this.text.push(open ? bytes.subarray(0, -1) : bytes);
    if (this.quoted) {
      const quoted = quotedOf(value);
      this.quoted.push(open ? quoted.subarray(0, -1) : quoted);
    }
  }
  /**
   * Ends the object written so far with an immutable part's fields instead of its closing brace (a joined body:
   * the per-request fields, then the shared part's); the head's brace becomes the comma, none when it is empty.
   */
  closeWith(shared: object): void {
    if (!this.run.endsWith("}")) throw new TypeError("closeWith: the object written so far is not open to fields");
    this.run = this.text.length === 0 && this.run === "{}" ? "{" : `${this.run.slice(0, -1)},`;
    this.end();
    this.text.push(encodedOf(shared).subarray(1));
    this.quoted?.push(quotedOf(shared).subarray(1));
  }
  done(): { text: JsonPieces; quoted: JsonPieces } {
    this.end();
    return { text: this.text, quoted: this.quoted ?? [] };
  }
  private end(): void {
    if (!this.run) return;
    this.text.push(this.run);
    this.quoted?.push(JSON.stringify(this.run).slice(1, -1));
    this.run = "";
  }
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
    return bytesOf(joinedPieces(dynamic, shared, depth + 1, false).text);
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

/** A joined body written by the walk (per-request fields `depth` levels down), then its shared part's bytes. */
function joinedPieces(dynamic: Record<string, unknown>, shared: object, depth: number, quoting: boolean): { text: JsonPieces; quoted: JsonPieces } {
  const sink = new Pieces(quoting);
  write(dynamic, depth, sink);
  if (encodedOf(shared).length > 2) sink.closeWith(shared);
  return sink.done();
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

function write(value: unknown, depth: number, out: Pieces): void {
  if (value === null || typeof value !== "object") {
    out.add(JSON.stringify(value) ?? "null");
    return;
  }
  if (encoded.has(value)) {
    out.part(value);
    return;
  }
  const parts = composed.get(value);
  if (parts) {
    out.part(parts.shared, true);
    writeFields(parts.extra, depth, out, encodedOf(parts.shared).length <= 2);
    return;
  }
  if (depth === 0 || typeof (value as { toJSON?: unknown }).toJSON === "function") {
    out.add(JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    out.add("[");
    value.forEach((v, i) => {
      if (i) out.add(",");
      if (v === undefined || typeof v === "function" || typeof v === "symbol") out.add("null");
      else write(v, depth - 1, out);
    });
    out.add("]");
    return;
  }
  out.add("{");
  writeFields(value as Record<string, unknown>, depth, out, true);
}

/** An object's fields and its closing brace (`first`: no field written before them). */
function writeFields(value: Record<string, unknown>, depth: number, out: Pieces, first: boolean): void {
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const v = value[key];
    if (v === undefined || typeof v === "function" || typeof v === "symbol") continue;
    out.add(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
    first = false;
    write(v, depth - 1, out);
  }
  out.add("}");
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

/** An immutable object's bytes escaped to sit inside a JSON string (its JSON quoted, without the quotes): made once. */
const quotedEncoded = new WeakMap<object, Bytes>();
function quotedOf(value: object): Bytes {
  let quoted = quotedEncoded.get(value);
  if (!quoted) quotedEncoded.set(value, (quoted = Buffer.from(JSON.stringify(encodedOf(value).toString("utf8")).slice(1, -1), "utf8")));
  return quoted;
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
      // The shared part after its opening brace, as it is and quoted (the quoted form of `{` is `{`).
      const inner = encodedOf(shared).subarray(1);
      const head = JSON.stringify(dynamic);
      if (inner.length === 1) return { text: [head], quoted: [JSON.stringify(head)] };
      const open = head.length > 2 ? `${head.slice(0, -1)},` : "{";
      return { text: [open, inner], quoted: [`"${JSON.stringify(open).slice(1, -1)}`, quotedOf(shared).subarray(1), '"'] };
    }
    // Per-request fields holding immutable parts (attend's steps and recent reflections): walked once for both forms.
    const { text, quoted } = joinedPieces(dynamic, shared, 2, true);
    return { text, quoted: ['"', ...quoted, '"'] };
  }
  if (isPlainObject(value) && !encoded.has(value) && !composed.has(value)) {
    const reach = cachedReach(value);
    // A body made whole per request: its text once, quoted from the string, never decoded back from bytes.
    if (reach === 0) {
      const text = JSON.stringify(value);
      return { text: [text], quoted: [JSON.stringify(text)] };
    }
    // One holding cached parts (search's results: each passage's card): walked once for both forms, each part's
    // bytes and quoted bytes made once, so only the per-request text between them is quoted and encoded.
    const sink = new Pieces(true);
    write(value, reach, sink);
    const { text, quoted } = sink.done();
    return { text, quoted: ['"', ...quoted, '"'] };
  }
  const bytes = toJsonBytes(value);
  return { text: [bytes], quoted: [JSON.stringify(bytes.toString("utf8"))] };
}
