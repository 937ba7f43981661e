// A bounded memo: values computed once per key and kept, the oldest dropped first when the bound is reached.
// Used for views and formatters that many requests share (slots, zones, formatted times).

export class BoundedMemo<V> {
  private values = new Map<string, V>();

  constructor(private readonly max: number) {}

  /** The value for `key`, computed by `make` the first time. */
  get(key: string, make: () => V): V {
    let value = this.values.get(key);
    if (value === undefined && !this.values.has(key)) this.put(key, (value = make()));
    return value as V;
  }

  /** The value kept for `key`, if any (for values made asynchronously: `find`, then `put`). */
  find(key: string): V | undefined {
    return this.values.get(key);
  }

  put(key: string, value: V): void {
    if (!this.values.has(key) && this.values.size >= this.max) this.values.delete(this.values.keys().next().value!);
    this.values.set(key, value);
  }

  clear(): void {
    this.values.clear();
  }

  get size(): number {
    return this.values.size;
  }
}
