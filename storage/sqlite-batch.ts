// Group commit for SQLite: blind writes (set, remove, sorted put) issued during one turn of the event loop
// are committed together, in one transaction: one WAL append and one lock instead of one per write. Each
// promise settles only after that commit, so an acknowledged write is exactly as durable as a lone one.
import type Database from "libsql";
import { atTurnEnd } from "../core/turn-end.ts";

interface Pending {
  write: () => unknown;
  /** A sorted put, held by `held` until the next other write or the commit. */
  held: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class WriteBatch {
  private pending: Pending[] | null = null;

  constructor(
    private db: Database.Database,
    private held?: { write(): void; discard(): void },
  ) {}

  /**
   * Runs `write` inside the next group commit (at most one turn of the event loop away). `held`: the write only
   * records into `held` (sqlite-sorted-puts.ts), written out before any other write and before the commit.
   */
  add<T>(write: () => T, held = false): Promise<T> {
    if (!this.pending) {
      this.pending = [];
      // At the turn's end, before the answers finished in the turn are written (core/turn-end.ts).
      atTurnEnd(() => this.flush());
    }
    return new Promise<T>((resolve, reject) => this.pending!.push({ write, held, resolve: resolve as (value: unknown) => void, reject }));
  }

  /** Commit what is waiting now (also before the connection closes). */
  flush(): void {
    const batch = this.pending;
    if (!batch) return;
    this.pending = null;
    const results: unknown[] = [];
    try {
      this.db.exec("BEGIN IMMEDIATE");
      for (const item of batch) {
        if (!item.held) this.held?.write();
        results.push(item.write());
      }
      this.held?.write();
      this.db.exec("COMMIT");
    } catch (error) {
      this.held?.discard();
      if (this.db.inTransaction) this.db.exec("ROLLBACK");
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => item.resolve(results[i]));
  }
}
