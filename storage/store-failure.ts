// What a failing store looks like to the rest of the sanctuary: one kind of error (503 with Retry-After, naming
// what is unavailable), a pure classification of engine errors into outages, and the outage's state, which
// logs one line when the store goes and one when it comes back (docs/behaviour.md §10).
import { SanctuaryError } from "../core/errors.ts";

export const OUTAGE_KINDS = ["unreachable", "timed out", "disk full", "memory full", "read-only", "i/o error", "damaged"] as const;
export type OutageKind = (typeof OUTAGE_KINDS)[number];

/** Seconds a client is asked to wait before retrying a refused call. */
export const RETRY_AFTER_SECONDS = 30;

// One text for reads and writes: a refused call changed nothing and read nothing, whichever it was.
const SUGGESTION: Record<OutageKind, string> = {
  unreachable:
    "Nothing was read or stored: the sanctuary's store cannot be reached just now. Services, songs, documents and search go on; please try this again in a minute.",
  "timed out":
    "Nothing was read or stored: the sanctuary's store is not answering in time. Services, songs, documents and search go on; please try this again in a minute.",
  "disk full":
    "Nothing was stored: the sanctuary's disk is full. Reading goes on; please try this again later (the operator has been told by the health check).",
  "memory full":
    "Nothing was stored: the sanctuary's store is full. Reading goes on; please try this again later (the operator has been told by the health check).",
  "read-only": "Nothing was stored: the sanctuary's store cannot be written just now. Reading goes on; please try this again later.",
  "i/o error": "Nothing was read or stored: the sanctuary's store failed to read or write. Reading goes on; please try this again later.",
  damaged:
    "Nothing was read or stored: part of the sanctuary's store is damaged on disk. Services, songs, documents and search go on; the operator has been told by the health check and can restore it from a backup.",
};

/**
 * A write to a remote store that stopped answering while the write was with it (the connection lost, or no answer in
 * time): it may have been applied before the store went, so "nothing was stored" would not be known to be true
 * (an operator's report: three reflections answered so were published after Redis came back).
 */
const UNCERTAIN =
  "Whether this was kept is not known: the sanctuary's store stopped answering while the call was with it. Please look again once it is back (a minute or so) before sending it again.";

/** A call refused because the store is down: known by its class, not its words. */
export class StoreUnavailable extends SanctuaryError {
  /**
   * `suggestion`: what the call did keep, where it kept something (a reflection received before its indexes failed).
   * `mayHaveLanded`: a write the store may have applied before it stopped answering (its answer never came).
   */
  constructor(
    readonly outage: OutageKind,
    suggestion: string = SUGGESTION[outage],
    readonly mayHaveLanded = false,
  ) {
    // The wait is in the body too: an MCP client sees no HTTP header (the tool result is the body).
    super(
      "unavailable",
      `The sanctuary's store is unavailable (${outage}).`,
      { suggestion, retry_after: RETRY_AFTER_SECONDS },
      { "retry-after": String(RETRY_AFTER_SECONDS) },
    );
  }
}

/** The error every call that needs a failing store receives, within a second, never after a reconnect. */
export const storeUnavailable = (kind: OutageKind): SanctuaryError => new StoreUnavailable(kind);

/** A write whose answer the store never gave (cut off, or too late): it may have been applied (UNCERTAIN). */
export const writeUnanswered = (kind: OutageKind): StoreUnavailable =>
  kind === "unreachable" || kind === "timed out" ? new StoreUnavailable(kind, UNCERTAIN, true) : new StoreUnavailable(kind);

export const isStoreUnavailable = (error: unknown): error is StoreUnavailable => error instanceof StoreUnavailable;

/**
 * A background job's failure, logged unless it is the store's outage: that was logged once when it began
 * (StoreState), and a job retried every 15 s would otherwise add an error with its stack at each try.
 */
export function logFailureUnlessStoreDown(log: { error(fields: object, message: string): void }, message: string): (error: unknown) => void {
  return (error) => {
    if (!isStoreUnavailable(error)) log.error({ err: error }, message);
  };
}

/** A read's value, or null while the store is unavailable (any other error still throws): for parts that can wait. */
export async function unlessStoreDown<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isStoreUnavailable(error)) return null;
    throw error;
  }
}

// A malformed page (SQLITE_CORRUPT: "database disk image is malformed") or a file that is no database is damage no wait
// repairs: its own kind, which health reports until a restore (StoreState.damaged), never a 500 with a stack.
const SQLITE: Record<string, OutageKind> = {
  SQLITE_FULL: "disk full",
  SQLITE_READONLY: "read-only",
  SQLITE_IOERR: "i/o error",
  SQLITE_CANTOPEN: "i/o error",
  SQLITE_CORRUPT: "damaged",
  SQLITE_NOTADB: "damaged",
};
const NETWORK =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|Connection is closed|Stream isn't writeable|enableOfflineQueue|MaxRetriesPerRequest|Reached the max retries/i;

// Redis's refusals that are outages, by the word its error reply begins with: a full store (maxmemory with no
// eviction), a replica or a failing snapshot that refuses writes, a store still loading or held by a script.
const REDIS_REPLY: Record<string, OutageKind> = {
  OOM: "memory full",
  READONLY: "read-only",
  MISCONF: "read-only",
  NOREPLICAS: "read-only",
  LOADING: "unreachable",
  MASTERDOWN: "unreachable",
  CLUSTERDOWN: "unreachable",
  TRYAGAIN: "unreachable",
  BUSY: "timed out",
};

