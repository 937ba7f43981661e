// JSON bytes for responses, reusing the encoded bytes of objects marked immutable. A service's parts
// are the same for every visitor of a slot, so they are serialized and UTF-8 encoded once, not once
// per request (encoding long texts with non-ASCII characters is most of a response's cost).
// The output is byte for byte JSON.stringify's for plain data.
const encoded = new WeakMap<object, Buffer>();
const COMMA = Buffer.from(",");
const EMPTY = Buffer.alloc(0);

/** Mark an object (never to be changed again) so its JSON is computed and encoded once. */
export function immutable<T extends object>(value: T): T {
  if (!encoded.has(value)) encoded.set(value, Buffer.from(JSON.stringify(value), "utf8"));
  return value;
}

/**
 * A body joined from per-request fields (its own properties) and a shared part kept in a private field:
 * spreading or serializing the body never carries the shared part, and reading it costs nothing (a WeakMap
 * entry per request, or a defined property, cost a visible share of a request).
 */
class JoinedBody {
  readonly #shared: object;
  constructor(dynamic: Record<string, unknown>, shared: object) {
    Object.assign(this, dynamic);
    this.#shared = shared;
  }
  static sharedOf(value: object): object | undefined {
    return #shared in value ? value.#shared : undefined;
  }
}

/**
 * A response made of a few per-request fields and a large part shared by many requests (marked
 * immutable): it is written as the small fields followed by the shared part's cached bytes, without
 * copying the shared part. Whoever needs the whole object (MCP, output checks) calls `expand`.
 */
export function joined<T extends object>(dynamic: Record<string, unknown>, fixed: object): T {
  return new JoinedBody(dynamic, immutable(fixed)) as unknown as T;
}

/** The whole body as a plain object (a `joined` body merged; anything else as it is). */
export function expand<T>(value: T): T {
  const fixed = value !== null && typeof value === "object" ? JoinedBody.sharedOf(value) : undefined;
  return fixed ? ({ ...value, ...fixed } as T) : value;
}

/** JSON.stringify as UTF-8 bytes, reusing immutable objects' bytes among the values `depth` levels down (top level by default). */
export function toJsonBytes(value: unknown, depth = 1): Buffer {
  const fixed = value !== null && typeof value === "object" ? JoinedBody.sharedOf(value) : undefined;
  if (fixed) return joinedBytes(value as Record<string, unknown>, fixed, depth);
  return encodedChunks(value, depth);
}

/** The walk: cached bytes for immutable objects `depth` levels down, JSON.stringify for the rest. */
function encodedChunks(value: unknown, depth: number): Buffer {
  const chunks: Array<string | Buffer> = [];
  write(value, depth, chunks);
  const buffers: Buffer[] = [];
  let text = "";
  for (const c of chunks) {
    if (typeof c === "string") text += c;
    else {
      if (text) buffers.push(Buffer.from(text, "utf8"));
      text = "";
      buffers.push(c);
    }
  }
  if (text) buffers.push(Buffer.from(text, "utf8"));
  return buffers.length === 1 ? buffers[0] : Buffer.concat(buffers);
}

/** Per shared part, the last whole body made from it, by its per-request text. */
const lastJoined = new WeakMap<object, { dynamic: Record<string, unknown>; head: string; bytes: Buffer }>();

/** Whether no field holds an immutable part (whose cached bytes the walk would reuse). */
function plainFields(value: Record<string, unknown>): boolean {
  for (const key in value) {
    const v = value[key];
    if (v !== null && typeof v === "object" && encoded.has(v)) return false;
  }
  return true;
}

// `{dynamic…}` + `,` + the shared part's bytes without their opening brace. Requests that meet the same shared
// part in the same millisecond (same time, same count) get the very same bytes: a body is never changed once
// made, and making a fresh one per request (a new 6 KB buffer, written to the socket from cold memory) was a
// third of the cost of /api/now under load.
function joinedBytes(dynamic: Record<string, unknown>, shared: object, depth: number): Buffer {
  const fixed = encoded.get(shared)!;
  // The per-request part is small and plain (a time, a count) unless it holds immutable parts of its own.
  if (!plainFields(dynamic)) {
    const head = encodedChunks(dynamic, depth);
    if (fixed.length <= 2) return head;
    return Buffer.concat([head.subarray(0, head.length - 1), head.length > 2 ? COMMA : EMPTY, fixed.subarray(1)]);
  }
  const last = lastJoined.get(shared);
  // The same fields as last time are the same text: no need to write them out to find that.
  if (last && sameFields(dynamic, last.dynamic, 2)) return last.bytes;
  const head = JSON.stringify(dynamic);
  if (fixed.length <= 2) return Buffer.from(head, "utf8");
  if (last?.head === head) return last.bytes;
  const headLength = Buffer.byteLength(head, "utf8") - 1;
  const separator = head.length > 2 ? 1 : 0;
  const bytes = Buffer.allocUnsafe(headLength + separator + fixed.length - 1);
  bytes.write(head, 0, headLength, "utf8");
  if (separator) bytes[headLength] = COMMA[0];
  fixed.copy(bytes, headLength + separator, 1);
  // Kept for comparison, so it must not change: frozen as deep as it is compared.
  lastJoined.set(shared, { dynamic: frozen(dynamic, 2), head, bytes });
  return bytes;
}

function frozen<T>(value: T, depth: number): T {
  if (depth === 0 || value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  for (const v of Object.values(value)) frozen(v, depth - 1);
  return Object.freeze(value);
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

function write(value: unknown, depth: number, out: Array<string | Buffer>): void {
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
