// JSON bytes for responses: REST's body (`toJsonBytes`) and MCP's two forms of it (`jsonAndQuoted`), written by
// the walk in core/json-walk.ts, which reuses the bytes of immutable parts. A joined body (core/body.ts) reuses
// its last bytes while its per-request fields stay the same. The output is byte for byte JSON.stringify's.
import { joinedParts } from "./body.ts";
import { bytesOf, encodedOf, innerOf, innerQuotedOf, isCached, isImmutable, Pieces, quotedOf, write, type Bytes, type JsonPieces } from "./json-walk.ts";

export { bytesOf, extended, immutable, type Bytes, type JsonPieces } from "./json-walk.ts";

const COMMA = Buffer.from(",");

/** JSON.stringify as UTF-8 bytes, reusing immutable objects' bytes among the values `depth` levels down (top level by default). */
export function toJsonBytes(value: unknown, depth = 1): Bytes {
  const parts = joinedParts(value);
  if (parts) return joinedBytes(parts.dynamic, parts.shared, depth);
  // A body made whole per request (an error, a list): nothing cached to reuse, so one JSON.stringify rather than a
  // walk that stringifies field by field (a search answer's JSON cost half as much).
  if (depth === 1 && isPlainObject(value) && !isCached(value)) {
    const reach = cachedReach(value);
    if (reach === 0) return Buffer.from(JSON.stringify(value), "utf8");
    depth = reach;
  }
  return encodedChunks(value, depth);
}

/**
 * How deep a plain body's cached parts sit: 0 none (one JSON.stringify writes it), 1 a field, 2 an item of a list
 * field (search's results, attend's steps), 3 a field of such an item (a date's services, each with its reflections
 * and its order kept: its 87 KB were stringified whole). The deepest found, so no cached part is written afresh.
 */
function cachedReach(value: Record<string, unknown>): Reach {
  let reach: Reach = 0;
  for (const key in value) {
    const v = value[key];
    if (v === null || typeof v !== "object") continue;
    if (isCached(v)) reach = deeper(reach, 1);
    // The first item stands for the list: a list mixing kinds is still written right, only slower.
    else if (Array.isArray(v) && v.length && v[0] !== null && typeof v[0] === "object")
      reach = deeper(reach, isCached(v[0]) ? 2 : isPlainObject(v[0]) && holdsCached(v[0]) ? 3 : 0);
  }
  return reach;
}
type Reach = 0 | 1 | 2 | 3;
const deeper = (a: Reach, b: Reach): Reach => (a > b ? a : b);
const holdsCached = (item: Record<string, unknown>): boolean => Object.values(item).some((v) => v !== null && typeof v === "object" && isCached(v));

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== "function";
}

/** The walk: cached bytes for immutable objects `depth` levels down, JSON.stringify for the rest. */
function encodedChunks(value: unknown, depth: number): Bytes {
  const sink = new Pieces(false);
  write(value, depth, sink);
  return bytesOf(sink.done().text);
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
  if (cachedReach(dynamic)) {
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
  // Uint8Array#set rather than Buffer#copy, as bytesOf writes: Node 20's copy adds argument checks and a primordial call.
  bytes.set(innerOf(shared), headLength + separator);
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

/**
 * A body's two JSON forms; `kept`: the very object is answered for as long as the body stays (an immutable body), so a
 * cache may key on it. A joined body's forms are reused too, but only until its time moves (the next millisecond):
 * results kept per such forms (15 KB buffers, made hundreds of times a second) had MCP `now` at 7 times the full
 * collections and 1.2 times the CPU of the code without them (docs/performance.md, sixty-sixth session).
 */
export interface JsonForms {
  readonly text: JsonPieces;
  readonly quoted: JsonPieces;
  readonly kept: boolean;
}

/** Per immutable body, its two forms; per shared part, the last forms of a joined body made from it (as lastJoined). */
const keptForms = new WeakMap<object, JsonForms>();
const lastForms = new WeakMap<object, { fields: Record<string, unknown>; forms: JsonForms }>();

/**
 * A body's JSON twice: as it is, and quoted as one JSON string (an MCP tool result carries both). Quoting is per
 * character, so a joined body's shared part is quoted (and encoded) once and only the per-request fields each time;
 * a body kept whole, or a joined one whose per-request fields are the last ones, is answered with the same forms.
 */
export function jsonAndQuoted(value: unknown): JsonForms {
  // A body kept whole (a song, the song list, a contents page): both forms were made once.
  if (value !== null && typeof value === "object" && isImmutable(value)) {
    let forms = keptForms.get(value);
    if (!forms) keptForms.set(value, (forms = { text: [encodedOf(value)], quoted: asString([quotedOf(value)]), kept: true }));
    return forms;
  }
  const parts = joinedParts(value);
  if (parts) {
    const { dynamic, shared } = parts;
    if (!cachedReach(dynamic)) {
      const last = lastForms.get(shared);
      if (last && sameFields(dynamic, last.fields, COMPARED_DEPTH)) return last.forms;
      // The shared part after its opening brace, as it is and quoted (the quoted form of `{` is `{`).
      const inner = innerOf(shared);
      const head = JSON.stringify(dynamic);
      if (inner.length === 1) return { text: [head], quoted: [JSON.stringify(head)], kept: false };
      const open = head.length > 2 ? `${head.slice(0, -1)},` : "{";
      const forms = { text: [open, inner], quoted: [`"${JSON.stringify(open).slice(1, -1)}`, innerQuotedOf(shared), '"'], kept: false };
      lastForms.set(shared, { fields: copied(dynamic, COMPARED_DEPTH), forms });
      return forms;
    }
    // Per-request fields holding immutable parts (attend's steps and recent reflections): walked once for both forms.
    const { text, quoted } = joinedPieces(dynamic, shared, 2, true);
    return { text, quoted: asString(quoted), kept: false };
  }
  if (isPlainObject(value) && !isCached(value)) {
    const reach = cachedReach(value);
    // A body made whole per request: its text once, quoted from the string, never decoded back from bytes.
    if (reach === 0) {
      const text = JSON.stringify(value);
      return { text: [text], quoted: [JSON.stringify(text)], kept: false };
    }
    // One holding cached parts (search's results: each passage's card): walked once for both forms, each part's
    // bytes and quoted bytes made once, so only the per-request text between them is quoted and encoded.
    const sink = new Pieces(true);
    write(value, reach, sink);
    const { text, quoted } = sink.done();
    return { text, quoted: asString(quoted), kept: false };
  }
  const bytes = toJsonBytes(value);
  return { text: [bytes], quoted: [JSON.stringify(bytes.toString("utf8"))], kept: false };
}

/** Quoted pieces as one JSON string: its quotes around them. */
const asString = (quoted: JsonPieces): JsonPieces => ['"', ...quoted, '"'];

/** A value already written as JSON, in pieces (an MCP result around a body's encoded bytes): written out as it is. */
export class RawJson {
  /** `kept`: the very object is answered again (a tool's result while its body stays), so a cache may key on it. */
  constructor(
    readonly pieces: JsonPieces,
    readonly kept = false,
  ) {}
  get text(): string {
    return bytesOf(this.pieces).toString("utf8");
  }
}
