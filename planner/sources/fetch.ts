// Reading public sources (NOAA products) for the planner: a small retrying fetch and a TTL cache.
// The planner must never wait long or fail because a source is down, so every attempt has its own
// deadline, retries are few and spaced out, and a failure is remembered briefly instead of retried
// on every plan. No logging here: callers decide what (if anything) is worth saying about a source.

export interface FetchTextOptions {
  /** Deadline for one attempt, headers and body together. */
  timeoutMs?: number;
  /** Further attempts after the first (network errors and 5xx only). */
  retries?: number;
  /** Wait before the first retry; doubled for each one after. */
  backoffMs?: number;
  /** Cancels the whole call, including any wait between attempts. */
  signal?: AbortSignal;
}

/** How sources read a URL: resolves to the body text, rejects with SourceError. Injectable for tests. */
export type FetchTextFn = (url: string) => Promise<string>;

export class SourceError extends Error {
  constructor(
    message: string,
    /** HTTP status when the server answered, undefined for network errors and timeouts. */
    readonly status: number | undefined,
    /** Whether another attempt could help (network error, timeout, 5xx). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "SourceError";
  }
}

export async function fetchText(url: string, options: FetchTextOptions = {}): Promise<string> {
  const { timeoutMs = 4000, retries = 2, backoffMs = 300, signal } = options;
  let lastError: SourceError = new SourceError("not attempted", undefined, false);
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(backoffMs * 2 ** (attempt - 1), signal);
    if (signal?.aborted) throw new SourceError("cancelled", undefined, false);
    try {
      return await attemptOnce(url, timeoutMs, signal);
    } catch (error) {
      lastError = error instanceof SourceError ? error : new SourceError(describe(error), undefined, true);
      // The caller's cancellation is final; a 4xx will answer the same way again.
      if (!lastError.retryable || signal?.aborted) throw lastError;
    }
  }
  throw lastError;
}

async function attemptOnce(url: string, timeoutMs: number, outer: AbortSignal | undefined): Promise<string> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signal = outer ? AbortSignal.any([outer, timeout.signal]) : timeout.signal;
  try {
    const response = await fetch(url, { signal, headers: { accept: "application/json, text/html;q=0.9, */*;q=0.5" } });
    if (!response.ok) {
      // Drain the body so the connection can be reused, but never wait past the deadline for it.
      await response.body?.cancel().catch(() => {});
      throw new SourceError(`HTTP ${response.status}`, response.status, response.status >= 500);
    }
    return await response.text();
  } catch (error) {
    if (error instanceof SourceError) throw error;
    const timedOut = timeout.signal.aborted && !outer?.aborted;
    throw new SourceError(timedOut ? `timed out after ${timeoutMs} ms` : describe(error), undefined, !outer?.aborted);
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  // undici puts the useful part (ECONNREFUSED, ENOTFOUND…) in `cause`; the message alone says "fetch failed".
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  const message = error instanceof Error ? error.message : String(error);
  return cause ? `${message} (${cause})` : message;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}

/** Five minutes: long enough that a dead source is not asked on every plan, short enough to notice it is back. */
export const FAILURE_TTL_MS = 5 * 60_000;

interface Entry<T> {
  value: T | null;
  expires: number;
  pending?: Promise<T | null>;
}

/**
 * Keeps each key's value for the TTL given when it was loaded. Concurrent callers share one load.
 * A load that throws or returns null is kept as null for the failure TTL (or the key's TTL if shorter).
 */
export class TtlCache<T> {
  private entries = new Map<string, Entry<T>>();

  constructor(
    private readonly failureTtlMs = FAILURE_TTL_MS,
    /** Injectable clock, so tests can move time instead of waiting. */
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, ttlMs: number, load: () => Promise<T | null>): Promise<T | null> {
    const entry = this.entries.get(key);
    if (entry?.pending) return entry.pending;
    if (entry && entry.expires > this.now()) return Promise.resolve(entry.value);
    const pending = this.run(key, ttlMs, load);
    this.entries.set(key, { value: entry?.value ?? null, expires: 0, pending });
    return pending;
  }

  /** Forget one key (or all), e.g. after configuration changes. */
  clear(key?: string): void {
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }

  private async run(key: string, ttlMs: number, load: () => Promise<T | null>): Promise<T | null> {
    let value: T | null = null;
    try {
      value = await load();
    } catch {
      value = null;
    }
    const ttl = value === null ? Math.min(ttlMs, this.failureTtlMs) : ttlMs;
    this.entries.set(key, { value, expires: this.now() + ttl });
    return value;
  }
}
