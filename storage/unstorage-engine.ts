// The storage contract over any unstorage driver (memory, fs, or any other the operator hands in), for
// one process only. Plain keys go straight through as items; `update`, `insertIfAbsent` and `increment`
// are made atomic by a per-key lock in this process, and sorted collections are kept one item per member
// and read by scanning the collection. No driver offers compare-and-set, so nothing here holds across
// processes: the cluster refuses this engine (server-cluster.ts), and SQLite or Redis serve that case.
import { createHash } from "node:crypto";
import type { Driver } from "unstorage";
import { KeyedMutex } from "../core/keyed-mutex.ts";
import { decodeStored, encode, highest, lowest, type Change, type Engine, type RangeQuery, type ScoreRange, type SortedEntry } from "./engine.ts";

/**
 * One item name segment: percent-encoded, dots and tildes too, so a segment is never `.`/`..`, never holds
 * a `:` or `/` the driver would split on, and never a `?` that unstorage would cut the key at.
 */
const segment = (text: string) => encodeURIComponent(text).replace(/[.~!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Above this an item name may not fit a file name (255 bytes): the item is named by a hash and carries its key. */
const LONGEST_NAME = 180;

interface Named {
  /** The item's name under the namespace. */
  name: string;
  /** True when the name is a hash: the item then holds `{key, text}` so the key can be listed. */
  hashed: boolean;
}

function nameOf(key: string): Named {
  const name = segment(key);
  if (name.length <= LONGEST_NAME) return { name, hashed: false };
  return { name: `${name.slice(0, 100)}~${createHash("sha256").update(key).digest("base64url")}`, hashed: true };
}

interface StoredMember {
  score: number;
  /** The member's value as JSON text, as every engine keeps it. */
  value: string;
}

interface Wrapped {
  key: string;
  text: string;
}

const byScore = (a: SortedEntry<unknown>, b: SortedEntry<unknown>) => a.score - b.score || (a.member < b.member ? -1 : a.member > b.member ? 1 : 0);

export class UnstorageEngine implements Engine {
  readonly kind = "unstorage" as const;
  readonly redis = null;
  private readonly locks = new KeyedMutex();
  private changes = 0;

  private readonly driverReady: Promise<Driver>;

  /** A driver, or a promise of one (the built-in drivers are imported only when chosen). */
  constructor(driver: Driver | Promise<Driver>) {
    this.driverReady = Promise.resolve(driver);
  }

  /** The item's text, or null when absent (drivers that parse what they read hand back a value: it is encoded again). */
  private async textAt(item: string): Promise<string | null> {
    const raw: unknown = await (await this.driverReady).getItem(item, {});
    if (raw === null || raw === undefined) return null;
    return typeof raw === "string" ? raw : JSON.stringify(raw);
  }

  private async put(item: string, text: string): Promise<void> {
    await (
      await this.driverReady
    ).setItem!(item, text, {});
    this.changes++;
  }

  /** Removes an item; false when there was none. */
  private async drop(item: string): Promise<boolean> {
    const driver = await this.driverReady;
    if (!(await driver.hasItem(item, {}))) return false;
    await driver.removeItem!(item, {});
    this.changes++;
    return true;
  }

  // Values: `k:<name>`; members of sorted collection N: `z:<segment(N)>:<name of member>`. Two levels at
  // most, so a file-backed driver never needs one path as both a file and a folder.
  private async readText(item: string, hashed: boolean): Promise<string | null> {
    const text = await this.textAt(item);
    return text !== null && hashed ? (JSON.parse(text) as Wrapped).text : text;
  }

  private writeText(item: string, hashed: boolean, key: string, text: string): Promise<void> {
    return this.put(item, hashed ? JSON.stringify({ key, text } satisfies Wrapped) : text);
  }

  private async read(key: string): Promise<string | null> {
    const { name, hashed } = nameOf(key);
    return this.readText(`k:${name}`, hashed);
  }

  private write(key: string, value: unknown): Promise<void> {
    const { name, hashed } = nameOf(key);
    return this.writeText(`k:${name}`, hashed, key, encode(value));
  }

  async get(key: string): Promise<unknown> {
    return decodeStored(key, await this.read(key));
  }

  set(key: string, value: unknown): Promise<void> {
    return this.locks.run(key, () => this.write(key, value));
  }

  update<T>(key: string, change: Change<T>): Promise<T> {
    return this.locks.run(key, async () => {
      const next = await change((await this.get(key)) as T | null);
      await this.write(key, next);
      return next;
    });
  }

  insertIfAbsent(key: string, value: unknown): Promise<{ value: unknown; created: boolean }> {
    return this.locks.run(key, async () => {
      const current = await this.read(key);
      if (current !== null) return { value: decodeStored(key, current), created: false };
      await this.write(key, value);
      return { value: JSON.parse(encode(value)), created: true };
    });
  }

  increment(key: string, by: number): Promise<number> {
    return this.locks.run(key, async () => {
      const current = (await this.get(key)) ?? 0;
      if (!Number.isInteger(current)) throw new TypeError(`${key} does not hold an integer`);
      await this.write(key, (current as number) + by);
      return (current as number) + by;
    });
  }

  remove(key: string): Promise<void> {
    return this.locks.run(key, async () => void (await this.drop(`k:${nameOf(key).name}`)));
  }

  /** Item names under `base` (`k` or `z:<collection>`), the driver's separators read as `:`. */
  private async namesUnder(base: string): Promise<string[]> {
    const all = await (await this.driverReady).getKeys(base, {});
    const start = `${base}:`;
    return all
      .map((k) => k.replace(/[/\\]/g, ":"))
      .flatMap((k) => (k.startsWith(start) && !k.slice(start.length).includes(":") ? [k.slice(start.length)] : []));
  }

  async keys(prefix: string): Promise<string[]> {
    const keys = await Promise.all(
      (await this.namesUnder("k")).map(async (name) =>
        name.includes("~") ? (JSON.parse((await this.textAt(`k:${name}`))!) as Wrapped).key : decodeURIComponent(name),
      ),
    );
    return keys.filter((k) => !prefix || k.startsWith(`${prefix}:`)).sort();
  }

  private collection(name: string) {
    return `z:${segment(name)}`;
  }

  sortedPut(name: string, member: string, score: number, value: unknown, onlyIfHigher: boolean): Promise<boolean> {
    const { name: memberName, hashed } = nameOf(member);
    const item = `${this.collection(name)}:${memberName}`;
    return this.locks.run(item, async () => {
      if (onlyIfHigher) {
        const current = await this.readText(item, hashed);
        if (current !== null && (JSON.parse(current) as StoredMember).score >= score) return false;
      }
      await this.writeText(item, hashed, member, JSON.stringify({ score, value: encode(value) } satisfies StoredMember));
      return true;
    });
  }

  /** Every member of a collection within the range: a scan of the collection, in no particular order. */
  private async within(name: string, range: ScoreRange): Promise<SortedEntry<unknown>[]> {
    const base = this.collection(name);
    const [from, to] = [lowest(range), highest(range)];
    const entries = await Promise.all(
      (await this.namesUnder(base)).map(async (memberName) => {
        const text = await this.textAt(`${base}:${memberName}`);
        if (text === null) return null;
        const hashed = memberName.includes("~");
        const member = hashed ? (JSON.parse(text) as Wrapped).key : decodeURIComponent(memberName);
        const stored = JSON.parse(hashed ? (JSON.parse(text) as Wrapped).text : text) as StoredMember;
        return { member, score: stored.score, value: JSON.parse(stored.value) as unknown };
      }),
    );
    return entries.filter((e): e is SortedEntry<unknown> => e !== null && e.score >= from && e.score <= to);
  }

  async sortedRange(name: string, query: RangeQuery): Promise<SortedEntry<unknown>[]> {
    const entries = (await this.within(name, query)).sort(byScore);
    if (query.order === "desc") entries.reverse();
    return entries.slice(0, query.limit ?? Infinity);
  }

  async sortedCount(name: string, range: ScoreRange): Promise<number> {
    return (await this.within(name, range)).length;
  }

  /** Removes a member; with a range, only while its score still lies in it (it may have moved since the scan). */
  private removeMember(name: string, member: string, range?: ScoreRange): Promise<boolean> {
    const { name: memberName, hashed } = nameOf(member);
    const item = `${this.collection(name)}:${memberName}`;
    return this.locks.run(item, async () => {
      const current = await this.readText(item, hashed);
      if (current === null) return false;
      const { score } = JSON.parse(current) as StoredMember;
      if (range && (score < lowest(range) || score > highest(range))) return false;
      return this.drop(item);
    });
  }

  sortedRemove(name: string, member: string): Promise<boolean> {
    return this.removeMember(name, member);
  }

  async sortedRemoveRange(name: string, range: ScoreRange): Promise<number> {
    const gone = await this.within(name, range);
    const removed = await Promise.all(gone.map((e) => this.removeMember(name, e.member, range)));
    return removed.filter(Boolean).length;
  }

  /** Counts this process's writes: there is no other process to hear from. */
  async changeCounter(): Promise<number> {
    return this.changes;
  }

  async close(): Promise<void> {
    await (await this.driverReady).dispose?.();
  }
}
