// Renders library pieces to MP3 with the offline audio engine (audio/: flite and LAME as WebAssembly,
// nothing to install beyond `npm ci`) and keeps DATA_DIR/media/manifest.json in step. Used by
// `npm start` (in the background, after the server listens), by `npm run recordings`, and by tests.
import { join } from "node:path";
import { fromLibrary, renderInBackground, sourceHash, type BackgroundOptions, type RenderJob } from "./index.ts";
import type { Logger } from "../core/logger.ts";
import { timeSlicer } from "../core/time-slice.ts";
import type { Library, Piece } from "../corpus/library.ts";
import { ManifestStore, type ManifestEntry, type Media } from "../corpus/media.ts";

/** One piece to render: the engine's job plus what the manifest records. */
export interface Planned extends RenderJob {
  piece: Piece;
  /** Path under the media folder. */
  name: string;
  sourceHash: string;
}

export function plan(piece: Piece, mediaDir: string): Planned {
  const input = fromLibrary(piece);
  const name = `${piece.path}.mp3`;
  return { piece, path: piece.path, input, name, file: join(mediaDir, name), sourceHash: sourceHash(input) };
}

/** Which of `pieces` (optionally only those under a path prefix) need rendering, in library order. */
export async function planRecordings(pieces: Piece[], store: ManifestStore, only?: string): Promise<{ chosen: Planned[]; todo: Planned[] }> {
  // Hashing every piece's input is tens of milliseconds for the library: it gives way to requests as it goes.
  const slice = timeSlicer();
  const chosen: Planned[] = [];
  for (const p of pieces) {
    if (only && !p.path.startsWith(only)) continue;
    chosen.push(plan(p, store.mediaDir));
    await slice();
  }
  const current = await Promise.all(chosen.map((p) => store.isCurrent({ piece: p.piece, file: p.name, sourceHash: p.sourceHash })));
  return { chosen, todo: chosen.filter((_, i) => !current[i]) };
}

/**
 * Render `batch` one piece at a time in one low-priority child process, recording each success in the
 * manifest as soon as it lands (so a stop loses at most the piece in progress). `onDone` hears each outcome.
 */
export async function renderRecordings(
  batch: Planned[],
  store: ManifestStore,
  onDone: (p: Planned, result: ManifestEntry | Error) => void | Promise<void>,
  opts: BackgroundOptions = {},
): Promise<void> {
  const saves: Promise<void>[] = [];
  await renderInBackground(
    batch,
    (o) => {
      const p = o.job as Planned;
      if ("error" in o) {
        saves.push(Promise.resolve(onDone(p, new Error(`${p.path}: ${o.error}`))));
        return;
      }
      const entry: ManifestEntry = { file: p.name, seconds: o.result.seconds, bytes: o.result.bytes, sourceHash: p.sourceHash };
      saves.push(store.set(p.path, entry).then(() => onDone(p, entry)));
    },
    opts,
  );
  await Promise.all(saves); // the manifest is written before this resolves, or the last pieces would render again
}

export interface RecordingProgress {
  /** Pieces whose recording exists and is current (this process's plan), or is served (when it renders none). */
  done: number;
  total: number;
  /** Pieces given up on in this run after their retries (tried again at the next start). */
  failed: number;
  /** Whether this process renders them: false with rendering off, or while another process sharing media/ does. */
  rendering: boolean;
}

/**
 * The recordings served, for a process that renders none (rendering off, or a cluster's other workers): what its
 * media view holds of the library, read again as the manifest changes. Pure. Reporting none there, while recordings
 * were served, read as a library without sound.
 */
export function servedProgress(pieces: readonly Piece[], media: Pick<Media, "recording">): RecordingProgress {
  return { done: pieces.filter((piece) => media.recording(piece) !== undefined).length, total: pieces.length, failed: 0, rendering: false };
}

export interface RecorderOptions {
  /** Library paths in the order visitors will hear them (planner/listening-order.ts); others follow in library order. */
  order?: () => Promise<string[]>;
  /** Low-priority renderer processes side by side (each takes a core only when the machine has one spare). */
  renderers?: number;
  /** Replaces the engine (tests use a fast fake that writes files without sound). */
  render?: typeof renderRecordings;
}

/** Pieces in `order` first (in that order), then the rest as they were. Pure. */
export function inListeningOrder<T extends { path: string }>(items: T[], order: readonly string[]): T[] {
  const rank = new Map(order.map((path, i) => [path, i]));
  return items
    .map((item, i) => ({ item, key: rank.get(item.path) ?? order.length + i }))
    .sort((a, b) => a.key - b.key)
    .map((e) => e.item);
}

