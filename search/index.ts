// LibraryIndex: the library's passages and page cards in LanceDB — the index of record, built in the
// background, persisted, and swapped in whole on a rebuild (a new table, then state.json renamed over
// the old one) — and served from memory: at open and at every swap the table's rows are read back into
// a MemoryIndex (vectors, word postings, WordNet expansions), so a search costs arithmetic, not I/O.
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Connection, Table } from "@lancedb/lancedb";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Logger } from "../core/logger.ts";
import { BoundedMemo } from "../core/memo.ts";
import { warnWhileSlow } from "../core/slow-work.ts";
import type { Library } from "../corpus/library.ts";
import type { Embedder } from "./embedder.ts";
import type { Expansions } from "./lexicon.ts";
import { rowsTable, storedText } from "./arrow-rows.ts";
import { MemoryIndex, type Explain, type Hit } from "./memory.ts";
import type { Calibration } from "./rank.ts";
import { embeddingText, prepareRows, readState, RECIPE, writeState, type Prepared } from "./index-recipe.ts";
import { loadMemory, loadStoredMemory, type MemoryMemo } from "./stored-memory.ts";

export type { Hit } from "./memory.ts";

interface Live {
  table: Table;
  name: string;
  /** The library content the table was built from. */
  contentHash: string;
  memory: MemoryIndex;
  chunks: number;
  pages: number;
}

/** Texts embedded per call: the event loop gets a turn between calls (a card is a whole page's text: 64 of them at
 * once held the loop longer than a request should wait). */
const EMBED_BATCH = 16;
/** Query vectors kept (the embedding is the only per-query cost that repeats for repeated words). */
const QUERY_CACHE = 2048;

/** A build ended because the process is stopping: not a failure (health is not asked again). */
class BuildStopped extends Error {
  constructor() {
    super("search index build stopped: the process is stopping (the next start builds it again)");
  }
}

export class LibraryIndex {
  private live: Live | null = null;
  private building: Promise<void> | null = null;
  /** Why the last build failed (null once one succeeds): health says the index is missing. */
  buildFailure: string | null = null;
  private db: Connection | null = null;
  private queryVectors = new BoundedMemo<Float32Array>(QUERY_CACHE);
  /** Rows embedded so far by the build under way, and of how many. */
  private embedded = { done: 0, of: 0 };
  /** Set by `stop`: a build under way ends at its next batch instead of running to the end. */
  private stopping = false;
  /** The step the build under way is at (named in the log while a build runs long). */
  private stage = "";

  constructor(
    private dir: string,
    readonly embedder: Embedder,
    /** How this embedder's cosines map to evidence (rank.ts). */
    readonly calibration: Calibration,
    private log: Logger,
    /** Memories already built in this process, reused when a stored index's rows and expansions are the same. */
    private memo?: MemoryMemo,
  ) {}

  get ready(): boolean {
    return this.live !== null;
  }

  get isBuilding(): boolean {
    return this.building !== null;
  }

  /**
   * The process is stopping: a build under way ends at its next batch, its half-written table dropped, and no other
   * starts. The stored index (if any) stays as it was; the next start builds again. Stopping waited for a whole
   * build before (tens of seconds on a first start), and MCP clients kill a stdio server that takes more than a few.
   */
  stop(): void {
    this.stopping = true;
  }

  /** Resolves when no build is running (one may start another: wait them all out), so the folder can be closed or removed. */
  async settled(): Promise<void> {
    while (this.building) await this.building;
  }

  /** Share of the build under way that is embedded (0..1), or null when none runs. */
  get buildProgress(): number | null {
    return this.building && this.embedded.of ? this.embedded.done / this.embedded.of : null;
  }

  /** The library content the served index was built from (null before one is ready): behind the library's after a change until a rebuild swaps in. */
  get contentHash(): string | null {
    return this.live?.contentHash ?? null;
  }

  /** The expansions of the index being served, or null before one is ready. */
  get expansions(): Expansions | null {
    return this.live?.memory.expansions ?? null;
  }

  stats(): { documents: number; count: number } {
    return { documents: this.live?.pages ?? 0, count: this.live?.chunks ?? 0 };
  }

  private async connection(): Promise<Connection> {
    if (!this.db) {
      await mkdir(join(this.dir, "lancedb"), { recursive: true });
      // Loaded here, not imported above: its native part reads its log level (LANCEDB_LOG, a setting deps.ts applies)
      // once, as it loads. Its own plain-text lines would otherwise say WARN at every build ("No existing dataset …").
      const { connect } = await import("@lancedb/lancedb");
      this.db = await connect(join(this.dir, "lancedb"));
    }
    return this.db;
  }

  /**
   * Open the stored index when it matches the library, embedder and recipe; otherwise build one in the
   * background from `prepare`'s rows (shared with the words-only index that answers meanwhile).
   */
  async open(library: Library, prepare: () => Promise<Prepared> = () => prepareRows(library)): Promise<void> {
    const state = await readState(this.dir);
    if (state && state.contentHash === library.contentHash && state.embedder === this.embedder.id && state.recipe === RECIPE) {
      try {
        const table = await (await this.connection()).openTable(state.table);
        const expansions = await readFile(this.expansionsFile(state.table), "utf8");
        const memory = await loadStoredMemory(table, expansions, this.memo);
        // A rebuild (an approval meanwhile) may have swapped in newer content while the table was read: keep that.
        this.live ??= { table, name: state.table, contentHash: state.contentHash, memory, chunks: state.chunks, pages: state.pages };
        this.log.info({ table: state.table, chunks: state.chunks }, "search index opened");
        // The library may have changed while the stored table was read; the approval's own rebuild may have been
        // skipped or finished first. One of our own (shared with any under way) brings the index up to date.
        if (this.live.contentHash !== library.contentHash) void this.rebuild(library);
        return;
      } catch (err) {
        this.log.warn({ err }, "stored search index could not be opened; rebuilding");
      }
    }
    void this.rebuild(library, prepare);
  }

