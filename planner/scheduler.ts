// Planner: keeps every (date, slot) planned for the three tiers ahead of its first beginning (UTC+14),
// off the request path. Each key is claimed once in storage (so a restart, or another process on the
// same Redis, never plans it twice); a plan never replaces a recorded service (ServiceCalendar.store).
import type OpenAI from "openai";
import type { Logger } from "../core/logger.ts";
import type { Library, Piece } from "../corpus/library.ts";
import { z } from "zod";
import { keyFamily } from "../storage/key-family.ts";
import type { KeyValueStore } from "../storage/kv.ts";
import { arrange, Attempt, candidatesFor } from "./arrange.ts";
import { TIERS, type ServiceCalendar, type ServiceRecord } from "./calendar.ts";
import { gatherContext, type ContextSources } from "./context.ts";
import { whereFor } from "./placement.ts";
import { ServiceKey } from "./rotation.ts";
import { slotsBeginningBetween } from "./time.ts";
import { logFailureUnlessStoreDown } from "../storage/store-failure.ts";

export const HORIZON_HOURS = 12;

export interface PlannerOptions {
  client: OpenAI;
  model: string;
  calendar: ServiceCalendar;
  library: Library;
  kv: KeyValueStore;
  sources: ContextSources;
  secondsOf: (p: Piece) => number;
  /** Names of recent visitors: never allowed into a name or word. */
  visitorNames: () => Promise<string[]>;
  log: Logger;
  clock: () => Date;
  onOutcome?: (outcome: PlanLogEntry["outcome"]) => void;
}

const PlanLogEntry = z.object({
  key: ServiceKey,
  at: z.string(),
  model: z.string(),
  outcome: z.enum(["planned", "rotation", "already recorded"]),
  attempts: z.array(Attempt),
});
export type PlanLogEntry = z.infer<typeof PlanLogEntry>;

/** A date's planner log, read back checked; one that cannot be read is refused (the operator's view of it, 500). */
const PLAN_LOG = keyFamily("planner log of a date", z.array(PlanLogEntry));

const keyId = (k: ServiceKey) => `${k.date}:${k.slotIndex}:${k.tier}`;

export class Planner {
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private o: PlannerOptions) {}

  /** Plan one key now, without claiming or storing it (the operator's dry run). */
  async draft(key: ServiceKey) {
    const context = await gatherContext(key, this.o.sources);
    const history = await this.o.calendar.historyFor(key);
    const where = whereFor(key);
    const candidates = candidatesFor(this.o.library, history, this.o.secondsOf, where);
    const result = await arrange({
      client: this.o.client,
      model: this.o.model,
      context,
      candidates,
      history,
      where,
      secondsOf: this.o.secondsOf,
      forbiddenWords: await this.o.visitorNames(),
    });
    return { context, candidates, result };
  }

  /** Claim, plan and store one key; falls back to leaving it for the rotation. */
  async planKey(key: ServiceKey): Promise<PlanLogEntry | null> {
    const { created } = await this.o.kv.setIfAbsent(`planner:claim:${keyId(key)}`, { at: this.o.clock().toISOString(), pid: process.pid });
    if (!created) return null;
    const entry: PlanLogEntry = { key, at: this.o.clock().toISOString(), model: this.o.model, outcome: "rotation", attempts: [] };
    if (await this.o.calendar.get(key)) entry.outcome = "already recorded";
    else {
      const { context, result } = await this.draft(key);
      entry.attempts = result.attempts;
      if (result.plan) {
        const record: ServiceRecord = {
          ...key,
          mode: "planned",
          name: result.plan.name,
          word: result.plan.word,
          arrangedBy: `Arranged, named and written by ${this.o.model} through the sanctuary's planner, from the library and under the service rules.`,
          parts: result.parts.map((p) => ({ ...p, basis: p.kind === "song" ? ("hour" as const) : ("song" as const) })),
          plannedFrom: { told: context.told, season: context.season, sky: context.sky, earth: context.earth, visitors: context.visitors },
          sky: context.sky,
          earth: context.earth,
          visitors: context.visitors,
          relaxed: [],
          recordedAt: this.o.clock().toISOString(),
        };
        const stored = await this.o.calendar.store(record);
        entry.outcome = stored === record ? "planned" : "already recorded";
      }
    }
    await this.o.kv.update<PlanLogEntry[]>(`planner:log:${key.date}`, (log) => [...(log ?? []), entry]);
    // A rotation after the model failed says why (unreachable, a refused key), at warn: the operator set a model.
    const errors = [...new Set(entry.attempts.flatMap((a) => (a.outcome === "error" ? [a.error ?? "unknown error"] : [])))];
    const line = {
      key: keyId(key),
      outcome: entry.outcome,
      attempts: entry.attempts.map((a) => `${a.outcome}:${a.ms}ms`),
      ...(errors.length ? { errors } : {}),
    };
    if (entry.outcome === "rotation" && errors.length) this.o.log.warn(line, "planner: the model failed, so the rotation arranged this service");
    else this.o.log.info(line, "planner");
    this.o.onOutcome?.(entry.outcome);
    return entry;
  }

  /** Plan every key that first begins within the horizon and is not yet claimed, in order. */
  tick(): Promise<void> {
    this.running ??= (async () => {
      const now = this.o.clock();
      const keys = slotsBeginningBetween(now, new Date(now.getTime() + HORIZON_HOURS * 3600_000));
      for (const { date, slotIndex } of keys) for (const tier of TIERS) await this.planKey({ date, slotIndex, tier });
    })()
      .catch(logFailureUnlessStoreDown(this.o.log, "planner tick failed"))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  start(everyMs = 60_000): void {
    void this.tick();
    this.timer = setInterval(() => void this.tick(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The planner's log for a date: every attempt, its timing and outcome. */
  logFor(date: string): Promise<PlanLogEntry[] | null> {
    return this.o.kv.read(PLAN_LOG, `planner:log:${date}`);
  }
}
