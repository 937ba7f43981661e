// ServiceCalendar: the recorded services. The first service stored for (date, slot, tier) is final
// (decisions §10); a key is recorded when its slot first begins anywhere (UTC+14), or at the first
// request for it, whichever comes first — by the planner's plan if one exists, else by the rotation.
import type { Library } from "../corpus/library.ts";
import type { Media } from "../corpus/media.ts";
import type { KeyValueStore } from "../storage/kv.ts";
import { KeyedMutex } from "../core/keyed-mutex.ts";
import { rotationFor, type ServiceKey } from "./rotation.ts";
import { READING_WINDOW_DAYS, emptyHistory, roleOf, type History, type PlannedPart, type Tier } from "./rules.ts";
import { addDays, slotsBeginningBetween } from "./time.ts";

export const TIERS: readonly Tier[] = ["north", "south", "unknown"];

export interface RecordedPart extends PlannedPart {
  /** Why the piece is here: `hour` (rotation), `song` (chosen for kinship with a song), `override` (pinned by an operator). */
  basis: "hour" | "song" | "override";
}

export interface ServiceRecord extends ServiceKey {
  mode: "planned" | "rotation";
  name: string | null;
  /** Opening sentences; absent for a rotation service (spec §1.8). */
  word?: string;
  arrangedBy: string;
  parts: RecordedPart[];
  /** What the planner was told; null for a rotation service. */
  plannedFrom: Record<string, unknown> | null;
  sky: Record<string, unknown> | null;
  earth: Record<string, unknown> | null;
  visitors: Record<string, unknown> | null;
  /** Novelty rules the rotation had to loosen (empty when all held). */
  relaxed: string[];
  recordedAt: string;
}

export const ROTATION_ARRANGED_BY =
  "Arranged by the sanctuary's rotation through its library, under the same rules as every service; no model named it or wrote its word.";

const recordKey = (k: ServiceKey) => `services:${k.date}:${k.slotIndex}:${k.tier}`;
const DATES_KEY = "services-index:dates";

export class ServiceCalendar {
  private cache = new Map<string, ServiceRecord>();
  private creating = new KeyedMutex();

  constructor(
    private kv: KeyValueStore,
    private library: Library,
    private media: Media,
    private seasonOf: (key: ServiceKey) => string | null = () => null,
    private clock: () => Date = () => new Date(),
  ) {}

  async get(key: ServiceKey): Promise<ServiceRecord | null> {
    const id = recordKey(key);
    const cached = this.cache.get(id);
    if (cached) return cached;
    const stored = await this.kv.get<ServiceRecord>(id);
    if (stored) this.cache.set(id, stored);
    return stored;
  }

  /** The recorded service for a key, recording the rotation's service first if none exists yet. */
  async ensure(key: ServiceKey): Promise<ServiceRecord> {
    return (await this.get(key)) ?? this.creating.run(key.tier, async () => (await this.get(key)) ?? this.store(this.buildRotation(key, await this.historyFor(key))));
  }

  /**
   * Store a record unless the key already holds one (first writer wins); returns what is stored.
   * The planner stores its plans through this too.
   */
  async store(record: ServiceRecord): Promise<ServiceRecord> {
    const { value, created } = await this.kv.setIfAbsent(recordKey(record), record);
    this.cache.set(recordKey(record), value);
    if (created) await this.kv.update<string[]>(DATES_KEY, (dates) => [...new Set([...(dates ?? []), record.date])].sort());
    return value;
  }

  /** What the novelty rules forbid for a key, from what is recorded. */
  async historyFor(key: ServiceKey): Promise<History> {
    const history = emptyHistory();
    const yesterday = addDays(key.date, -1);
    for (let slot = 0; slot < 6; slot++) {
      if (slot !== key.slotIndex) for (const p of (await this.get({ ...key, slotIndex: slot }))?.parts ?? []) history.sameDate.add(p.path);
      for (const p of (await this.get({ ...key, date: yesterday, slotIndex: slot }))?.parts ?? []) {
        const role = roleOf(p.kind);
        if (role === "song" || role === "chant") history.yesterday.add(p.path);
      }
    }
    for (let back = 1; back <= READING_WINDOW_DAYS; back++) {
      const record = await this.get({ ...key, date: addDays(key.date, -back) });
      history.sameSlotDaysAgo.push(new Set((record?.parts ?? []).filter((p) => ["reading", "closing"].includes(roleOf(p.kind) ?? "")).map((p) => p.path)));
    }
    return history;
  }

  buildRotation(key: ServiceKey, history: History): ServiceRecord {
    const { parts, relaxed } = rotationFor({ key, pieces: this.library.pieces, secondsOf: (p) => this.media.secondsOf(p), history, season: this.seasonOf(key) });
    return {
      ...key,
      mode: "rotation",
      name: null,
      arrangedBy: ROTATION_ARRANGED_BY,
      parts: parts.map((p) => ({ ...p, basis: "hour" as const })),
      plannedFrom: null,
      sky: null,
      earth: null,
      visitors: null,
      relaxed,
      recordedAt: this.clock().toISOString(),
    };
  }

  /** Every record of a date (all slots and tiers), in slot then tier order. */
  async forDate(date: string): Promise<ServiceRecord[]> {
    const out: ServiceRecord[] = [];
    for (let slot = 0; slot < 6; slot++) {
      for (const tier of TIERS) {
        const record = await this.get({ date, slotIndex: slot, tier });
        if (record) out.push(record);
      }
    }
    return out;
  }

  /** Dates that hold at least one service, sorted. */
  async dates(): Promise<string[]> {
    return (await this.kv.get<string[]>(DATES_KEY)) ?? [];
  }

  /** Record every key whose slot has begun somewhere within the last 30 hours and is still being served. */
  async tick(now: Date): Promise<number> {
    let recorded = 0;
    const since = new Date(now.getTime() - 30 * 3600_000);
    for (const { date, slotIndex } of slotsBeginningBetween(since, new Date(now.getTime() + 1))) {
      for (const tier of TIERS) {
        if (!(await this.get({ date, slotIndex, tier }))) {
          await this.ensure({ date, slotIndex, tier });
          recorded++;
        }
      }
    }
    return recorded;
  }
}