const sqliteByMessage = (message: string): OutageKind | null =>
  /disk is full|database or disk is full/i.test(message) ? "disk full" : /disk image is malformed|file is not a database/i.test(message) ? "damaged" : null;

/** Which outage an engine's error means, or null when it is no outage (a bad value, a lost race: the caller's to handle). */
export function outageOf(error: unknown): OutageKind | null {
  if (!(error instanceof Error)) return null;
  const code = String((error as { code?: unknown }).code ?? "");
  const sqlite = SQLITE[code] ?? SQLITE[code.replace(/_[A-Z_]+$/, "")] ?? sqliteByMessage(error.message);
  if (sqlite) return sqlite;
  const reply = error.name === "ReplyError" ? REDIS_REPLY[error.message.split(" ", 1)[0]!] : undefined;
  if (reply) return reply;
  // The guard's own timer (guarded-engine.ts): a store that holds the connection open and never answers.
  if (error.name === "StoreTimeout" || /Command timed out/i.test(error.message)) return "timed out";
  if (NETWORK.test(error.message) || NETWORK.test(error.name) || NETWORK.test(code)) return "unreachable";
  return null;
}

export interface OutageLog {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

const WRITE_OUTAGES = new Set<OutageKind>(["disk full", "memory full", "read-only", "i/o error"]);

/** The store's state as calls find it: up, or down since a moment for a reason. */
export class StoreState {
  private down: { kind: OutageKind; since: number } | null = null;
  private lastTry = 0;
  /** Since when a call has met damage in the store's file: it stays until a restore, so it is kept apart from `down`. */
  private damagedSince: number | null = null;

  constructor(
    private readonly log: OutageLog,
    private readonly countError: (kind: OutageKind) => void = () => {},
    /** How long calls fail fast before one is let through to try the store again. */
    readonly retryEveryMs = 1000,
  ) {}

  get ok(): boolean {
    return this.down === null;
  }

  get reason(): OutageKind | null {
    return this.down?.kind ?? null;
  }

  /** Whether a call has met damage in the store's file since the start (what health reports until a restore). */
  get damaged(): boolean {
    return this.damagedSince !== null;
  }

  /** Whether a call should skip the store and fail at once (it is down and was tried less than a moment ago). */
  failFast(write: boolean, now = Date.now()): OutageKind | null {
    // A full or read-only disk still serves reads: only writes fail fast then.
    if (!this.down || now - this.lastTry >= this.retryEveryMs || (!write && WRITE_OUTAGES.has(this.down.kind))) return null;
    return this.down.kind;
  }

  tried(now = Date.now()): void {
    this.lastTry = now;
  }

  failed(kind: OutageKind, now = Date.now()): void {
    this.countError(kind);
    // Damage is where a call reads, not the whole store: other calls go on (no failing fast), and it is said once.
    if (kind === "damaged") {
      if (this.damagedSince !== null) return;
      this.damagedSince = now;
      this.log.error(
        { reason: kind, since: new Date(now).toISOString() },
        "store damaged: its file holds a malformed part; calls that meet it answer 503. Restore from a backup (docs/operating.md)",
      );
      return;
    }
    this.lastTry = now;
    if (this.down) return;
    this.down = { kind, since: now };
    this.log.error({ reason: kind, since: new Date(now).toISOString() }, `store unavailable (${kind}) since ${new Date(now).toISOString()}`);
  }

  /** A call went through. A read ends an outage of reaching the store, but only a write ends one of writing to it. */
  succeeded(write: boolean, now = Date.now()): void {
    if (!this.down || (!write && WRITE_OUTAGES.has(this.down.kind))) return;
    const seconds = Math.round((now - this.down.since) / 100) / 10;
    this.log.warn({ seconds, reason: this.down.kind }, `store back after ${seconds} s`);
    this.down = null;
  }
}

/** Where the store stands, as /api/health and /metrics report it. */
export interface StoreCheck {
  ok: boolean;
  /** Why writes cannot succeed now, or null. */
  reason: OutageKind | null;
}

/** Minimal store surface the check needs (a KeyValueStore). */
interface Probed {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

/**
 * The health check's look at the store: a write every few seconds (a full disk fails writes while reads go
 * on) and a read between them; while the store is down, each check tries a write, so recovery shows at once.
 * Checks asked for while one is under way share it: a /metrics scrape asks three gauges' worth at once, and a
 * store that hangs should be asked once, not once per gauge.
 */
export function storeCheck(kv: Probed, state: StoreState, writeEveryMs = 5000): () => Promise<StoreCheck> {
  let wroteAt = -Infinity;
  let underWay: Promise<StoreCheck> | null = null;
  const probe = async (): Promise<StoreCheck> => {
    const now = Date.now();
    try {
      if (!state.ok || now - wroteAt >= writeEveryMs) {
        await kv.set("health:probe", now);
        wroteAt = now;
      } else await kv.get("health:probe");
      return state.damaged ? { ok: false, reason: "damaged" } : { ok: true, reason: null };
    } catch (error) {
      return { ok: false, reason: state.reason ?? outageOf(error) ?? "unreachable" };
    }
  };
  return () =>
    (underWay ??= probe().finally(() => {
      underWay = null;
    }));
}
