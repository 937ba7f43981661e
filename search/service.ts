// The search capability as the rest of the app sees it. At start it answers from words within a second
// (the library's titles, stems and, once read, WordNet expansions), while the embedder is chosen and the
// vector index is opened or built in the background; when that index is ready, answers use meaning too,
// without a restart. 503 (Unavailable) only while nothing at all can answer yet, or after a failure.
import { join } from "node:path";
import type { Logger } from "../core/logger.ts";
import type { Config } from "../config.ts";
import type { Library } from "../corpus/library.ts";
import { unavailable } from "../core/errors.ts";
import type { Embedder } from "./embedder.ts";
import { LibraryIndex, type Hit } from "./index.ts";
import { prepareRows, storedIndexMatches, type Prepared } from "./index-recipe.ts";
import type { MemoryMemo } from "./stored-memory.ts";
import type { Expansions } from "./lexicon.ts";
import { MemoryIndex } from "./memory.ts";
import { calibrationFor } from "./rank.ts";

/** `words`: titles, stems and expansions only (the vectors are still being prepared); `hybrid`: words and meaning. */
export type SearchMethod = "words" | "hybrid";

export interface Found {
  hits: Hit[];
  method: SearchMethod;
  /** The embedder behind the hits' meaning; null for words-only hits. */
  embedder: Embedder | null;
}

/** What start-up is still preparing, for /api/health. */
export interface SearchPreparation {
  words: "waiting" | "ready";
  expansions: "waiting" | "ready" | "failed";
  vectors: "choosing embedder" | "opening" | "building" | "ready" | "failed";
  /** Why the index serves older content than the library (a rebuild after a change failed; retried), else null. */
  behind: string | null;
}

/** How long a search waits for the first answerable index before answering 503 (a start on an empty folder needs ~1 s). */
const FIRST_ANSWER_WAIT_MS = 15_000;

export class SearchService {
  index: LibraryIndex | null = null;
  embedderReason = "";
  failure: string | null = null;
  private words: MemoryIndex | null = null;
  private wordPassages = 0;
  private prepared: Promise<Prepared> | null = null;
  /** The library content `prepared` was made from (its one key). */
  private preparedFor = "";
  private expansionsRead = false;
  /** Why WordNet could not be read after the child's retries (search matches without related words). */
  private expansionsFailure: string | null = null;
  private opening: Promise<void> | null = null;
  private stopped = false;
  private inFull = false;
  /** Resolves when something can answer (words or the full index); each search awaits it at most once. */
  readonly answerable: Promise<void>;
  private markAnswerable!: () => void;
  /** Resolves when search answers in full (meaning and words); never if the vectors fail. */
  readonly complete: Promise<void>;
  private markComplete!: () => void;

  constructor(
    private log: Logger,
    private options: { firstAnswerWaitMs?: number; memo?: MemoryMemo } = {},
  ) {
    this.answerable = new Promise((resolve) => (this.markAnswerable = resolve));
    this.complete = new Promise((resolve) => (this.markComplete = resolve));
  }

  /**
   * Resolves when an index open or build under way has ended: a build stops at its next batch (search/index.ts
   * `stop`), and stopping waits for that, so nothing writes into a closed data folder.
   */
  async settle(): Promise<void> {
    // An embedder still being chosen is not waited for (it may never answer); it will not open an index after this.
    this.stopped = true;
    this.index?.stop();
    await this.opening?.catch(() => {});
    await this.index?.settled();
    await this.prepared?.then((p) => p.expansions).catch(() => {});
  }

  /** Start in the background; never throws (a failure is reported by health and 503s). */
  async start(config: Config, library: Library, choose: () => Promise<{ embedder: Embedder; reason: string }>): Promise<void> {
    const dir = join(config.dataDir, "index");
    // A stored index for this library opens in about a second: answer from it. Otherwise words come first.
    const stored = await storedIndexMatches(dir, library).catch(() => false);
    if (!stored) void this.answerFromWords(library);
    return choose()
      .then(async ({ embedder, reason }) => {
        if (this.stopped) return;
        this.embedderReason = reason;
        this.index = new LibraryIndex(dir, embedder, calibrationFor(embedder.id), this.log, this.options.memo);
        await (this.opening = this.index.open(library, () => this.answerFromWords(library)));
        await this.index.settled();
        if (this.index.ready) this.answersInFull();
      })
      .catch((err) => {
        // Stopped midway (a stop during a first start ends its children): a stop, not a failure to report.
        if (this.stopped) return;
        this.failure = (err as Error).message;
        this.log.error({ err }, "search could not start: answering from words only");
        void this.answerFromWords(library);
      });
  }

