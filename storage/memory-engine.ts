// The storage contract in this process's memory, for unit tests and throwaway runs. Values are kept as
// JSON text, so what a caller reads back is what SQLite or Redis would give (a copy, JSON types only).
import { decodeStored, encode, highest, lowest, type Change, type Engine, type RangeQuery, type ScoreRange, type SortedEntry } from "./engine.ts";

interface Member {
  score: number;
  value: string;
}

const byScore = (a: [string, Member], b: [string, Member]) => a[1].score - b[1].score || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

export class MemoryEngine implements Engine {
  readonly kind = "memory" as const;
  private values = new Map<string, string>();
  private sorted = new Map<string, Map<string, Member>>();
  private changes = 0;

  async get(key: string): Promise<unknown> {
    return decodeStored(key, this.values.get(key));
  }

  async set(key: string, value: unknown): Promise<void> {
    this.values.set(key, encode(value));
    this.changes++;
  }

  // One process, and KeyValueStore already serializes calls per key: read, await, write is atomic here.
  async update<T>(key: string, change: Change<T>): Promise<T> {
    const next = await change((await this.get(key)) as T | null);
    await this.set(key, next);
    return next;
  }

  async insertIfAbsent(key: string, value: unknown): Promise<{ value: unknown; created: boolean }> {
    if (this.values.has(key)) return { value: await this.get(key), created: false };
    await this.set(key, value);
    return { value: JSON.parse(this.values.get(key)!), created: true };
  }

  async increment(key: string, by: number): Promise<number> {
    const current = this.values.has(key) ? JSON.parse(this.values.get(key)!) : 0;
    if (!Number.isInteger(current)) throw new TypeError(`${key} does not hold an integer`);
    await this.set(key, current + by);
    return current + by;
  }

  async remove(key: string): Promise<void> {
    if (this.values.delete(key)) this.changes++;
  }

  async keys(prefix: string): Promise<string[]> {
    return [...this.values.keys()].filter((k) => !prefix || k.startsWith(`${prefix}:`)).sort();
  }

  private membersOf(name: string): Map<string, Member> {
    return this.sorted.get(name) ?? this.sorted.set(name, new Map()).get(name)!;
  }

  async sortedPut(name: string, member: string, score: number, value: unknown, onlyIfHigher: boolean): Promise<boolean> {
    const members = this.membersOf(name);
    const current = members.get(member);
    if (onlyIfHigher && current && current.score >= score) return false;
    members.set(member, { score, value: encode(value) });
    this.changes++;
    return true;
  }

  private within(name: string, range: ScoreRange): Array<[string, Member]> {
    const [from, to] = [lowest(range), highest(range)];
    return [...(this.sorted.get(name) ?? [])].filter(([, m]) => m.score >= from && m.score <= to);
  }

  // A sort per query: fine for the sizes tests use; SQLite and Redis read an ordered index instead.
  async sortedRange(name: string, query: RangeQuery): Promise<SortedEntry<unknown>[]> {
    const entries = this.within(name, query).sort(byScore);
    if (query.order === "desc") entries.reverse();
    return entries.slice(0, query.limit ?? Infinity).map(([member, m]) => ({ member, score: m.score, value: JSON.parse(m.value) }));
  }

  async sortedCount(name: string, range: ScoreRange): Promise<number> {
    return this.within(name, range).length;
  }

  async sortedRemove(name: string, member: string): Promise<boolean> {
    const removed = this.sorted.get(name)?.delete(member) ?? false;
    if (removed) this.changes++;
    return removed;
  }

  async sortedRemoveRange(name: string, range: ScoreRange): Promise<number> {
    const gone = this.within(name, range);
    for (const [member] of gone) this.sorted.get(name)!.delete(member);
    if (gone.length) this.changes++;
    return gone.length;
  }

  async changeCounter(): Promise<number> {
    return this.changes;
  }

  async close(): Promise<void> {}
}
