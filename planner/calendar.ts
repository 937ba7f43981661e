// ServiceCalendar: the recorded services. The first service stored for (date, slot, tier) is final
// (docs/behaviour.md §6); a key is recorded when its slot first begins anywhere (UTC+14), or at the first
// request for it, whichever comes first — by the planner's plan if one exists, else by the rotation.
import type { Library } from "../corpus/library.ts";
import type { Media } from "../corpus/media.ts";
import { z } from "zod";
import { kinds } from "../corpus/schema.ts";
import { keyFamily } from "../storage/key-family.ts";
import type { KeyValueStore } from "../storage/kv.ts";
import { KeyedMutex } from "../core/keyed-mutex.ts";
import { timeSlicer } from "../core/time-slice.ts";
import { isStoreUnavailable } from "../storage/store-failure.ts";
import { rotationFor, ServiceKey } from "./rotation.ts";
import { whereFor } from "./placement.ts";
import { ANYWHERE_DAYS, LOOKBACK_DAYS, READING_WINDOW_DAYS, emptyHistory, roleOf, type History, type PlannedPart } from "./rules.ts";
import type { Tier } from "./time.ts";
import { parseDay, ymd } from "./season.ts";
import { slotsBeginningBetween } from "./time.ts";

export const TIERS: readonly Tier[] = ["north", "south", "unknown"];

export interface RecordedPart extends PlannedPart {
  /** Why the piece is here: `hour` (rotation), `song` (chosen for kinship with a song), `override` (pinned by an operator). */
  basis: "hour" | "song" | "override";
}

export interface ServiceRecord extends ServiceKey {
  mode: "planned" | "rotation";
  name: string | null;
  /** Opening sentences; absent for a rotation service (docs/behaviour.md §6). */
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

const RecordedPart: z.ZodType<RecordedPart> = z.object({
  path: z.string(),
  kind: z.enum(kinds),
  seconds: z.number(),
  basis: z.enum(["hour", "song", "override"]),
});
const context = z.record(z.string(), z.unknown()).nullable();
/** Fields a record does not name are kept: a record reads back as it was stored. */
const ServiceRecord: z.ZodType<ServiceRecord> = z.looseObject({
  ...ServiceKey.shape,
  mode: z.enum(["planned", "rotation"]),
  name: z.string().nullable(),
  word: z.string().optional(),
  arrangedBy: z.string(),
  parts: z.array(RecordedPart),
  plannedFrom: context,
  sky: context,
  earth: context,
  visitors: context,
  relaxed: z.array(z.string()),
  recordedAt: z.string(),
});

/**
 * What the calendar reads back, checked. A record that cannot be read is refused (500, logged, naming its key):
 * records are final, so one is never quietly replaced. The index of dates is read as missing when unreadable,
 * as when torn (BUG-11): it only saves reads, and the records themselves are what is served.
 */
const RECORD = keyFamily("service record", ServiceRecord);
const DATES = keyFamily("index of dates with services", z.array(z.string()), { ifCorrupt: "missing" });

export const ROTATION_ARRANGED_BY =
  "Arranged by the sanctuary's rotation through its library, under the same rules as every service; no model named it or wrote its word.";

const recordKey = (k: ServiceKey) => `services:${k.date}:${k.slotIndex}:${k.tier}`;
const DATES_KEY = "services-index:dates";

const NOTHING: ReadonlyArray<null> = [null, null, null, null, null, null];

// The LOOKBACK_DAYS dates before a date, nearest first (index 0 = the date): every service asks for them.
const lookbacks = new Map<string, string[]>();
function lookback(date: string): string[] {
  let dates = lookbacks.get(date);
  if (!dates) {
    const day = parseDay(date);
    dates = Array.from({ length: LOOKBACK_DAYS + 1 }, (_, back) => ymd(day - back * 86_400_000));
    if (lookbacks.size > 1000) lookbacks.clear();
    lookbacks.set(date, dates);
  }
  return dates;
}

/** Binary search in the sorted list of recorded dates (YYYY-MM-DD sorts as it reads). */
function includes(sorted: string[], date: string): boolean {
  let [lo, hi] = [0, sorted.length - 1];
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === date) return true;
    if (sorted[mid]! < date) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

export class ServiceCalendar {
  private cache = new Map<string, ServiceRecord>();
  private creating = new KeyedMutex();
  private completeDays = new Map<string, Array<RecordedPart[] | null>>();
  /** Services served while the store could not record them (ensure), until one is recorded: a few per hour of outage. */
  private held = new Map<string, ServiceRecord>();

  constructor(
    private kv: KeyValueStore,
    private library: Library,
    private media: Media,
    private clock: () => Date = () => new Date(),
  ) {}

  /** The record for a key when this process already holds it (records are final once stored). */
  cached(key: ServiceKey): ServiceRecord | undefined {
    return this.cache.get(recordKey(key));
  }

  async get(key: ServiceKey): Promise<ServiceRecord | null> {
    const id = recordKey(key);
    const cached = this.cache.get(id);
    if (cached) return cached;
    const stored = await this.kv.read(RECORD, id);
    if (stored) this.cache.set(id, stored);
    return stored;
  }

