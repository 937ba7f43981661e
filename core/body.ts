// What a handler returns: a plain body, or one joined from a few per-request fields and a large part shared
// by many requests (a slot's service). The joined form is opaque, so nothing reads or spreads it by mistake;
// core/json.ts writes it without copying the shared part. Also the read-only view inputs and bodies are given.
declare const JOINED: unique symbol;

/**
 * A body joined from per-request fields and a shared part. Its type is opaque on purpose: a field read or a
 * spread compiles only after `expand` (the whole body as a plain object); `toJsonBytes` writes it without
 * copying the shared part, and `JSON.stringify` (through `toJSON`) gives the whole body too.
 */
export interface Joined<T> {
  readonly [JOINED]: T;
  toJSON(): T;
}

/**
 * What `{ ...dynamic, ...shared }` is: the shared part's fields, and the per-request fields it does not have
 * (in JSON, as in a spread, the later key wins; the bytes are written in that order too).
 */
export type Joint<D, S> = Flat<Omit<D, keyof S> & S>;
type Flat<T> = { [K in keyof T]: T[K] };

/** The per-request fields and the shared part, both in private fields: nothing to read but through `expand`. */
class JoinedBody<D extends Record<string, unknown>, S extends object> implements Joined<Joint<D, S>> {
  // The brand exists for the compiler only (no value at run time, nothing emitted).
  declare readonly [JOINED]: Joint<D, S>;
  readonly #dynamic: D;
  readonly #shared: S;
  constructor(dynamic: D, shared: S) {
    this.#dynamic = dynamic;
    this.#shared = shared;
  }
  static dynamicOf(value: JoinedBody<Record<string, unknown>, object>): Record<string, unknown> {
    return value.#dynamic;
  }
  static sharedOf(value: JoinedBody<Record<string, unknown>, object>): object {
    return value.#shared;
  }
  /** The whole body. The compiler reads a generic spread as `D & S`; `Joint` is what the spread makes of it. */
  toJSON(): Joint<D, S> {
    return { ...this.#dynamic, ...this.#shared } as Joint<D, S>;
  }
}

/**
 * A response made of a few per-request fields and a large part shared by many requests (never to be
 * changed again): it is written as the small fields followed by the shared part's bytes, encoded once, without
 * copying the shared part. Its type is computed from its parts. Whoever needs the whole object (MCP, output
 * checks, pages) calls `expand`.
 */
export function joined<D extends Record<string, unknown>, S extends object>(dynamic: D, shared: S): Joined<Joint<D, S>> {
  return new JoinedBody(dynamic, shared);
}

/** A joined body's two parts (for core/json.ts, which writes them), or null for any other value. */
export function joinedParts(value: unknown): { dynamic: Record<string, unknown>; shared: object } | null {
  return value instanceof JoinedBody ? { dynamic: JoinedBody.dynamicOf(value), shared: JoinedBody.sharedOf(value) } : null;
}

/** The whole body as a plain object (a `joined` body merged; anything else as it is). */
export function expand<T>(value: T | Joined<T>): T {
  // Every `Joined<T>` is a JoinedBody whose `toJSON` gives its `T`; a plain body is returned as it is.
  return isJoined(value) ? value.toJSON() : value;
}

/**
 * One field of a body, joined or plain, without the whole object `expand` makes (which copies every field): the
 * shared part's field where it has one, as in `expand`. Undefined where the body is no object or lacks the field.
 */
export function fieldOf<T>(value: T | Joined<T>, key: string): unknown {
  const own = (object: unknown) => (object !== null && typeof object === "object" && Object.hasOwn(object, key) ? Reflect.get(object, key) : undefined);
  if (!(value instanceof JoinedBody)) return own(value);
  const shared = JoinedBody.sharedOf(value);
  return Object.hasOwn(shared, key) ? Reflect.get(shared, key) : own(JoinedBody.dynamicOf(value));
}

function isJoined<T>(value: T | Joined<T>): value is Joined<T> {
  return value instanceof JoinedBody;
}

/** Freeze a body all the way down, a joined body's shared part included (the output check's guard). */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (value instanceof JoinedBody) {
    deepFreeze(JoinedBody.dynamicOf(value));
    deepFreeze(JoinedBody.sharedOf(value));
  }
  if (Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
  return value;
}

/** A value that cannot be changed through this type, at any depth (inputs and bodies). */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends ReadonlyArray<infer E>
    ? ReadonlyArray<DeepReadonly<E>>
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;

/**
 * The same value seen through its read-only type. Sound for any `T` (read-only is only ever less than `T`
 * allows); the compiler cannot see that for a type still generic, which is the one place this is for.
 */
export function readOnlyView<T>(value: T): DeepReadonly<T> {
  return value as DeepReadonly<T>;
}
