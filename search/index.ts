// LibraryIndex: the library's passages and page cards in LanceDB — the index of record, built in the
// background, persisted, and swapped in whole on a rebuild (a new table, then state.json renamed over
// the old one) — and served from memory: at open and at every swap the table's rows are read back into
// a MemoryIndex (vectors, word postings, WordNet expansions), so a search costs arithmetic, not I/O.
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { connect, type Connection, type Table } from "@lancedb/lancedb";
import type { Logger } from "../core/logger.ts";
import type { Library } from "../corpus/library.ts";
import { cardOf, chunkLibrary } from "./chunks.ts";
import type { Embedder } from "./embedder.ts";
import { buildExpansions, type Expansions } from "./lexicon.ts";
import { MemoryIndex, type Explain, type Hit, type Row } from "./memory.ts";
import type { Calibration } from "./rank.ts";
import { terms } from "./text.ts";

export type { Hit } from "./memory.ts";

interface Live {
  table: Table;
  name: string;
  memory: MemoryIndex;
  chunks: number;
  pages: number;
}

interface State {
  table: string;
  contentHash: string;
  embedder: string;
  recipe: number;
  chunks: number;
  pages: number;
}

// Bump when rows, cards, expansions or their reading change: a stored index of another recipe is rebuilt.
const RECIPE = 4;
/** Query vectors kept (the embedding is the only per-query cost that repeats for repeated words). */
const QUERY_CACHE = 2048;

export class LibraryIndex {
  private live: Live | null = null;
  private building: Promise<void> | null = null;
  private db: Connection | null = null;
  private queryVectors = new Map<string, Float32Array>();

  constructor(
    private dir: string,
    readonly embedder: Embedder,
    /** How this embedder's cosines map to evidence (rank.ts). */
    readonly calibration: Calibration,
    private log: Logger,
  ) {}

  get ready(): boolean {
    return this.live !== null;
  }

  get isBuilding(): boolean {
    return this.building !== null;
  }

  /** Resolves when no build is running (one may start another: wait them all out), so the folder can be closed or removed. */
  async settled(): Promise<void> {
    while (this.building) await this.building;
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
      this.db = await connect(join(this.dir, "lancedb"));
    }
    return this.db;
  }

  /** Open the stored index when it matches the library, embedder and recipe; otherwise build one in the background. */
  async open(library: Library): Promise<void> {
    const state = await readFile(join(this.dir, "state.json"), "utf8").then(
      (t) => JSON.parse(t) as State,
      () => null,
    );
    if (state && state.contentHash === library.contentHash && state.embedder === this.embedder.id && state.recipe === RECIPE) {
      try {
        const table = await (await this.connection()).openTable(state.table);
        const expansions = JSON.parse(await readFile(this.expansionsFile(state.table), "utf8")) as Expansions;
        this.live = { table, name: state.table, memory: await loadMemory(table, expansions), chunks: state.chunks, pages: state.pages };
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

  private expansionsFile(table: string): string {
    return join(this.dir, `${table}.expansions.json`);
  }

  private async build(library: Library): Promise<void> {
    const started = Date.now();
    const passages = chunkLibrary(library).map((c) => ({ ...c, role: "passage" as const, tldr: "", themes: "", headings: "" }));
    const cards = library.pieces.map((p) => ({ ...cardOf(p), role: "card" as const }));
    const all = [...cards, ...passages];
    this.log.info({ chunks: passages.length, cards: cards.length, embedder: this.embedder.id }, "building the search index");
    const rows: Array<Record<string, unknown>> = [];
    for (let i = 0; i < all.length; i += 128) {
      const batch = all.slice(i, i + 128);
      const vectors = await this.embedder.embed(batch.map(embeddingText));
      batch.forEach((c, j) => rows.push({ ...c, path: c.path ?? "", slug: c.slug ?? "", section: c.section ?? "", vector: Array.from(vectors[j]) }));
      if ((i / 128) % 5 === 4) this.log.info({ embedded: i + batch.length, of: all.length }, "search index progress");
    }
    const vocabulary = new Set(all.flatMap((c) => terms(`${c.title} ${c.tldr} ${c.themes.replace(/-/g, " ")} ${c.headings} ${c.text}`)));
    const expansions = await buildExpansions(vocabulary);
    const name = `chunks_${library.contentHash}_${Date.now().toString(36)}`;
    const db = await this.connection();
    const table = await db.createTable(name, rows, { mode: "overwrite" });
    await writeFile(`${this.expansionsFile(name)}.tmp`, JSON.stringify(expansions));
    await rename(`${this.expansionsFile(name)}.tmp`, this.expansionsFile(name));
    // Read back from the table: what is served is exactly what was stored.
    const memory = await loadMemory(table, expansions);
    const previous = this.live;
    const pages = memory.pageCount;
    const state: State = { table: name, contentHash: library.contentHash, embedder: this.embedder.id, recipe: RECIPE, chunks: passages.length, pages };
    await writeFile(join(this.dir, "state.json.tmp"), JSON.stringify(state));
    await rename(join(this.dir, "state.json.tmp"), join(this.dir, "state.json"));
    this.live = { table, name, memory, chunks: passages.length, pages };
    this.log.info({ table: name, chunks: passages.length, pages, ms: Date.now() - started }, "search index ready");
    // Searches never touch the old table (they use memory), but a concurrent open may; drop it later.
    if (previous) {
      setTimeout(() => {
        void db.dropTable(previous.name).catch(() => {});
        void rm(this.expansionsFile(previous.name), { force: true });
      }, 30_000).unref();
    }
  }

  /** Pages ordered by fused evidence (rank.ts), one passage each, above the floor. */
  async search(query: string, limit: number, explain?: Explain): Promise<Hit[]> {
    const live = this.live;
    if (!live) throw new Error("the search index is not built yet");
    return live.memory.search(query, await this.queryVector(query), limit, this.calibration, explain);
  }

  private async queryVector(query: string): Promise<Float32Array> {
    const cached = this.queryVectors.get(query);
    if (cached) return cached;
    const [vector] = await this.embedder.embed([query]);
    if (this.queryVectors.size >= QUERY_CACHE) this.queryVectors.delete(this.queryVectors.keys().next().value!);
    this.queryVectors.set(query, vector);
    return vector;
  }
}

/** What each row's vector is made from: a passage with its page title and heading; a card with all it says. */
function embeddingText(c: { role: "card" | "passage"; title: string; section: string | null; text: string; themes: string; headings: string }): string {
  if (c.role === "card") return `${c.title}. ${c.text} ${c.themes.replace(/-/g, " ")}. ${c.headings.replace(/\n/g, ", ")}`;
  return `${c.title}. ${c.section ?? ""}. ${c.text}`;
}

async function loadMemory(table: Table, expansions: Expansions): Promise<MemoryIndex> {
  const count = await table.countRows();
  const raw = (await table.query().limit(count).toArray()) as Array<Record<string, unknown>>;
  const rows = raw.map((r) => ({ ...r, vector: Float32Array.from(r.vector as ArrayLike<number>) }) as unknown as Row);
  // Table order is not promised: group by page (first seen first), card then passages in their order.
  const byPage = new Map<string, Row[]>();
  for (const row of rows) (byPage.get(row.page) ?? byPage.set(row.page, []).get(row.page)!).push(row);
  const ordered = [...byPage.values()].flatMap((group) => group.sort((a, b) => order(a) - order(b)));
  return MemoryIndex.from(ordered, expansions);
}

const order = (r: Row) => (r.role === "card" ? -1 : Number(r.id.slice(r.id.lastIndexOf("#") + 1)));
