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

const splits = new WeakMap<object, { dynamic: Record<string, unknown>; fixed: object }>();

/**
 * A response made of a few per-request fields and a large part shared by many requests (marked
 * immutable): it is written as the small fields followed by the shared part's cached bytes, without
 * copying the shared part. Whoever needs the whole object (MCP, output checks) calls `expand`.
 */
export function joined<T extends object>(dynamic: Record<string, unknown>, fixed: object): T {
  const value = { ...dynamic };
  splits.set(value, { dynamic, fixed: immutable(fixed) });
  return value as T;
}

/** The whole body as a plain object (a `joined` body merged; anything else as it is). */
export function expand<T>(value: T): T {
  const split = value !== null && typeof value === "object" ? splits.get(value) : undefined;
  return split ? ({ ...split.dynamic, ...split.fixed } as T) : value;
}

/** JSON.stringify as UTF-8 bytes, reusing immutable objects' bytes among the values `depth` levels down (top level by default). */
export function toJsonBytes(value: unknown, depth = 1): Buffer {
  const split = value !== null && typeof value === "object" ? splits.get(value) : undefined;
  if (split) {
    const fixed = encoded.get(split.fixed)!;
    const head = toJsonBytes(split.dynamic, depth);
    if (fixed.length <= 2) return head;
    // `{dynamic…}` + `,` + the shared part's bytes without their opening brace.
    return Buffer.concat([head.subarray(0, head.length - 1), head.length > 2 ? COMMA : EMPTY, fixed.subarray(1)]);
  }
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