/** The server's background rendering: started once the server listens, stopped with it. */
export class LibraryRecorder {
  private state: RecordingProgress = { done: 0, total: 0, failed: 0, rendering: false };
  /** Whether this process has planned its rendering (its own counts then stand, even once all is done). */
  private planned = false;
  private stopper = new AbortController();
  private running?: Promise<void>;
  /** Paths still to render, in order, and the wall seconds a piece has taken so far (for estimates). */
  private queue: string[] = [];
  private secondsPerPiece = 0;

  constructor(
    private readonly library: Library,
    private readonly mediaDir: string,
    private readonly log: Logger,
    /** Called after each recording lands in the manifest (the server reloads its media view). */
    private readonly onRecorded: () => Promise<void>,
    private readonly options: RecorderOptions = {},
  ) {}

  /** This process's rendering; before it plans any (or never, rendering off), the recordings `served` holds. */
  progress(served?: Pick<Media, "recording">): RecordingProgress {
    if (!this.planned && served) return servedProgress(this.library.pieces, served);
    return { ...this.state };
  }

  /** About how many seconds until `path` is recorded (null when it is not waiting to be). */
  etaSeconds(path: string): number | null {
    const at = this.queue.indexOf(path);
    return at < 0 ? null : this.etaAt(at);
  }

  /** The next `limit` pieces to be recorded, each with its estimate in seconds. */
  ahead(limit: number): Record<string, number> {
    return Object.fromEntries(this.queue.slice(0, limit).map((path, at) => [path, this.etaAt(at)]));
  }

  private etaAt(at: number): number {
    const renderers = this.options.renderers ?? 1;
    // Before the first piece lands there is no measure yet: a piece takes a few seconds on an idle core.
    return Math.round((Math.floor(at / renderers) + 1) * (this.secondsPerPiece || 3));
  }

  /** Render whatever is missing or out of date; resolves when all is done or stopped. Safe to call once. */
  start(): Promise<void> {
    // A server stopped before its renderers were due to begin never starts them.
    if (this.stopper.signal.aborted) return Promise.resolve();
    this.running ??= this.run().catch((err) => this.log.error({ err }, "rendering recordings failed"));
    return this.running;
  }

  stop(): void {
    this.stopper.abort();
  }

  private async run(): Promise<void> {
    const store = await ManifestStore.open(this.mediaDir);
    await store.prune(new Set(this.library.pieces.map((p) => p.path)));
    const planned = await planRecordings(this.library.pieces, store);
    const order = await this.options.order?.().catch((err: unknown) => {
      this.log.warn({ err }, "the listening order could not be worked out; rendering in library order");
      return [];
    });
    const todo = inListeningOrder(planned.todo, order ?? []);
    this.state = { done: planned.chosen.length - todo.length, total: planned.chosen.length, failed: 0, rendering: todo.length > 0 };
    this.planned = true;
    if (!todo.length) {
      this.log.info({ recordings: this.progress() }, "recordings are up to date");
      return;
    }
    const renderers = this.options.renderers ?? 1;
    this.queue = todo.map((p) => p.path);
    this.log.info(
      { recordings: this.progress(), rendering: todo.length, renderers, first: this.queue.slice(0, 6) },
      "rendering recordings in the background, the services playing now first (low-priority processes)",
    );
    const started = Date.now();
    await (this.options.render ?? renderRecordings)(
      todo,
      store,
      async (p, result) => {
        this.queue = this.queue.filter((path) => path !== p.path);
        if (result instanceof Error) {
          this.state.failed++;
          this.log.warn({ piece: p.path, err: result.message }, "a recording failed; it is tried again at the next start");
          return;
        }
        this.state.done++;
        const finished = todo.length - this.queue.length;
        this.secondsPerPiece = (Date.now() - started) / 1000 / Math.max(1, finished / renderers);
        await this.onRecorded().catch(() => {});
        this.log.info({ piece: p.path, seconds: result.seconds, recordings: this.progress() }, "recording rendered");
      },
      {
        signal: this.stopper.signal,
        renderers,
        onRetry: (job, error, attempt, waitMs) =>
          this.log.warn({ piece: job.path, err: error, attempt, waitSeconds: waitMs / 1000 }, "a renderer died; its piece is tried again after a wait"),
      },
    );
    this.state.rendering = false;
    if (this.stopper.signal.aborted) return;
    this.log.info({ recordings: this.progress(), wallSeconds: Math.round((Date.now() - started) / 1000) }, "rendering recordings finished");
  }
}
