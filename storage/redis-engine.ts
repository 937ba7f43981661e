// Redis, shared by several processes. Every atomic operation is one command or one Lua script, so none
// holds per-connection state: there is no WATCH, nothing serializes unrelated keys behind one another, and
// a read-modify-write that loses a race retries alone (its key's queue waits, no other request does).
import { createHash } from "node:crypto";
import type * as Ioredis from "ioredis";
import type { Redis } from "ioredis";
import { requiredOnce } from "../core/load-once.ts";
import { backoff, decodeStored, encode, highest, lowest, type Change, type Engine, type RangeQuery, type ScoreRange, type SortedEntry } from "./engine.ts";
import { SCRIPTS, type Scripted } from "./redis-scripts.ts";

/**
 * ioredis, loaded by the first Redis engine made: a start on SQLite (the default) never loads it (39 ms and 12 MB of
 * RSS loaded alone, docs/performance.md). Synchronously, as a store opens synchronously; ioredis is CommonJS.
 */
const loadIoredis = requiredOnce<typeof Ioredis>("ioredis");

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");
/** Redis spells the open ends of a score range -inf and +inf. */
const bound = (n: number) => (n === -Infinity ? "-inf" : n === Infinity ? "+inf" : String(n));
const globEscape = (s: string) => s.replace(/[*?[\]\\]/g, "\\$&");

/** Redis's answers to a connection whose credentials it refuses (ACL users and requirepass alike). */
export const AUTH_REFUSED = /WRONGPASS|NOAUTH|invalid password|invalid username-password/i;

export class RedisEngine implements Engine {
  readonly kind = "redis" as const;
  private client: Redis & Scripted;
  /** Every key is `<base>:<key>`. */
  private prefix: string;
  /** Every write also bumps this one key: the change signal, in the same atomic step as the write. */
  private changesKey: string;
  private lastError: string | null = null;

  constructor(url: string, base = "sanctuary") {
    const { Redis } = loadIoredis();
    // Fail fast rather than queue (docs/behaviour.md §10): no offline queue, one retry, a second to connect and
    // to answer, and nothing sent before a disconnect is sent again after it (a write the caller was told had
    // failed must never be applied later). Reconnects go on in the background, a little slower each time.
    this.client = new Redis(url, {
      // Queued only until the first connection (a store opened and used at once, as tests and CLIs do); from
      // then on a command while disconnected fails at once.
      enableOfflineQueue: true,
      maxRetriesPerRequest: 1,
      connectTimeout: 1000,
      commandTimeout: 1000,
      autoResendUnfulfilledCommands: false,
      retryStrategy: (times) => Math.min(100 * times, 2000),
    }) as Redis & Scripted;
    this.client.once("ready", () => (this.client.options.enableOfflineQueue = false));
    // Errors reach the callers of each command; an unhandled 'error' event would only repeat them in the log.
    // The last is kept to say why a start could not connect (ready).
    this.client.on("error", (error: Error) => (this.lastError = error.message));
    for (const [name, script] of Object.entries(SCRIPTS)) this.client.defineCommand(name, script);
    this.prefix = `${base}:`;
    this.changesKey = `${base}~changes`;
    this.sortedBase = `${base}~sorted:`;
  }

  /** Sorted collections live beside the key space (`sanctuary~sorted:<name>`), so keys() never lists them. */
  private readonly sortedBase: string;
  private zset = (name: string) => this.sortedBase + name;
  private zvalues = (name: string) => `${this.sortedBase}${name}~values`;
  private full = (key: string) => this.prefix + key;

  /**
   * The layout before sorted collections: a bare Redis sorted set `<base>:<name>:zset` (presence kept its
   * visitors so). Moved into the collection, highest score kept, once per collection and process, before the
   * collection is first read or written; any process may do it, and doing it twice changes nothing.
   */
  private moved = new Map<string, Promise<void>>();
  private collection(name: string): Promise<void> {
    let moved = this.moved.get(name);
    if (!moved) {
      moved = this.moveEarlierLayout(name).catch((error) => {
        this.moved.delete(name);
        throw error;
      });
      this.moved.set(name, moved);
    }
    return moved;
  }
  private async moveEarlierLayout(name: string): Promise<void> {
    const earlier = this.full(`${name}:zset`);
    const flat = await this.client.zrange(earlier, 0, -1, "WITHSCORES");
    for (let i = 0; i < flat.length; i += 2)
      await this.client.sanctuarySortedPut(this.zset(name), this.zvalues(name), this.changesKey, flat[i]!, Number(flat[i + 1]), encode(null), "1");
    if (flat.length) await this.client.del(earlier);
  }

  async get(key: string): Promise<unknown> {
    return decodeStored(key, await this.client.get(this.full(key)));
  }

  private async exec(multi: ReturnType<Redis["multi"]>): Promise<unknown[]> {
    const results = (await multi.exec()) ?? [];
    for (const [error] of results) if (error) throw error;
    return results.map(([, value]) => value);
  }

  async set(key: string, value: unknown): Promise<void> {
    await this.exec(this.client.multi().set(this.full(key), encode(value)).incr(this.changesKey));
  }

