// Group commit for SQLite: blind writes (set, remove, sorted put) issued during one turn of the event loop
// are committed together, in one transaction: one WAL append and one lock instead of one per write. Each
// promise settles only after that commit, so an acknowledged write is exactly as durable as a lone one.
import type Database from "libsql";

interface Pending {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class WriteBatch {
  private pending: Pending[] | null = null;

  constructor(private db: Database.Database) {}

  /** Runs `write` inside the next group commit (at most one turn of the event loop away). */
  add<T>(write: () => T): Promise<T> {
    if (!this.pending) {
      this.pending = [];
      setImmediate(() => this.flush());
    }
    return new Promise<T>((resolve, reject) => this.pending!.push({ write, resolve: resolve as (value: unknown) => void, reject }));
  }

  /** Commit what is waiting now (also before the connection closes). */
  flush(): void {
    const batch = this.pending;
    if (!batch) return;
    this.pending = null;
    const results: unknown[] = [];
    try {
      this.db.exec("BEGIN IMMEDIATE");
      for (const item of batch) results.push(item.write());
      this.db.exec("COMMIT");
    } catch (error) {
      if (this.db.inTransaction) this.db.exec("ROLLBACK");
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => item.resolve(results[i]));
  }
}
