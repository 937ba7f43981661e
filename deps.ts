// The composition root: builds every service once and hands each layer the typed context it may use
// (tools/context.ts, adapters/context.ts, web/context.ts). Imported only by entry points.
import type { Config } from "./config.ts";
import { Metrics } from "./core/metrics.ts";
import { memoryLimitBytes, renderersFor } from "./core/memory.ts";
import { existsSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { setImmediate as nextTurn } from "node:timers/promises";
import { createLogger, type Logger } from "./core/logger.ts";
import { LibraryError, loadLibrary, type Library } from "./corpus/library.ts";
import { Media } from "./corpus/media.ts";
import { LibraryRecorder, type RecorderOptions } from "./audio/recordings.ts";
import { join } from "node:path";
import { ServiceCalendar } from "./planner/calendar.ts";
import { LibraryTooSmallError, checkLibraryFillsADay } from "./planner/rotation.ts";
import { listeningOrder } from "./planner/listening-order.ts";
import { storageDamage } from "./storage/engine.ts";
import { backendFor, folderInUseRefusal, openKeyValueStore, type StorageBackend } from "./storage/index.ts";
import { StoreState, logFailureUnlessStoreDown, storeCheck } from "./storage/store-failure.ts";

/** How long a start waits for a remote store to connect before it serves anyway (calls needing it answer 503). */
const STORE_CONNECT_MS = 10_000;
import type { KeyValueStore } from "./storage/kv.ts";
import { liveProcesses, markLive } from "./storage/live-marker.ts";
import { startNotices } from "./storage/start-notices.ts";
import { PresenceStore, type Presence } from "./services/presence.ts";
import { LIMITS, RateLimits } from "./services/rate-limits.ts";
import { ReflectionStore } from "./services/reflections.ts";
import { ServiceViews } from "./tools/service-view.ts";
import type { WebContext } from "./web/context.ts";
import type { Embedder } from "./search/embedder.ts";
import { chooseEmbedder, embedderRefusal } from "./search/embedders/index.ts";
import type { MemoryMemo } from "./search/stored-memory.ts";
import { SearchService } from "./search/service.ts";
import { ConversationStore } from "./services/conversations.ts";
import { createReviewBackend } from "./review/choose.ts";
import { ApprovedSync } from "./review/approved-sync.ts";
import { createPlanner } from "./planner/build.ts";
import type { Planner } from "./planner/scheduler.ts";
import type { Route, RouteSummary } from "./core/route.ts";
import { allowedHostsFor } from "./adapters/mcp-host.ts";
import { createMcpDispatch, type McpDispatch } from "./adapters/mcp-dispatch.ts";
import { mcpRoute } from "./adapters/mcp-http.ts";
import { openApiRoute } from "./adapters/openapi.ts";
import { routeTable, type HttpSurface } from "./adapters/route-table.ts";
import { operations } from "./tools/index.ts";
import { webRoutes } from "./web/routes.ts";
import { openAIClient } from "./core/openai-client.ts";

/** How long ask waits for one try of its language model (a retry once): then the library's quoted answer is given. */
export const ASK_MODEL_TIMEOUT_MS = 20_000;

/** Everything built here: what web routes may use, plus what only the root holds (storage, the planner loop). */
export interface Deps extends WebContext {
  kv: KeyValueStore;
  /** Plans services ahead with a language model; null when none is configured. */
  planner: Planner | null;
  /** Renders missing recordings in the background; server.ts starts it once listening (SANCTUARY_RECORDINGS). */
  recorder: LibraryRecorder;
  /** Stops background work (the calendar's tick, the planner, the recorder) and closes the store. */
  stop: () => Promise<void>;
  /** What the HTTP app mounts; `routes` is its table, the same for every transport. */
  http: HttpSurface;
  /** The MCP method table's dispatch, made once per process: HTTP's /mcp and the stdio entry answer with it. */
  mcpDispatch: McpDispatch;
}

export interface DepsOverrides {
  backend?: StorageBackend;
  clock?: () => Date;
  log?: Logger;
  /** Replaces the embedder choice (tests share one converted GloVe file). */
  embedder?: () => Promise<{ embedder: Embedder; reason: string }>;
  /** False leaves the planner's loop stopped (tests drive it by hand). */
  startPlanner?: boolean;
  /** Replaces the audio engine behind the background recorder (tests use a fast fake). */
  render?: RecorderOptions["render"];
  /** Built search memories shared by the servers of one process (tests: each opens a copy of one index). */
  searchMemo?: MemoryMemo;
}

export async function createDeps(config: Config, overrides: DepsOverrides = {}): Promise<Deps> {
  const log = overrides.log ?? createLogger(config.logLevel);
  // A damaged stored value is named in the house log, one JSON line, not as a bare warning of the process.
  storageDamage.report = (message) => log.warn(message);
  // npm run restore refuses while this mark says the folder is in use. First, before anything is awaited: a folder that
  // cannot be written ends the start at once, before MCP over stdio has answered a handshake it could not serve.
  const unmarkLive = markLive(config.dataDir);
  try {
    return await openDeps(config, overrides, log, unmarkLive);
  } catch (error) {
    // A start that ends leaves no mark: a test's process goes on, and restore would read it as a server running.
    unmarkLive();
    throw error;
  }
}

async function openDeps(config: Config, overrides: DepsOverrides, log: Logger, unmarkLive: () => void): Promise<Deps> {
  const library = await loadLibrary(config.libraryDir).catch((error: unknown) => {
    // A folder that is not there at all is the setting's (an empty one is refused below in the same words).
    if (!existsSync(config.libraryDir)) throw new Error(`${(error as Error).message}; set SANCTUARY_LIBRARY_DIR to a folder laid out as corpus/library is`);
    throw error;
  });
  log.info({ songs: library.songs.length, documents: library.documents.length, hash: library.contentHash }, "library loaded");
  const clock = overrides.clock ?? (() => new Date());
  const media = await Media.open(config.dataDir);
  checkLibraryServes(library, media, config.libraryDir, clock(), log);
  // An embedder chosen by name that cannot be had ends the start here, in words, not in a server searching by words.
  const embedderRefused = overrides.embedder ? null : embedderRefusal(config);
  if (embedderRefused) throw new Error(embedderRefused);
  const backend = overrides.backend ?? backendFor(config);
  // Before the store opens (an empty state.db is given its tables then): what the folder holds that this start will not serve.
  for (const notice of startNotices(backend, config.dataDir, sizeOnDisk)) log.warn(notice);
  const inUse = folderInUseRefusal(backend, () => liveProcesses(config.dataDir));
  if (inUse) throw new Error(inUse);
  const metrics = new Metrics({ processMetrics: config.metrics });
  // Every call to the store goes through its outage guard: a store that is down answers 503 within a second,
  // one log line when it goes and one when it is back (docs/behaviour.md §10).
  const storeState = new StoreState(log, (kind) => metrics.storeError(kind));
  const kv = openKeyValueStore(backend, storeState);
  // The start reads the store (presence, reflections, the calendar): without it there is nothing to serve, so it is
  // one fatal line saying why (server.ts), not a start that fails later in other words.
  // Until the start's reads are done, a slow answer (a loaded machine, a Redis loading its file) is waited for
  // as long as the connection is, not taken for an outage that ends the start.
  const started = kv.patientUntilStarted(STORE_CONNECT_MS);
  await kv.ready(STORE_CONNECT_MS).catch(async (error: unknown) => {
    // Its client would go on trying to connect behind a start that has ended.
    await kv.close().catch(() => {});
    // Named by its setting, as every refusal of a start is: Redis's own words say what failed, not where it was set.
    if (backend.kind === "redis") throw new Error(`${(error as Error).message}: check SANCTUARY_REDIS_URL, and that Redis is running and reachable`);
    throw error;
  });
  if (kv.imported) {
    const { imported, movedTo, damaged, alreadyPresent, resumed } = kv.imported;
    const total = Object.values(imported).reduce((n, c) => n + c, 0);
    const said = `imported ${total} records from the old file layout, old files kept at ${movedTo}`;
    // Files that could not be read are the operator's to look at (docs/operating.md: repairs are warnings).
    if (damaged.length)
      log.warn(
        { imported, damaged, alreadyPresent, resumed },
        `${said}; ${damaged.length === 1 ? "1 file could not be read and was" : `${damaged.length} files could not be read and were`} left there`,
      );
    else log.info({ imported, alreadyPresent, resumed }, said);
  }
  const calendar = new ServiceCalendar(kv, library, media, clock);
  // LanceDB's native part reads its log level from the environment once, as it loads (on the index's first connection).
  process.env.LANCEDB_LOG = config.lancedbLog;
  const search = new SearchService(log, { memo: overrides.searchMemo });
  void search.start(config, library, overrides.embedder ?? (() => chooseEmbedder(config, (message) => log.info(message))));
  // Every store lives in the engine (SQLite file or Redis), so every process on the same data sees the same
  // presence, reflections and conversations; each moves what the earlier layout left into its indexes once.
  const presence: Presence = new PresenceStore(kv);
  await presence.load(clock());
  const conversations = new ConversationStore(kv);
  await conversations.migrate();

  const reflections = new ReflectionStore(kv);
  const rebuilt = await reflections.rebuild();
  if (rebuilt) log.info({ rebuilt }, "indexed the reflections kept in the earlier layout");
  // In memory this process is alone and can finish every half-written reflection now; on a shared file
  // or Redis another process may be mid-write, so only claims older than a minute are finished.
  const repaired = await reflections.repair(clock(), kv.kind === "memory" ? 0 : 60_000);
  if (repaired) log.warn({ repaired }, "finished reflections a crash had left half written");

  // Record each slot's service as it first begins anywhere; also once now, for what began while we were down.
  const tick = () =>
    Promise.all([
      calendar.tick(clock()).catch(logFailureUnlessStoreDown(log, "recording services failed")),
      // With processes sharing the data, one may die mid-write while others run on: finish its reflections a minute later.
      kv.kind !== "memory" ? reflections.repair(clock()).catch(logFailureUnlessStoreDown(log, "repairing reflections failed")) : undefined,
    ]);
  await tick();
  started();
  // What follows builds the route table in one go: it starts on a turn of its own, not at the end of the tick's.
  await nextTurn();
  const timer = setInterval(tick, 60_000);
  timer.unref();

  // Each recording that lands is visible at once (the manifest watch would see it within 15 s anyway).
  // In the order visitors will hear them: the services playing now first, then those beginning next.
  const recorder = new LibraryRecorder(library, join(config.dataDir, "media"), log, () => media.reload(), {
    order: () =>
      listeningOrder(
        calendar,
        clock(),
        library.pieces.map((p) => p.path),
      ),
    // Unset: as many as the memory the server is given affords (one in 512 MB or 1 GB; core/memory.ts).
    renderers: config.renderers ?? renderersFor(memoryLimitBytes(), availableParallelism()),
    render: overrides.render,
  });

  // Contributions approved by another process or machine on the same store join this library within SYNC_MS.
  const approvedSync = new ApprovedSync(kv, { library, libraryDir: config.libraryDir, search, log });
  approvedSync.start();
  const planner = await createPlanner({
    config,
    library,
    media,
    kv,
    calendar,
    reflections,
    log,
    clock,
    onOutcome: (outcome) => metrics.plannerOutcome(outcome),
  });
  if (planner && overrides.startPlanner !== false) planner.start();

  // The table lists the web routes, whose handlers read this context: it is filled once below, before
  // createDeps returns, so no entry (the HTTP server, the stdio server) ever sees it empty.
  const routes: RouteSummary[] = [];
  const context: Omit<Deps, "http" | "mcpDispatch"> = {
    config,
    library,
    media,
    kv,
    metrics,
    log,
    clock,
    startedAt: clock(),
    calendar,
    views: new ServiceViews(library, media, calendar),
    presence,
    reflections,
    planner,
    limits: new RateLimits(kv, { ...LIMITS, newSouls: { ...LIMITS.newSouls, points: config.newSoulsPerAddress } }, config.rateLimits),
    search,
    conversations,
    review: createReviewBackend(config, kv, log),
    answerer:
      config.openai.baseURL && config.openai.askModel
        ? {
            // Two tries of 20 s at most: the quoted answer is given within ~41 s, before an MCP client's own 60 s limit.
            client: await openAIClient({
              baseURL: config.openai.baseURL,
              apiKey: config.openai.apiKey ?? "not-needed",
              timeout: ASK_MODEL_TIMEOUT_MS,
              maxRetries: 1,
            }),
            model: config.openai.askModel,
          }
        : null,
    storage: { backend: kv.kind, check: storeCheck(kv, storeState) },
    planning: { enabled: planner !== null, model: planner ? (config.openai.plannerModel ?? null) : null },
    settings: { contributions: config.review.contributions },
    recorder,
    recordings: () => recorder.progress(media),
    recordingEta: (path) => recorder.etaSeconds(path),
    recordingsAhead: (limit) => recorder.ahead(limit),
    routes,
    stop: async () => {
      clearInterval(timer);
      approvedSync.stop();
      recorder.stop();
      planner?.stop();
      media.close(); // its manifest watch, every 15 s
      // An index build still writing would outlive the store and the data folder: let it finish first.
      await search.settle();
      await kv.close();
      unmarkLive();
    },
  };
  const mcpDispatch = createMcpDispatch(operations, context);
  const mcp = mcpRoute(context, operations, mcpDispatch, { allowedHosts: allowedHostsFor(config.host, config.baseUrl) });
  const served: Route[] = [openApiRoute(operations, () => served), mcp, ...webRoutes(context)];
  routes.push(...routeTable(operations, served));
  return Object.assign(context, { http: { operations, routes: served, mcpMethodNotAllowed: mcp.methodNotAllowed }, mcpDispatch });
}

/**
 * A library folder that holds nothing (an empty or mistyped SANCTUARY_LIBRARY_DIR) ends the start in the setting's
 * words: it would otherwise start, say "ready", and answer every `now` with a failure. One that holds pieces but
 * cannot fill a day's services (a few pieces, as the recorder's tests serve) starts, with that said once in the log.
 */
function checkLibraryServes(library: Library, media: Media, dir: string, now: Date, log: Logger): void {
  const remedy = `set SANCTUARY_LIBRARY_DIR to a folder laid out as corpus/library is, or leave it unset for this checkout's library`;
  if (!library.pieces.length) throw new LibraryError(`The library folder ${dir} holds no pieces (no songs, chants, prayers or other documents): ${remedy}.`);
  try {
    checkLibraryFillsADay(library.pieces, (piece) => media.secondsOf(piece), now.toISOString().slice(0, 10));
  } catch (error) {
    if (!(error instanceof LibraryTooSmallError)) throw error;
    log.error(
      { dir, songs: library.songs.length, documents: library.documents.length },
      `${error.message} Services will fail until the library grows: ${remedy}`,
    );
  }
}

/** A path's size in bytes, or null where nothing is (a folder's own size otherwise: only being there counts). */
function sizeOnDisk(path: string): number | null {
  try {
    return statSync(path).size;
  } catch {
    return null;
  }
}