  /**
   * The recorded service for a key, recording the rotation's service first if none exists yet. While the store
   * cannot be read or written, a slot that begins is still served: its rotation is built from the history this
   * process holds and kept here as provisional (`held`), then recorded as it was served by the first call that
   * reaches the store again, unless another process recorded the key first (first writer wins, as always).
   */
  async ensure(key: ServiceKey): Promise<ServiceRecord> {
    try {
      return (
        (await this.get(key)) ??
        (await this.creating.run(
          key.tier,
          async () => (await this.get(key)) ?? this.store(this.held.get(recordKey(key)) ?? this.buildRotation(key, await this.historyFor(key))),
        ))
      );
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      const id = recordKey(key);
      const history = this.held.has(id) ? null : await this.historyFor(key, true);
      // Looked up again after the wait: requests arriving together serve one rotation.
      const held = this.cache.get(id) ?? this.held.get(id) ?? this.buildRotation(key, history ?? emptyHistory());
      this.held.set(id, held);
      return held;
    }
  }

  /**
   * Store a record unless the key already holds one (first writer wins); returns what is stored.
   * The planner stores its plans through this too.
   */
  async store(record: ServiceRecord): Promise<ServiceRecord> {
    const { value, created } = await this.kv.setIfAbsent(recordKey(record), record);
    this.cache.set(recordKey(record), value);
    this.held.delete(recordKey(record));
    if (created) await this.kv.updateChecked(DATES, DATES_KEY, (dates) => [...new Set([...(dates ?? []), record.date])].sort());
    return value;
  }

  /**
   * What the novelty rules forbid for a key, and when each piece was last heard, from what is recorded
   * (LOOKBACK_DAYS of this slot, ANYWHERE_DAYS of the tier's whole days), so the rotation can prefer the least
   * recently used pieces.
   */
  async historyFor(key: ServiceKey, heldOnly = false): Promise<History> {
    const history = emptyHistory();
    // Dates with no service at all (before the first one, say) are skipped without asking the store six times.
    const recorded = heldOnly ? [] : await this.dates();
    const dates = lookback(key.date);
    // Farthest first, so a nearer sighting simply overwrites an older one.
    for (let back = LOOKBACK_DAYS; back >= 0; back--) {
      const date = dates[back]!;
      // A complete day is read without an await: thousands of them add up when a year is scheduled at once.
      const slots =
        this.completeDays.get(`${key.tier}|${date}`) ??
        (heldOnly ? this.heldSlots(key.tier, date) : includes(recorded, date) ? await this.daySlots(key.tier, date) : NOTHING);
      const everySlot = back <= ANYWHERE_DAYS; // past that only this slot's own memory counts
      for (let slot = everySlot ? 0 : key.slotIndex; slot < (everySlot ? 6 : key.slotIndex + 1); slot++) {
        if (back === 0 && slot === key.slotIndex) continue;
        if (back === 0 && !slots[slot]) history.openSlots++;
        const parts = slots[slot];
        if (slot === key.slotIndex && back >= 1 && back <= READING_WINDOW_DAYS) {
          history.sameSlotDaysAgo[back - 1] = new Set((parts ?? []).filter((p) => ["reading", "closing"].includes(roleOf(p.kind) ?? "")).map((p) => p.path));
        }
        if (!parts) continue;
        for (const p of parts) {
          if (back === 0) history.sameDate.add(p.path);
          else if (back === 1 && (p.kind === "song" || p.kind === "chant")) history.yesterday.add(p.path);
          if (everySlot) history.lastAnywhere.set(p.path, back);
          if (slot === key.slotIndex) history.lastInSlot.set(p.path, back);
        }
      }
    }
    return history;
  }

  /** The six slots' parts of a tier's date (null where nothing is recorded yet). */
  private async daySlots(tier: Tier, date: string): Promise<Array<RecordedPart[] | null>> {
    const id = `${tier}|${date}`;
    const slots: Array<RecordedPart[] | null> = [];
    // Records are final, so a cached one is read without a round trip through the store.
    for (let slot = 0; slot < 6; slot++)
      slots.push((this.cache.get(recordKey({ date, slotIndex: slot, tier })) ?? (await this.get({ date, slotIndex: slot, tier })))?.parts ?? null);
    // A day whose six services are all recorded never changes again: keep it (a few KB per day and tier).
    if (slots.every(Boolean)) this.completeDays.set(id, slots);
    return slots;
  }

  /** The six slots' parts of a tier's date as far as this process holds them, recorded or provisional (no store read). */
  private heldSlots(tier: Tier, date: string): Array<RecordedPart[] | null> {
    return Array.from({ length: 6 }, (_, slot) => {
      const id = recordKey({ date, slotIndex: slot, tier });
      return (this.cache.get(id) ?? this.held.get(id))?.parts ?? null;
    });
  }

  buildRotation(key: ServiceKey, history: History): ServiceRecord {
    const { parts, relaxed } = rotationFor({ key, pieces: this.library.pieces, secondsOf: (p) => this.media.secondsOf(p), history, where: whereFor(key) });
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
    return (await this.kv.read(DATES, DATES_KEY)) ?? [];
  }

  /** Record every key whose slot has begun somewhere within the last 30 hours and is still being served. */
  async tick(now: Date): Promise<number> {
    let recorded = 0;
    const since = new Date(now.getTime() - 30 * 3600_000);
    // The store answers without a turn of the loop (SQLite), so a first start's twenty-odd rotations would
    // otherwise run as one task: they give way to requests between services.
    const slice = timeSlicer();
    for (const { date, slotIndex } of slotsBeginningBetween(since, new Date(now.getTime() + 1))) {
      for (const tier of TIERS) {
        if (!(await this.get({ date, slotIndex, tier }))) {
          await this.ensure({ date, slotIndex, tier });
          recorded++;
          await slice();
        }
      }
    }
    return recorded;
  }
}