  /** Build a fresh table for the library and swap it in. Concurrent calls share one build. */
  rebuild(library: Library, prepare: () => Promise<Prepared> = () => prepareRows(library)): Promise<void> {
    if (this.stopping) return Promise.resolve();
    if (this.building) return this.building;
    // A build takes seconds; one that runs for minutes (a WordNet child that never answers, say) is named in the log.
    const quiet = warnWhileSlow(this.log, "search index build still running", () => ({
      stage: this.stage,
      embedded: this.embedded.done,
      of: this.embedded.of,
    }));
    this.building = this.build(library, prepare)
      .then(
        () => void (this.buildFailure = null),
        (err: unknown) => {
          if (err instanceof BuildStopped) return void this.log.info({ embedded: this.embedded.done, of: this.embedded.of }, err.message);
          this.buildFailure = err instanceof Error ? err.message : String(err);
          this.log.error({ err }, "search index build failed");
        },
      )
      .finally(() => {
        quiet();
        this.building = null;
      });
    return this.building;
  }

  private expansionsFile(table: string): string {
    return join(this.dir, `${table}.expansions.jsonl`);
  }

  private async build(library: Library, prepare: () => Promise<Prepared>): Promise<void> {
    const started = Date.now();
    // The content the rows are prepared from (taken before `prepare` reads the library, which an approval may replace
    // during the build): the table and state name it, not the content the library holds by the end.
    const content = library.contentHash;
    this.stage = "preparing rows";
    this.embedded = { done: 0, of: 0 };
    const prepared = await prepare();
    this.stage = "embedding";
    const all = prepared.rows;
    this.log.info({ rows: all.length, embedder: this.embedder.id }, "building the search index");
    const vectors: Float32Array[] = [];
    for (let i = 0; i < all.length; i += EMBED_BATCH) {
      this.stopIfAsked();
      const batch = all.slice(i, i + EMBED_BATCH);
      vectors.push(...(await this.embedder.embed(batch.map(embeddingText))));
      this.embedded = { done: i + batch.length, of: all.length };
      if ((i / EMBED_BATCH) % 40 === 39) this.log.info({ embedded: i + batch.length, of: all.length }, "search index progress");
      // An embedder that computes in this thread (GloVe) resolves at once: give requests their turn.
      await nextTurn();
    }
    this.stage = "reading WordNet (expansions child)";
    const { expansions, json } = await prepared.expansions;
    this.stage = "writing the table";
    const name = `chunks_${content}_${Date.now().toString(36)}`;
    const db = await this.connection();
    this.stopIfAsked();
    const dims = vectors[0]?.length ?? 0;
    const flat = new Float32Array(all.length * dims);
    vectors.forEach((v, r) => flat.set(v, r * dims));
    // One Arrow table built column by column (arrow-rows.ts), written in one call: LanceDB's own conversion of
    // plain rows held the loop for tens of milliseconds a batch.
    const table = await db.createTable(name, await rowsTable(all.map(storedText), flat, dims), { mode: "overwrite" });
    await writeFile(`${this.expansionsFile(name)}.tmp`, json);
    await rename(`${this.expansionsFile(name)}.tmp`, this.expansionsFile(name));
    // Read back from the table: what is served is exactly what was stored.
    this.stage = "reading the table back";
    const memory = await loadMemory(table, expansions);
    const previous = this.live;
    const pages = memory.pageCount;
    const passages = all.filter((r) => r.role === "passage").length;
    await writeState(this.dir, { table: name, contentHash: content, embedder: this.embedder.id, recipe: RECIPE, chunks: passages, pages });
    this.live = { table, name, contentHash: content, memory, chunks: passages, pages };
    this.log.info({ table: name, chunks: passages, pages, ms: Date.now() - started }, "search index ready");
    // Searches never touch the old table (they use memory), but a concurrent open may; drop it later.
    if (previous) {
      setTimeout(() => {
        void db.dropTable(previous.name).catch(() => {});
        void rm(this.expansionsFile(previous.name), { force: true });
      }, 30_000).unref();
    }
  }

  private stopIfAsked(): void {
    if (this.stopping) throw new BuildStopped();
  }

  /** Pages ordered by fused evidence (rank.ts), one passage each, above the floor. */
  async search(query: string, limit: number, explain?: Explain): Promise<Hit[]> {
    const live = this.live;
    if (!live) throw new Error("the search index is not built yet");
    // A vector summed from words is made at once and searched at once (it is a view the next query overwrites); a
    // model's or a service's is awaited and kept.
    const summed = this.embedder.embedWords?.(query);
    if (summed) return live.memory.search(query, summed.vector, limit, this.calibration, explain, summed.words);
    return live.memory.search(query, await this.queryVector(query), limit, this.calibration, explain);
  }

  /** The same ranking without a query vector (words alone, as before the vectors are ready): bench/search-same.ts compares it. */
  async searchWords(query: string, limit: number): Promise<Hit[]> {
    const live = this.live;
    if (!live) throw new Error("the search index is not built yet");
    return live.memory.search(query, new Float32Array(0), limit, this.calibration);
  }

  /** The query's vector from a model or a service, kept per query (QUERY_CACHE): a repeated query waits for nothing. */
  private async queryVector(query: string): Promise<Float32Array> {
    const cached = this.queryVectors.find(query);
    if (cached) return cached;
    const [vector] = await this.embedder.embed([query]);
    this.queryVectors.put(query, vector);
    return vector;
  }
}
