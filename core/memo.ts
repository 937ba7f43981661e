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
 * What an undefined value is kept as: so `get` tells a miss from a kept undefined by the lookup it makes anyway. A
 * miss was five lookups (get, has, the older generation's has, and has again after making the value), one key in
 * neither generation, which every new name's attend pays in several memos; now it is two, and the write.
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
    const found = this.find(key);
    if (found !== undefined || this.lastFound) return found as V;
    const made = make();
    // Usually absent still; `make` may have put it (a memo it calls back into), and then it is only replaced (asked only
    // when the generations would turn over: otherwise `set` replaces it anyway).
    if ((this.current.size < this.half && this.size < this.max) || this.current.has(key)) this.current.set(key, stored(made));
    else this.added(key, stored(made));
    return made;
  }

  /** Whether the last `find` found its key (its value may be undefined). */
  private lastFound = false;

  /** The value kept for `key`, if any (for values made asynchronously: `find`, then `put`). */
  find(key: string): V | undefined {
    const value = this.current.get(key);
    if (value !== undefined) return ((this.lastFound = true), shown(value));
    const old = this.older.get(key);
    this.lastFound = old !== undefined;
    if (old === undefined) return undefined;
    // A key of the older generation, used again: moved to the current one.
    this.older.delete(key);
    this.current.set(key, old);
    return shown(old);
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
