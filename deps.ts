// The composition root's contract: everything a handler may use, built once in createDeps and injected.
import type { Config } from "./config.ts";
import type { Library } from "./corpus/library.ts";
import { Media } from "./corpus/media.ts";
import type { KeyValueStore } from "./storage/kv.ts";
import { AccessLog } from "./adapters/access-log.ts";
import { createLogger, type Logger } from "./adapters/logger.ts";
import { loadLibrary } from "./corpus/library.ts";
import { backendFor, openKeyValueStore, type StorageBackend } from "./storage/index.ts";

export interface Deps {
  config: Config;
  library: Library;
  media: Media;
  kv: KeyValueStore;
  accessLog: AccessLog;
  log: Logger;
  clock: () => Date;
  startedAt: Date;
  /** Every route the app serves (filled in by createApp), for GET /api. */
  routes: RouteSummary[];
}

export interface RouteSummary {
  method: string;
  path: string;
  summary: string;
  tool?: string;
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
  return {
    config,
    library,
    media: await Media.open(config.dataDir),
    kv: openKeyValueStore(overrides.backend ?? backendFor(config)),
    accessLog: new AccessLog(),
    log,
    clock,
    startedAt: clock(),
    routes: [],
  };
}
