// The sorted puts of one group commit (sqlite-batch.ts), applied to what each member holds as they come and
// written once per member before the commit (or before any other write of the batch, which keeps the order
// of writes). A visit is two puts of one member in one turn (services/presence.ts: one at the window's edge,
// telling whether the visit adds a soul, one at the visit): as two upserts each moved an index entry; now
// they are one read and one write. Each put answers as its own upsert would have, and the rows end the same.
// A batch's members are read in one statement and written in one (a JSON list the statement walks): each call
// into the binding costs a few µs whatever it does, as much as a new row's own B-tree work.
import type Database from "libsql";

interface Held {
  name: string;
  member: string;
  /** null: no row. */
  score: number | null;
  value: string;
  changed: boolean;
}

/** The statements it runs (sqlite-schema.ts); those that read, in raw mode. */
export interface SortedPutStatements {
  /** SELECT score … WHERE name = ? AND member = ? */
  sortedScore: Database.Statement;
  /** SELECT place, score … for the members of a JSON list ?2 under name ?1 that have a row */
  sortedScores: Database.Statement;
  /** The unconditional upsert of (name, member, score, value). */
  sortedPut: Database.Statement;
  /** The same for a JSON list ?2 of [member, score, value] under name ?1. */
  sortedPutMany: Database.Statement;
}

export class SortedPuts {
  /** By name, then member (either may hold any character). */
  private held = new Map<string, Map<string, Held>>();
  /** The members the waiting batch puts, by name: read together at its first put. */
  private wanted = new Map<string, Set<string>>();

  constructor(private q: SortedPutStatements) {}

  /** A put joins the waiting batch (called as it is queued, before the batch runs). */
  want(name: string, member: string): void {
    const members = this.wanted.get(name) ?? this.wanted.set(name, new Set()).get(name)!;
    members.add(member);
  }

  /** A put inside the batch: whether it changes the row (`onlyIfHigher`: only a higher score does). */
  put(name: string, member: string, score: number, value: string, onlyIfHigher: boolean): boolean {
    let row = this.held.get(name)?.get(member);
    if (!row) {
      // The first put of the batch reads every wanted member. A member written out since (before another kind of
      // write, which may have changed it) is read again on its own.
      if (this.wanted.size) this.readWanted();
      row = this.held.get(name)?.get(member) ?? this.hold(name, member, this.readScore(name, member));
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
    for (const [name, members] of held) {
      // A JSON number is read back exactly only as an integer (SQLite's own parsing of a fraction may differ in
      // its last bit): other scores are bound one row at a time.
      const listed: Array<[string, number, string]> = [];
      for (const row of members.values()) {
        if (!row.changed) continue;
        if (Number.isSafeInteger(row.score) && !Object.is(row.score, -0)) listed.push([row.member, row.score!, row.value]);
        else this.q.sortedPut.run(name, row.member, row.score, row.value);
      }
      if (listed.length > 1) this.q.sortedPutMany.run(name, JSON.stringify(listed));
      else if (listed.length) this.q.sortedPut.run(name, ...listed[0]);
    }
  }

  /** The batch was rolled back: nothing held was written. */
  discard(): void {
    this.held = new Map();
    this.wanted = new Map();
  }

  private readWanted(): void {
    const wanted = this.wanted;
    this.wanted = new Map();
    for (const [name, members] of wanted) {
      if (members.size === 1) {
        const [member] = members;
        if (!this.held.get(name)?.has(member)) this.hold(name, member, this.readScore(name, member));
        continue;
      }
      const listed = [...members];
      const found = new Map(this.q.sortedScores.all(name, JSON.stringify(listed)) as Array<[number, number]>);
      listed.forEach((member, i) => this.held.get(name)?.has(member) || this.hold(name, member, found.get(i) ?? null));
    }
  }

  private readScore(name: string, member: string): number | null {
    const found = this.q.sortedScore.get(name, member) as [number] | undefined;
    return found ? found[0] : null;
  }

  private hold(name: string, member: string, score: number | null): Held {
    const members = this.held.get(name) ?? this.held.set(name, new Map()).get(name)!;
    const row: Held = { name, member, score, value: "", changed: false };
    members.set(member, row);
    return row;
  }
}
