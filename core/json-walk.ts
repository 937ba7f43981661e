// The walk that writes JSON bytes, reusing the encoded bytes of objects marked immutable: a service's parts are
// the same for every visitor of a slot, so they are serialized and UTF-8 encoded once, not once per request
// (encoding long texts with non-ASCII characters is most of a response's cost), and quoted once for MCP's text.
// The output is byte for byte JSON.stringify's for plain data. core/json.ts writes whole bodies with it.
import { BoundedMemo } from "./memo.ts";
import { objectMark } from "./object-mark.ts";

// Bytes on an ArrayBuffer of their own (never a SharedArrayBuffer), which is what a Response body takes.
export type Bytes = Buffer<ArrayBuffer>;

/**
 * An immutable object's JSON as bytes, and the same quoted for MCP's text, and each without its closing brace (open
 * to more fields: a search result's card) or without its opening one (a joined body's shared part), each view made
 * on first use: a view is an object, and a search wrote ten of them for every answer.
 */
interface Encoding {
  readonly bytes: Bytes;
  quoted: Bytes | null;
  open: Bytes | null;
  openQuoted: Bytes | null;
  inner: Bytes | null;
  innerQuoted: Bytes | null;
}

/** Whether the walk writes this object from bytes made once (an immutable object, or one `extended` from one). */
export const isCached = (value: object): boolean => encodingOf(value) !== undefined || partsOf(value) !== undefined;
/** Whether the object is marked immutable (its own bytes are kept). */
export const isImmutable = (value: object): boolean => encodingOf(value) !== undefined;

/** Mark an object (never to be changed again) so its JSON is computed and encoded once. */
export function immutable<T extends object>(value: T): T {
  encodedOf(value);
  return value;
}

/** An immutable object's bytes, encoded on first use (a joined body's shared part is first met here). */
export function encodedOf(value: object): Bytes {
  return encodingFor(value).bytes;
}

/** An object's encoding, made and kept on first use. */
function encodingFor(value: object): Encoding {
  let encoding = encodingOf(value);
  if (!encoding) {
    const bytes = Buffer.from(JSON.stringify(value), "utf8");
    encodings.set(value, (encoding = { bytes, quoted: null, open: null, openQuoted: null, inner: null, innerQuoted: null }));
  }
  return encoding;
}

/** An immutable object's bytes after its opening brace, and the same quoted: what follows a joined body's own fields. */
export function innerOf(value: object): Bytes {
  const encoding = encodingFor(value);
  return (encoding.inner ??= encoding.bytes.subarray(1));
}
export function innerQuotedOf(value: object): Bytes {
  const encoding = encodingFor(value);
  return (encoding.innerQuoted ??= quotedOfEncoding(encoding).subarray(1));
}

/**
 * An object made of an immutable part's fields followed by a few fields of its own (a search result: the passage's
 * card, then its score). It is a plain object like any other (`{...shared, ...extra}`), and its JSON is the part's
 * bytes, encoded once, then the extra fields: JSON.stringify's output to the byte, since the extra keys are new.
 * Frozen, as its parts are: a field changed afterwards would not reach its JSON.
 */
export function extended<S extends object, E extends Record<string, unknown>>(shared: S, extra: E): S & E {
  for (const key in extra) if (Object.hasOwn(shared, key)) throw new TypeError(`extended: "${key}" is the shared part's own field`);
  // Copied key by key rather than spread: a search makes five a request, and spreading parts of varied shapes (a
  // card has a path, a slug, both or neither) cost several times as much (docs/performance.md, thirtieth session).
  const whole: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  for (const key of Object.keys(shared)) whole[key] = (shared as Record<string, unknown>)[key];
  for (const key of Object.keys(extra)) whole[key] = own[key] = extra[key];
  partsMark.set(whole, { shared: immutable(shared), extra: Object.freeze(own) });
  // The copy holds exactly the parts' own enumerable string keys, as `{ ...shared, ...extra }` would (neither part
  // has symbol keys: they are JSON; its parts are in a private field), so it is the same type.
  return Object.freeze(whole) as S & E;
}

interface Parts {
  shared: object;
  extra: Record<string, unknown>;
}

