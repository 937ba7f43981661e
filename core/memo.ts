// A bounded memo: values computed once per key and kept, the least recently used dropped first when the bound
// is reached. Used for views and formatters that many requests share (slots, zones, formatted times), and for
// parsed queries and their validation, where every new name's attend is a miss.
//
// Two generations rather than one map dropping its oldest key: deleting a Map's first entry leaves a hole that
// every later `keys().next()` walks past until the map is rebuilt, so a memo full of one-off keys paid more for
// each miss the larger it was (docs/performance.md, sixteenth session). Here new keys go to `current`;
// when it holds half the bound (or both hold the bound) it becomes `older` and the previous `older` is dropped
// whole. A key found in `older` moves back to `current`, so what is used stays, and moving one turns nothing over:
// only a new key does. (When a move turned the generations over too, keys used again in turn that were more than
// half the bound were dropped half at a time before their turn came again: search's 2,900 terms in a memo of
// 4,096 missed 1,500 a round of the bench's queries; docs/performance.md, forty-seventh session.)

/**
 * What an undefined value is kept as, so that a lookup's answer alone tells a miss from a kept undefined: a miss costs
 * two lookups and a write (it was five), and every new name's attend misses in several memos.
 */
const UNDEFINED = Symbol("undefined value");
type Kept<V> = V | typeof UNDEFINED;
const stored = <V>(value: V): Kept<V> => (value === undefined ? UNDEFINED : value);
const shown = <V>(value: Kept<V>): V => (value === UNDEFINED ? (undefined as V) : value);

export class BoundedMemo<V> {
  private current = new Map<string, Kept<V>>();
  private older = new Map<string, Kept<V>>();
  private readonly half: number;
  private readonly max: number;

  constructor(max: number) {
    this.max = Math.max(1, max);
    this.half = Math.max(1, Math.floor(max / 2));
  }

  /** The value for `key`, computed by `make` the first time. */
  get(key: string, make: () => V): V {
    const kept = this.lookup(key);
    if (kept !== undefined) return shown(kept);
    const made = make();
    // Usually absent still; `make` may have put it (a memo it calls back into), and then it is only replaced (asked only
    // when the generations would turn over: otherwise `set` replaces it anyway).
    if ((this.current.size < this.half && this.size < this.max) || this.current.has(key)) this.current.set(key, stored(made));
    else this.added(key, stored(made));
    return made;
  }

  /** The value kept for `key`, if any (for values made asynchronously: `find`, then `put`). */
  find(key: string): V | undefined {
    const kept = this.lookup(key);
    return kept === undefined ? undefined : shown(kept);
  }

  put(key: string, value: V): void {
    if (this.current.has(key)) this.current.set(key, stored(value));
    else {
      this.older.delete(key);
      this.added(key, stored(value));
    }
  }

  /** Forgets `key` (a value that changed). */
  delete(key: string): void {
    this.current.delete(key);
    this.older.delete(key);
  }

  clear(): void {
    this.current.clear();
    this.older.clear();
  }

  get size(): number {
    return this.current.size + this.older.size;
  }

  /** What is kept for `key` (undefined: nothing), a key of the older generation moved to the current one. */
  private lookup(key: string): Kept<V> | undefined {
    const kept = this.current.get(key);
    if (kept !== undefined) return kept;
    const old = this.older.get(key);
    if (old === undefined) return undefined;
    this.older.delete(key);
    this.current.set(key, old);
    return old;
  }

  /**
   * A key in neither generation: into the current one, which becomes the older one when it holds half the bound
   * or both hold the bound. Keys moved back may have filled the current one to the bound: one is dropped then.
   */
  private added(key: string, value: Kept<V>): void {
    if (this.current.size >= this.half || this.size >= this.max) {
      [this.older, this.current] = [this.current, new Map()];
      if (this.older.size >= this.max) this.older.delete(this.older.keys().next().value!);
    }
    this.current.set(key, value);
  }
}

/**
 * `make` memoized on an object that is never changed once made (a service's order, a library piece, a kept tally):
 * made once per object, and let go with it (a WeakMap's key).
 */
export function perObject<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    // One lookup once made (pages call this per reflection, hundreds a view); `has` only for an undefined value.
    const kept = made.get(key);
    if (kept !== undefined || made.has(key)) return kept as V;
    const value = make(key);
    made.set(key, value);
    return value;
  };
}
