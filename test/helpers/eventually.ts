// Waiting on a condition instead of sleeping for a guessed time: a test states what must come true and how long
// it may take at most on a busy machine (a generous deadline, never a measured figure).

/** Reads until `done` holds and returns that value; after `deadlineMs`, returns the last value read (the caller's assertion then fails with it). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, deadlineMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > deadlineMs) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}
