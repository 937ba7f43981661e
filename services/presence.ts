// Presence: who attended in the last 24 hours (decisions §13: unique names, trimmed and case-folded).
// Each name's last visit is stored under its own key, so a visit is one small write; the count is
// kept in memory with an expiry queue, so reading it is O(1) amortized, never a scan of all visits.
import { foldText } from "../core/text.ts";
import { createHash } from "node:crypto";
import type { KeyValueStore, SharedRedis } from "../storage/kv.ts";

export const PRESENCE_WINDOW_MS = 24 * 3600_000;

export function presenceName(name: string): string {
  return foldText(name);
}

const keyOf = (name: string) => `presence:${createHash("sha256").update(name).digest("hex").slice(0, 32)}`;

/** Who attended: a name's visits, and the count of unique names over the last 24 hours. */
export interface Presence {
  load(now: Date): Promise<void>;
  record(name: string, at: Date): Promise<void>;
  count(now: Date): Promise<number>;
}

/**
 * Presence shared by several processes on Redis: a sorted set of names scored by their last visit.
 * A visit is one ZADD (GT keeps the latest) and the count trims expired names then reads ZCARD: O(log n).
 */
export class RedisPresence implements Presence {
  constructor(private redis: SharedRedis) {}

  private get key() {
    return `${this.redis.prefix}presence:zset`;
  }

  async load(): Promise<void> {}

  async record(rawName: string, at: Date): Promise<void> {
    const name = presenceName(rawName);
    if (name) await this.redis.client.zadd(this.key, "GT", at.getTime(), name);
  }

  async count(now: Date): Promise<number> {
    await this.redis.client.zremrangebyscore(this.key, "-inf", now.getTime() - PRESENCE_WINDOW_MS);
    return this.redis.client.zcount(this.key, `(${now.getTime() - PRESENCE_WINDOW_MS}`, "+inf");
  }
}

/** Presence for one process (files or memory): an in-memory index rebuilt from storage at startup. */
export class PresenceStore implements Presence {
  private lastSeen = new Map<string, number>();
  private queue: Array<{ name: string; at: number }> = [];
  private head = 0;

  constructor(private kv: KeyValueStore) {}

  /** Rebuild the in-memory index from storage (at startup), dropping visits older than the window. */
  async load(now: Date): Promise<void> {
    const entries: Array<{ name: string; at: number }> = [];
    for (const key of await this.kv.keys("presence")) {
      const value = await this.kv.get<{ name: string; at: number }>(key);
      if (!value) continue;
      if (value.at <= now.getTime() - PRESENCE_WINDOW_MS) await this.kv.remove(key);
      else entries.push(value);
    }
    entries.sort((a, b) => a.at - b.at);
    for (const e of entries) this.remember(e.name, e.at);
  }

  async record(rawName: string, at: Date): Promise<void> {
    const name = presenceName(rawName);
    if (!name) return;
    // A visitor seen within the last minute changes nothing that matters for a 24-hour window: skip the write.
    const seen = this.lastSeen.get(name);
    if (seen !== undefined && at.getTime() - seen < 60_000 && at.getTime() >= seen) return;
    this.remember(name, at.getTime());
    await this.kv.set(keyOf(name), { name, at: at.getTime() });
  }

  /** Unique visitors within the window ending at `now`. */
  async count(now: Date): Promise<number> {
    return this.countNow(now);
  }

  private countNow(now: Date): number {
    const horizon = now.getTime() - PRESENCE_WINDOW_MS;
    while (this.head < this.queue.length && this.queue[this.head].at <= horizon) {
      const { name, at } = this.queue[this.head++];
      if (this.lastSeen.get(name) === at) this.lastSeen.delete(name);
    }
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    return this.lastSeen.size;
  }

  private remember(name: string, at: number): void {
    if ((this.lastSeen.get(name) ?? -Infinity) >= at) return;
    this.lastSeen.set(name, at);
    this.queue.push({ name, at });
  }
}
