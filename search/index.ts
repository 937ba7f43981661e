// LibraryIndex: the library's passages in LanceDB (cosine vectors plus a full-text index), queried
// by both legs and fused with reciprocal rank fusion. Built in the background; a rebuild writes a new
// table and swaps it in, so searches keep working until the new one is ready.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { connect, Index, type Connection, type Table } from "@lancedb/lancedb";
import type { Logger } from "../core/logger.ts";
import type { Library } from "../corpus/library.ts";
import { chunkLibrary, type Chunk } from "./chunks.ts";
import { cosine, type Embedder } from "./embedder.ts";

export interface Hit {
  chunk: Chunk;
  /** Cosine similarity of the query and this passage, 0..1. */
  score: number;
}

interface Live {
  table: Table;
  name: string;
  chunks: number;
  pages: number;
}

interface State {
  table: string;
  contentHash: string;
  embedder: string;
  chunks: number;
  pages: number;
}

const RRF_K = 60;
const LEG_DEPTH = 60;

export class LibraryIndex {
  private live: Live | null = null;
  private building: Promise<void> | null = null;
  private db: Connection | null = null;

  constructor(
    private dir: string,
    readonly embedder: Embedder,
    /** Passages less similar than this are not shown (depends on the embedder's geometry). */
    readonly floor: number,
    private log: Logger,
  ) {}

  get ready(): boolean {
    return this.live !== null;
  }

  get isBuilding(): boolean {
    return this.building !== null;
  }

  stats(): { documents: number; count: number } {
    return { documents: this.live?.pages ?? 0, count: this.live?.chunks ?? 0 };
  }

  private async connection(): Promise<Connection> {
    if (!this.db) {
      await mkdir(join(this.dir, "lancedb"), { recursive: true });
      this.db = await connect(join(this.dir, "lancedb"));
    }
    return this.db;
  }

  /** Open the stored index when it matches the library and embedder; otherwise build one in the background. */
  async open(library: Library): Promise<void> {
    const state = await readFile(join(this.dir, "state.json"), "utf8").then((t) => JSON.parse(t) as State, () => null);
    if (state && state.contentHash === library.contentHash && state.embedder === this.embedder.id) {
      try {
        const table = await (await this.connection()).openTable(state.table);
        this.live = { table, name: state.table, chunks: state.chunks, pages: state.pages };
        this.log.info({ table: state.table, chunks: state.chunks }, "search index opened");
        return;
      } catch (err) {
        this.log.warn({ err }, "stored search index could not be opened; rebuilding");
      }
    }
    void this.rebuild(library);
  }

  /** Build a fresh table for the library and swap it in. Concurrent calls share one build. */
  rebuild(library: Library): Promise<void> {
    this.building ??= this.build(library)
      .catch((err) => this.log.error({ err }, "search index build failed"))
      .finally(() => {
        this.building = null;
      });
    return this.building;
  }

  private async build(library: Library): Promise<void> {
    const started = Date.now();
    const chunks = chunkLibrary(library);
    this.log.info({ chunks: chunks.length, embedder: this.embedder.id }, "building the search index");
    const rows: Array<Record<string, unknown>> = [];
    for (let i = 0; i < chunks.length; i += 128) {
      const batch = chunks.slice(i, i + 128);
      const vectors = await this.embedder.embed(batch.map((c) => `${c.title}. ${c.section ?? ""}. ${c.text}`));
      batch.forEach((c, j) => rows.push({ ...c, path: c.path ?? "", slug: c.slug ?? "", section: c.section ?? "", vector: Array.from(vectors[j]) }));
      if ((i / 128) % 5 === 4) this.log.info({ embedded: i + batch.length, of: chunks.length }, "search index progress");
    }
    const name = `chunks_${library.contentHash}_${Date.now().toString(36)}`;
    const db = await this.connection();
    const table = await db.createTable(name, rows, { mode: "overwrite" });
    await table.createIndex("text", { config: Index.fts() });
    const previous = this.live;
    const pages = new Set(chunks.map((c) => c.page)).size;
    this.live = { table, name, chunks: chunks.length, pages };
    const state: State = { table: name, contentHash: library.contentHash, embedder: this.embedder.id, chunks: chunks.length, pages };
    await writeFile(join(this.dir, "state.json.tmp"), JSON.stringify(state));
    await rename(join(this.dir, "state.json.tmp"), join(this.dir, "state.json"));
    this.log.info({ table: name, chunks: chunks.length, pages, ms: Date.now() - started }, "search index ready");
    // Let searches that started on the old table finish before it goes.
    if (previous) setTimeout(() => void db.dropTable(previous.name).catch(() => {}), 30_000).unref();
  }

  /** Nearest passages, one per page, fused from the vector and full-text legs, above the floor. */
  async search(query: string, limit: number): Promise<Hit[]> {
    const live = this.live;
    if (!live) throw new Error("the search index is not built yet");
    const [vector] = await this.embedder.embed([query]);
    const [vectorRows, textRows] = await Promise.all([
      live.table.vectorSearch(Array.from(vector)).distanceType("cosine").limit(LEG_DEPTH).toArray() as Promise<Record<string, unknown>[]>,
      // A query the full-text parser cannot read still gets the vector leg.
      (live.table.query().fullTextSearch(query).limit(LEG_DEPTH).toArray() as Promise<Record<string, unknown>[]>).catch(() => []),
    ]);
    const fused = new Map<string, { row: Record<string, unknown>; rrf: number }>();
    for (const rows of [vectorRows, textRows]) {
      rows.forEach((row, rank) => {
        const entry = fused.get(row.id as string) ?? { row, rrf: 0 };
        entry.rrf += 1 / (RRF_K + rank + 1);
        fused.set(row.id as string, entry);
      });
    }
    const bestPerPage = new Map<string, { hit: Hit; rrf: number }>();
    for (const { row, rrf } of fused.values()) {
      // The vector leg already measured cosine distance; only passages found by words alone need it computed.
      const similarity = typeof row._distance === "number" ? 1 - row._distance : cosine(vector, Float32Array.from(row.vector as ArrayLike<number>));
      const score = Math.max(0, Math.min(1, similarity));
      if (score < this.floor) continue;
      const page = row.page as string;
      const current = bestPerPage.get(page);
      if (!current || rrf > current.rrf) bestPerPage.set(page, { hit: { chunk: toChunk(row), score: round(score) }, rrf: Math.max(rrf, current?.rrf ?? 0) });
    }
    return [...bestPerPage.values()].sort((a, b) => b.rrf - a.rrf).slice(0, limit).map((e) => e.hit);
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;

function toChunk(row: Record<string, unknown>): Chunk {
  return {
    id: row.id as string,
    page: row.page as string,
    title: row.title as string,
    pagePath: row.pagePath as string,
    path: (row.path as string) || null,
    slug: (row.slug as string) || null,
    category: row.category as string,
    section: (row.section as string) || null,
    text: row.text as string,
  };
}