/**
 * An extended object's parts, and an immutable object's encoding, each in a private field added to the plain object
 * itself (core/object-mark.ts): JSON, Object.keys, for-in, a spread and Object.assign never see them, so a copy is a
 * plain object, walked field by field. A weak map entry per object cost twice the rest of `extended` (about 0.7 µs
 * each, five a search) and a probe of a table of thousands per card written; a symbol property defined as not
 * enumerable cost as much again (defineProperty is a call into the runtime). An extended object's parts are added
 * before it is frozen; an object frozen before it was first encoded keeps its encoding in a weak map beside it.
 */
const partsMark = objectMark<Parts>();
const partsOf = (value: object): Parts | undefined => partsMark.get(value);
const encodings = objectMark<Encoding>();
const encodingOf = (value: object): Encoding | undefined => encodings.get(value);

/**
 * Where the walk writes: runs of text made per request, joined before they are measured and written once, and the
 * cached bytes of immutable parts. `quoting` keeps a second form beside it, escaped to sit inside a JSON string (an
 * MCP result carries the body as text too): each run of text is quoted once, each part's quoted bytes made once.
 */
export class Pieces {
  private run = "";
  readonly text: Array<string | Bytes> = [];
  readonly quoted: Array<string | Bytes> | null;
  constructor(quoting: boolean) {
    this.quoted = quoting ? [] : null;
  }
  add(text: string): void {
    this.run += text;
  }
  /**
   * An immutable part's bytes, all of them or without the last (`open`: its closing brace, for fields to follow).
   * Returns the part's whole length.
   */
  part(value: object, open = false): number {
    this.end();
    const encoding = encodingFor(value);
    this.text.push(open ? (encoding.open ??= encoding.bytes.subarray(0, -1)) : encoding.bytes);
    if (this.quoted) this.quoted.push(open ? (encoding.openQuoted ??= quotedOfEncoding(encoding).subarray(0, -1)) : quotedOfEncoding(encoding));
    return encoding.bytes.length;
  }
  /**
   * Ends the object written so far with an immutable part's fields instead of its closing brace (a joined body:
   * the per-request fields, then the shared part's); the head's brace becomes the comma, none when it is empty.
   */
  closeWith(shared: object): void {
    if (!this.run.endsWith("}")) throw new TypeError("closeWith: the object written so far is not open to fields");
    this.run = this.text.length === 0 && this.run === "{}" ? "{" : `${this.run.slice(0, -1)},`;
    this.end();
    this.text.push(innerOf(shared));
    this.quoted?.push(innerQuotedOf(shared));
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

export function write(value: unknown, depth: number, out: Pieces): void {
  if (value === null || typeof value !== "object") {
    out.add(JSON.stringify(value) ?? "null");
    return;
  }
  // An extended object first: its mark is on the object itself, and it is never an immutable one's.
  const parts = partsOf(value);
  if (parts) {
    const empty = out.part(parts.shared, true) <= 2;
    writeFields(parts.extra, depth, out, empty);
    return;
  }
  if (isImmutable(value)) {
    out.part(value);
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
    const named = keyText(key);
    out.add(first ? named.first : named.later);
    first = false;
    write(v, depth - 1, out);
  }
  out.add("}");
}

/**
 * A key as the walk writes it, `"key":` and `,"key":`, made once: the same few dozen field names are written on
 * every request (a body keyed by visitors' words only turns the memo over).
 */
const keyTexts = new BoundedMemo<{ first: string; later: string }>(2048);
function keyText(key: string): { first: string; later: string } {
  return keyTexts.get(key, () => {
    const quoted = JSON.stringify(key);
    return { first: `${quoted}:`, later: `,${quoted}:` };
  });
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
  for (const piece of pieces) {
    if (typeof piece === "string") at += out.write(piece, at, "utf8");
    else {
      // Uint8Array#set, not Buffer#copy: on Node 20 copy checks its arguments and calls set through a primordial, and
      // an MCP answer of `now` cost 2 µs more with it (two 7 KB parts: docs/performance.md, fifty-seventh session).
      out.set(piece, at);
      at += piece.length;
    }
  }
  return out;
}

/** An immutable object's bytes escaped to sit inside a JSON string (its JSON quoted, without the quotes): made once. */
export function quotedOf(value: object): Bytes {
  return quotedOfEncoding(encodingFor(value));
}

function quotedOfEncoding(encoding: Encoding): Bytes {
  return (encoding.quoted ??= Buffer.from(JSON.stringify(encoding.bytes.toString("utf8")).slice(1, -1), "utf8"));
}
