// The sorted puts of one group commit (sqlite-batch.ts), applied to what each member holds as they come and
// written once per member before the commit (or before any other write of the batch, which keeps the order
// of writes). A visit is two puts of one member in one turn (services/presence.ts: one at the window's edge,
// telling whether the visit adds a soul, one at the visit): as two upserts each moved an index entry; now
// they are one read and one write. Each put answers as its own upsert would have, and the rows end the same.
import type Database from "libsql";

interface Held {
  name: string;
  member: string;
  /** null: no row. */
  score: number | null;
  value: string;
  changed: boolean;
}

export class SortedPuts {
  /** By name, then member (either may hold any character). */
  private held = new Map<string, Map<string, Held>>();

  constructor(
    /** SELECT score … WHERE name = ? AND member = ?, in raw mode. */
    private readScore: Database.Statement,
    /** The unconditional upsert of (name, member, score, value). */
    private upsert: Database.Statement,
  ) {}

  /** A put inside the batch: whether it changes the row (`onlyIfHigher`: only a higher score does). */
  put(name: string, member: string, score: number, value: string, onlyIfHigher: boolean): boolean {
    const members = this.held.get(name) ?? this.held.set(name, new Map()).get(name)!;
    let row = members.get(member);
    if (!row) {
      const found = this.readScore.get(name, member) as [number] | undefined;
      members.set(member, (row = { name, member, score: found ? found[0] : null, value: "", changed: false }));
    }
    // As the upsert's `WHERE excluded.score > sorted.score`.
    if (onlyIfHigher && row.score !== null && !(score > row.score)) return false;
    row.score = score;
    row.value = value;
    row.changed = true;
    return true;
  }

  /** Writes every changed row (inside the batch's transaction) and forgets them all. */
  write(): void {
    const held = this.held;
    if (!held.size) return;
    this.held = new Map();
    for (const members of held.values()) for (const row of members.values()) if (row.changed) this.upsert.run(row.name, row.member, row.score, row.value);
  }

  /** The batch was rolled back: nothing held was written. */
  discard(): void {
    this.held = new Map();
  }
}