  async update<T>(key: string, change: Change<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const raw = await this.client.get(this.full(key));
      const next = await change(decodeStored(key, raw) as T | null);
      // The script writes only if the key still holds what was read (compared by SHA-1), in one step.
      const written = await this.client.sanctuaryCompareAndSet(this.full(key), this.changesKey, raw === null ? "" : sha1(raw), encode(next));
      if (written === 1) return next;
      if (attempt === 20) throw new Error(`could not update ${key}: other processes kept writing it`);
      await backoff(attempt);
    }
  }

  async insertIfAbsent(key: string, value: unknown): Promise<{ value: unknown; created: boolean }> {
    // SET NX then GET: if the winner's value was removed in between, try again rather than report nothing.
    for (;;) {
      const [won] = await this.exec(this.client.multi().set(this.full(key), encode(value), "NX").incr(this.changesKey));
      if (won === "OK") return { value, created: true };
      const raw = await this.client.get(this.full(key));
      if (raw !== null) return { value: decodeStored(key, raw), created: false };
    }
  }

  async increment(key: string, by: number): Promise<number> {
    if (!Number.isSafeInteger(by)) throw new TypeError("increments are integers");
    const [value] = await this.exec(this.client.multi().incrby(this.full(key), by).incr(this.changesKey));
    return value as number;
  }

  async remove(key: string): Promise<void> {
    await this.exec(this.client.multi().unlink(this.full(key)).incr(this.changesKey));
  }

  async keys(prefix: string): Promise<string[]> {
    const pattern = `${globEscape(prefix ? `${this.full(prefix)}:` : this.prefix)}*`;
    // SCAN in steps of 1000 keys: never one blocking KEYS over the whole database. A key may come twice.
    const found = new Set<string>();
    let cursor = "0";
    do {
      const [next, batch] = await this.client.scan(cursor, "MATCH", pattern, "COUNT", 1000);
      for (const k of batch) found.add(k.slice(this.prefix.length));
      cursor = next;
    } while (cursor !== "0");
    return [...found].sort();
  }

  async sortedPut(name: string, member: string, score: number, value: unknown, onlyIfHigher: boolean): Promise<boolean> {
    await this.collection(name);
    return (
      (await this.client.sanctuarySortedPut(this.zset(name), this.zvalues(name), this.changesKey, member, score, encode(value), onlyIfHigher ? "1" : "0")) === 1
    );
  }

  async sortedRange(name: string, query: RangeQuery): Promise<SortedEntry<unknown>[]> {
    await this.collection(name);
    const flat = await this.client.sanctuarySortedRange(
      this.zset(name),
      this.zvalues(name),
      bound(lowest(query)),
      bound(highest(query)),
      query.order ?? "asc",
      query.limit ?? -1,
    );
    const out: SortedEntry<unknown>[] = [];
    for (let i = 0; i < flat.length; i += 3) out.push({ member: flat[i]!, score: Number(flat[i + 1]), value: decodeStored(`${name}/${flat[i]}`, flat[i + 2]) });
    return out;
  }

  async sortedCount(name: string, range: ScoreRange): Promise<number> {
    await this.collection(name);
    return this.client.zcount(this.zset(name), bound(lowest(range)), bound(highest(range)));
  }

  async sortedRemove(name: string, member: string): Promise<boolean> {
    await this.collection(name);
    const [removed] = await this.exec(this.client.multi().zrem(this.zset(name), member).hdel(this.zvalues(name), member).incr(this.changesKey));
    return removed === 1;
  }

  async sortedRemoveRange(name: string, range: ScoreRange): Promise<number> {
    await this.collection(name);
    return this.client.sanctuarySortedRemoveRange(this.zset(name), this.zvalues(name), this.changesKey, bound(lowest(range)), bound(highest(range)));
  }

  async changeCounter(): Promise<number> {
    return Number((await this.client.get(this.changesKey)) ?? 0);
  }

  /** ioredis reads its command timeout as it sends each command: the start's (storage/engine.ts) is longer. */
  patientUntilStarted(budgetMs: number): () => void {
    const usual = this.client.options.commandTimeout;
    this.client.options.commandTimeout = Math.max(usual ?? 0, budgetMs);
    return () => void (this.client.options.commandTimeout = usual);
  }

  /**
   * Connected and ready for commands, on the database the address names: ioredis selects it as it connects but
   * goes on in database 0 when Redis refuses it (`/99` on a Redis of 16), which would mix this state into another's.
   */
  async ready(timeoutMs: number): Promise<void> {
    if (this.client.status !== "ready") {
      // A refused password is an answer: said at once and as such, not as silence after the whole wait.
      const outcome = await new Promise<"ready" | "silent" | "refused">((resolve) => {
        const timer = setTimeout(() => settle("silent"), timeoutMs);
        const onReady = () => settle("ready");
        const onError = (error: Error) => AUTH_REFUSED.test(error.message) && settle("refused");
        function settle(how: "ready" | "silent" | "refused") {
          clearTimeout(timer);
          client.off("ready", onReady).off("error", onError);
          resolve(how);
        }
        const client = this.client.once("ready", onReady).on("error", onError);
      });
      if (outcome === "refused") throw new Error(`Redis refused the user or password in the address (${this.lastError})`);
      if (outcome === "silent") throw new Error(`Redis did not answer within ${timeoutMs / 1000} s${this.lastError ? ` (${this.lastError})` : ""}`);
    }
    const db = this.client.options.db ?? 0;
    if (db !== 0)
      await this.client.select(db).catch((error: unknown) => {
        throw new Error(`Redis refused database ${db} named in the address (${error instanceof Error ? error.message : String(error)})`);
      });
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}
