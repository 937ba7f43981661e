// The composition root's contract: everything a handler may use, built once in createDeps and injected.
import type { Config } from "./config.ts";
import { AccessLog } from "./adapters/access-log.ts";
import { createLogger, type Logger } from "./adapters/logger.ts";
import { loadLibrary, type Library } from "./corpus/library.ts";
import { Media } from "./corpus/media.ts";
import { ServiceCalendar } from "./planner/calendar.ts";
import { seasonAt } from "./planner/season.ts";
import { slotFirstBegins } from "./planner/time.ts";
import { backendFor, openKeyValueStore, type StorageBackend } from "./storage/index.ts";
import type { KeyValueStore } from "./storage/kv.ts";
import { PresenceStore } from "./storage/presence.ts";
import { RateLimits } from "./storage/rate-limits.ts";
import { ReflectionStore } from "./storage/reflections.ts";
import { ServiceViews } from "./tools/service-view.ts";

export interface RouteSummary {
  method: string;
  path: string;
  summary: string;
  tool?: string;
}

export interface Deps {
  config: Config;
  library: Library;
  media: Media;
  kv: KeyValueStore;
  accessLog: AccessLog;
  log: Logger;
  clock: () => Date;
  startedAt: Date;
  calendar: ServiceCalendar;
  views: ServiceViews;
  presence: PresenceStore;
  reflections: ReflectionStore;
  limits: RateLimits;
  /** Every route the app serves (filled in by createApp), for GET /api. */
  routes: RouteSummary[];
  /** Stops background work (the calendar's tick). */
  stop: () => void;
}

export interface DepsOverrides {
  backend?: StorageBackend;
  clock?: () => Date;
  log?: Logger;
}

export async function createDeps(config: Config, overrides: DepsOverrides = {}): Promise<Deps> {
  const log = overrides.log ?? createLogger(config.logLevel);
  const library = await loadLibrary(config.libraryDir);
  log.info({ songs: library.songs.length, documents: library.documents.length, hash: library.contentHash }, "library loaded");
  const clock = overrides.clock ?? (() => new Date());
  const media = await Media.open(config.dataDir);
  const kv = openKeyValueStore(overrides.backend ?? backendFor(config));
  const seasonOfKey = ({ date, slotIndex, tier }: { date: string; slotIndex: number; tier: string }) =>
    tier === "unknown" ? null : seasonAt(slotFirstBegins(date, slotIndex), tier as "north" | "south", date).name;
  const calendar = new ServiceCalendar(kv, library, media, seasonOfKey, clock);
  const presence = new PresenceStore(kv);
  await presence.load(clock());

  const accessLog = new AccessLog();
  // Attendance is counted from the access log, so REST and MCP attends count alike.
  accessLog.on("attend", (entry) => presence.record(String(entry.input.name ?? entry.input.username ?? ""), entry.at));

  // Record each slot's service as it first begins anywhere; also once now, for what began while we were down.
  const tick = () =>
    calendar.tick(clock()).catch((err) => log.error({ err }, "recording services failed"));
  await tick();
  const timer = setInterval(tick, 60_000);
  timer.unref();

  return {
    config,
    library,
    media,
    kv,
    accessLog,
    log,
    clock,
    startedAt: clock(),
    calendar,
    views: new ServiceViews(library, media),
    presence,
    reflections: new ReflectionStore(kv),
    limits: new RateLimits(kv),
    routes: [],
    stop: () => clearInterval(timer),
  };
}
