// Serializes async work per key within this process: calls for one key run one after another,
// calls for different keys run side by side.
export class KeyedMutex {
  private tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.catch(() => {});
    this.tails.set(key, tail);
    try {
      return await result;
    } finally {
      // Forget the key once nothing else queued behind this call.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