  /** Search answers by meaning and words from here on: the words-only index and its rows have done their work. */
  private answersInFull(): void {
    if (this.inFull) return;
    this.inFull = true;
    this.markAnswerable();
    this.markComplete();
    this.words = null;
    this.prepared = null;
  }

  /**
   * The rows (without vectors) and expansions, prepared once per library content; the words-only index is built
   * from them. Keyed by the content hash: an approval may replace the library (in place) after the words were
   * prepared and before the vectors' index opens from these rows, and rows of the older content would then be
   * indexed under the newer content's hash, the approved piece never found and never rebuilt.
   */
  private answerFromWords(library: Library): Promise<Prepared> {
    if (this.prepared && this.preparedFor === library.contentHash) return this.prepared;
    const content = (this.preparedFor = library.contentHash);
    this.prepared = prepareRows(library, (message) => this.log.warn({ child: "wordnet" }, message)).then((prepared) => {
      void this.buildWords(prepared, content);
      return prepared;
    });
    return this.prepared;
  }

  private async buildWords(prepared: Prepared, content: string): Promise<void> {
    try {
      const words = await MemoryIndex.from(prepared.rows, new Map());
      // Rows of content replaced meanwhile answer nothing: the newer content's own are on their way.
      if (content !== this.preparedFor) return;
      this.words = words;
      this.wordPassages = prepared.rows.filter((r) => r.role === "passage").length;
      this.markAnswerable();
      this.log.info({ rows: prepared.rows.length }, "search answers from words while the vectors are prepared");
      const { expansions } = await prepared.expansions.catch((err: unknown) => {
        this.expansionsFailure = err instanceof Error ? err.message : String(err);
        throw err;
      });
      this.expansionsRead = true;
      if (!this.index?.ready) {
        const withExpansions = await MemoryIndex.from(prepared.rows, expansions);
        if (!this.index?.ready && content === this.preparedFor) this.words = withExpansions;
      }
    } catch (err) {
      if (!this.stopped) this.log.error({ err }, "the words-only search index could not be built");
    }
  }

  get ready(): boolean {
    return this.index?.ready ?? false;
  }

  /** Whether a search would answer now (from words or in full). */
  get answering(): boolean {
    return this.ready || this.words !== null;
  }

  /** The WordNet expansions of the index that answers now (answers match questions with them too). */
  get expansions(): Expansions | null {
    return this.index?.ready ? this.index.expansions : (this.words?.expansions ?? null);
  }

  /** Pages and passages of the index that answers now. */
  stats(): { documents: number; count: number } {
    if (this.index?.ready) return this.index.stats();
    return { documents: this.words?.pageCount ?? 0, count: this.words ? this.wordPassages : 0 };
  }

  get method(): SearchMethod | null {
    return this.ready ? "hybrid" : this.words ? "words" : null;
  }

  preparation(): SearchPreparation {
    const index = this.index;
    const failed = this.failure !== null || (!!index?.buildFailure && !index.isBuilding);
    const vectors = index?.ready ? "ready" : failed ? "failed" : index?.isBuilding ? "building" : index ? "opening" : "choosing embedder";
    return {
      words: this.answering ? "ready" : "waiting",
      expansions: this.expansionsRead || index?.ready ? "ready" : this.expansionsFailure ? "failed" : "waiting",
      vectors,
      behind: index?.ready && index.buildFailure && !index.isBuilding ? index.buildFailure : null,
    };
  }

  /**
   * Waits (bounded) for the first index that can answer: a new process's first request (a one-shot stdio call)
   * arrives a moment before the words are read, and gets its answer rather than "being built".
   */
  async firstAnswer(): Promise<void> {
    if (this.answering || this.failure) return;
    const waited = new Promise<void>((resolve) => setTimeout(resolve, this.options.firstAnswerWaitMs ?? FIRST_ANSWER_WAIT_MS).unref());
    await Promise.race([this.answerable, waited]);
  }

  /** Hits with how they were found. Waits (bounded) for the first index that can answer. */
  async find(query: string, limit: number): Promise<Found> {
    await this.firstAnswer();
    const index = this.index;
    if (index?.ready) {
      // A first build that failed and succeeded on a later try (review/approved-sync.ts): start-up ends now.
      this.answersInFull();
      return { hits: await index.search(query, limit), method: "hybrid", embedder: index.embedder };
    }
    if (this.words) return { hits: this.words.search(query, new Float32Array(0), limit, calibrationFor("")), method: "words", embedder: null };
    throw unavailable(this.failure ? "Search is not available: its index could not be built." : "The library's search index is being built.", {
      suggestion: "This takes a moment after the sanctuary starts. Meanwhile the library can be read directly with read_doc, starting from the welcome.",
    });
  }

  async search(query: string, limit: number): Promise<Hit[]> {
    return (await this.find(query, limit)).hits;
  }
}
