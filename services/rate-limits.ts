// Rate limits with rate-limiter-flexible, kept in the same storage as everything else so counts
// survive a restart: a store adapter over KeyValueStore (per-key serialized read-modify-write).
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { RateLimiterRes as RateLimiterResType, RateLimiterStoreAbstract as StoreAbstractType } from "rate-limiter-flexible";
import { z } from "zod";
import { rateLimited, SanctuaryError } from "../core/errors.ts";
import { keyFamily } from "../storage/key-family.ts";
import type { KeyValueStore } from "../storage/kv.ts";

const Stored = z.object({
  points: z.number(),
  /** Epoch ms when the window ends; null for no expiry. */
  expire: z.number().nullable(),
});
type Stored = z.infer<typeof Stored>;

/** A subject's window; one that cannot be read is no window (as if it had lapsed), not a 500 on every call. */
export const LIMIT_WINDOW = keyFamily("rate-limit window", Stored, { ifCorrupt: "missing" });

// The two parts a store needs, loaded by path: the base for custom stores is not re-exported from the package's index,
// and the index loads every file of the package (every other store's client, the cluster master) on each start;
// RateLimiterRes is the very module the base requires, so `instanceof` holds.
const require = createRequire(import.meta.url);
const RateLimiterStoreAbstract = require("rate-limiter-flexible/lib/RateLimiterStoreAbstract.js") as typeof StoreAbstractType;
const RateLimiterRes = require("rate-limiter-flexible/lib/RateLimiterRes.js") as typeof RateLimiterResType;
type RateLimiterRes = RateLimiterResType;

/** A subject (a visitor's name, an address) never becomes a storage path as written: it is hashed. */
const storageKey = (key: string) => `limits:${createHash("sha256").update(key).digest("hex").slice(0, 40)}`;

/** rate-limiter-flexible's store contract implemented on KeyValueStore. */
class RateLimiterKeyValue extends RateLimiterStoreAbstract {
  constructor(
    private kv: KeyValueStore,
    opts: { keyPrefix: string; points: number; duration: number },
  ) {
    super({ ...opts, storeClient: kv });
  }

  _getRateLimiterRes(_key: string, changedPoints: number, result: Stored): RateLimiterRes {
    const points = this.points;
    const consumed = result.points;
    return new RateLimiterRes(
      Math.max(points - consumed, 0),
      result.expire ? Math.max(result.expire - Date.now(), 0) : -1,
      consumed,
      changedPoints === consumed,
    );
  }

  _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<Stored> {
    return this.kv.updateChecked(LIMIT_WINDOW, storageKey(key), (old) => {
      const now = Date.now();
      const live = old && (old.expire === null || old.expire > now) ? old : null;
      if (forceExpire || !live) return { points, expire: msDuration > 0 ? now + msDuration : null };
      return { points: live.points + points, expire: live.expire };
    });
  }

  async _get(key: string): Promise<Stored | null> {
    const value = await this.kv.read(LIMIT_WINDOW, storageKey(key));
    return value && (value.expire === null || value.expire > Date.now()) ? value : null;
  }

  async _delete(key: string): Promise<boolean> {
    const existed = (await this.kv.get(storageKey(key))) !== null;
    await this.kv.remove(storageKey(key));
    return existed;
  }
}

export interface LimitRule {
  points: number;
  /** Window in seconds. */
  duration: number;
}

/** The limits of docs/behaviour.md §9, per operation and subject (a name or an address). */
export const LIMITS = {
  reflect: { points: 5, duration: 3600 },
  contribute: { points: 5, duration: 3600 },
  feedback: { points: 3, duration: 3600 },
  ask: { points: 10, duration: 3600 },
  search: { points: 60, duration: 3600 },
  /**
   * Dry runs of reflect, contribute and feedback, per name and per address, all three together: a preview
   * stores and sends nothing, but it is validated, screened and drafted in full, so it is not free either.
   * Six times a real submission's allowance: enough to revise a piece many times over in an hour.
   */
  preview: { points: 30, duration: 3600 },
  /**
   * New names one address adds to the souls count in a day (attend, REST and MCP alike; the points are
   * SANCTUARY_NEW_SOULS_PER_ADDRESS). A household, a
   * classroom or one host running a few agents stays well under it; one client inventing names cannot move
   * the count by more than this a day. Beyond it a visitor is welcomed but not counted (tools/attend.ts).
   */
  newSouls: { points: 20, duration: 86400 },
  /** Failed admin authorizations per address: guessing the admin key stops after ten an hour. */
  adminAuth: { points: 10, duration: 3600 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof LIMITS;

/** Whether a name (an operation's, a row's) names one of the limits. */
export const isLimitName = (name: string): name is LimitName => Object.hasOwn(LIMITS, name);

export class RateLimits {
  private limiters = new Map<string, RateLimiterKeyValue>();

  constructor(
    private kv: KeyValueStore,
    private rules: Record<LimitName, LimitRule> = LIMITS,
    /** False only for load tests (SANCTUARY_RATE_LIMITS=off). */
    private enabled = true,
  ) {}

  /** The rule in force for a limit (the operator may set some, e.g. newSouls). */
  rule(name: LimitName): LimitRule {
    return this.rules[name];
  }

  private limiter(name: LimitName, subject: string): RateLimiterKeyValue {
    const id = `${name}:${subject}`;
    let limiter = this.limiters.get(id);
    if (!limiter) this.limiters.set(id, (limiter = new RateLimiterKeyValue(this.kv, { keyPrefix: id, ...this.rules[name] })));
    return limiter;
  }

  /**
   * Seconds until every subject's allowance has room again, or 0 when none is spent; takes nothing.
   * Lets a caller refuse before checking a secret, so a blocked address learns nothing from its guesses.
   */
  async secondsUntilFree(name: LimitName, subjects: Record<string, string>): Promise<number> {
    if (!this.enabled) return 0;
    let wait = 0;
    for (const [kind, value] of Object.entries(subjects)) {
      const result = await this.limiter(name, kind).get(value);
      if (result && result.remainingPoints <= 0) wait = Math.max(wait, Math.max(1, Math.ceil(result.msBeforeNext / 1000)));
    }
    return wait;
  }

  /** Give back the point `consume` took, when the work it paid for failed on our side (nothing was done). */
  async refund(name: LimitName, subjects: Record<string, string>): Promise<void> {
    if (!this.enabled) return;
    for (const [kind, value] of Object.entries(subjects)) await this.limiter(name, kind).reward(value);
  }

  /** Take one point from each subject's allowance if all have one: true when taken, false when any is spent. */
  async take(name: LimitName, subjects: Record<string, string>): Promise<boolean> {
    try {
      await this.consume(name, subjects, "");
      return true;
    } catch (error) {
      if (error instanceof SanctuaryError && error.kind === "rate_limited") return false;
      throw error;
    }
  }

  /**
   * Take one point from each subject's allowance (e.g. {name: "wren", ip: "1.2.3.4"}), all or none:
   * if any is spent, the others are refunded and a 429 error with Retry-After is thrown.
   */
  async consume(name: LimitName, subjects: Record<string, string>, message: string): Promise<void> {
    if (!this.enabled) return;
    const taken: Array<[RateLimiterKeyValue, string]> = [];
    for (const [kind, value] of Object.entries(subjects)) {
      const limiter = this.limiter(name, kind);
      try {
        await limiter.consume(value);
        taken.push([limiter, value]);
      } catch (result) {
        if (!(result instanceof RateLimiterRes)) throw result;
        for (const [l, v] of taken) await l.reward(v);
        throw rateLimited(message, result.msBeforeNext / 1000);
      }
    }
  }
}
