// Any engine behind one guard: a call to a store that is down fails at once with a 503 (storeUnavailable)
// instead of waiting on a reconnect; a call to a remote store that does not answer within a second is
// refused the same way; the first failure and the recovery are logged once each (StoreState). Only errors
// that mean an outage are turned into 503s: a lost race or a bad value still reaches the caller as it was.
import type { Change, Engine, RangeQuery, ScoreRange, SortedEntry } from "./engine.ts";
import { outageOf, StoreState, storeUnavailable, writeUnanswered } from "./store-failure.ts";

class StoreTimeout extends Error {
  override name = "StoreTimeout";
}

export class GuardedEngine implements Engine {
  readonly kind: Engine["kind"];
  readonly sharesReads: boolean;
  private lastCounter = 0;

  constructor(
    /** The engine behind the guard (the tests fill its disk). */
    readonly inner: Engine,
    readonly state: StoreState,
    /** A remote store's answer time before a call is refused; null for a local one (SQLite answers or fails at once). */
    private timeoutMs: number | null,
  ) {
    this.kind = inner.kind;
    this.sharesReads = inner.sharesReads ?? false;
  }

  /** `write`: whether the call writes (a read that succeeds says nothing of a full disk). */
  private guard<T>(run: () => Promise<T>, write = true): Promise<T> {
    // A local store that is up (nearly every call) is only called: no clock read and no frame of the guard's own
    // (each attend makes five calls). What fails is refused as below.
    if (this.timeoutMs === null && this.state.ok) {
      try {
        return run().catch(this.refused);
      } catch (error) {
        return Promise.reject(this.refusal(error));
      }
    }
    return this.guardWatched(run, write);
  }

  private async guardWatched<T>(run: () => Promise<T>, write: boolean): Promise<T> {
    const down = this.state.failFast(write);
    if (down) throw storeUnavailable(down);
    this.state.tried();
    let timer: NodeJS.Timeout | undefined;
    try {
      const result =
        this.timeoutMs === null
          ? await run()
          : await Promise.race([
              run(),
              new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new StoreTimeout(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs!))),
            ]);
      this.state.succeeded(write);
      return result;
    } catch (error) {
      // A remote store's write that was sent and never answered may have been applied: its 503 does not say otherwise.
      throw this.refusal(error, write && this.timeoutMs !== null);
    } finally {
      clearTimeout(timer);
    }
  }

  /** What a failed call throws: a 503 (the outage noted) when the error means the store is down, else the error itself. */
  private refusal(error: unknown, sentWrite = false): unknown {
    const kind = outageOf(error);
    if (!kind) return error;
    this.state.failed(kind);
    return sentWrite ? writeUnanswered(kind) : storeUnavailable(kind);
  }

  private refused = (error: unknown): never => {
    throw this.refusal(error);
  };

  get = (key: string) => this.guard(() => this.inner.get(key), false);
  set = (key: string, value: unknown) => this.guard(() => this.inner.set(key, value));
  update = <T>(key: string, change: Change<T>) => this.guard(() => this.inner.update(key, change));
  insertIfAbsent = (key: string, value: unknown) => this.guard(() => this.inner.insertIfAbsent(key, value));
  increment = (key: string, by: number) => this.guard(() => this.inner.increment(key, by));
  remove = (key: string) => this.guard(() => this.inner.remove(key));
  keys = (prefix: string) => this.guard(() => this.inner.keys(prefix), false);
  sortedPut = (name: string, member: string, score: number, value: unknown, onlyIfHigher: boolean) =>
    this.guard(() => this.inner.sortedPut(name, member, score, value, onlyIfHigher));
  sortedRange = (name: string, query: RangeQuery): Promise<SortedEntry<unknown>[]> => this.guard(() => this.inner.sortedRange(name, query), false);
  sortedCount = (name: string, range: ScoreRange) => this.guard(() => this.inner.sortedCount(name, range), false);
  sortedRemove = (name: string, member: string) => this.guard(() => this.inner.sortedRemove(name, member));
  sortedRemoveRange = (name: string, range: ScoreRange) => this.guard(() => this.inner.sortedRemoveRange(name, range));

  /** While the store is down, caches keep what they hold: the counter stays where it was rather than failing their reads. */
  async changeCounter(): Promise<number> {
    try {
      return (this.lastCounter = await this.guard(() => this.inner.changeCounter(), false));
    } catch (error) {
      if (outageOf(error) !== null || this.state.reason) return this.lastCounter;
      throw error;
    }
  }

  ready(timeoutMs: number): Promise<void> {
    return this.inner.ready?.(timeoutMs) ?? Promise.resolve();
  }

  /** Before anyone is served, a remote store's slow answer is waited for (up to `budgetMs` a call), not refused. */
  patientUntilStarted(budgetMs: number): () => void {
    const usual = this.timeoutMs;
    if (usual !== null) this.timeoutMs = Math.max(usual, budgetMs);
    const innerStarted = this.inner.patientUntilStarted?.(budgetMs);
    return () => {
      this.timeoutMs = usual;
      innerStarted?.();
    };
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
