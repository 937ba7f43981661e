// The search capability as the rest of the app sees it: chooses the embedder and opens or builds
// the index in the background at startup, and answers 503 (Unavailable) until the first index exists.
import { join } from "node:path";
import type { Logger } from "../core/logger.ts";
import type { Config } from "../config.ts";
import type { Library } from "../corpus/library.ts";
import { unavailable } from "../core/errors.ts";
import type { Embedder } from "./embedder.ts";
import { LibraryIndex, type Hit } from "./index.ts";
import { calibrationFor } from "./rank.ts";

export class SearchService {
  index: LibraryIndex | null = null;
  embedderReason = "";
  failure: string | null = null;
  private opening: Promise<void> | null = null;
  private stopped = false;

  constructor(private log: Logger) {}

  /** Resolves when an index open or build under way has finished: stopping waits for it, so nothing writes into a closed data folder. */
  async settle(): Promise<void> {
    // An embedder still being chosen is not waited for (it may never answer); it will not open an index after this.
    this.stopped = true;
    await this.opening?.catch(() => {});
    await this.index?.settled();
  }

  /** Start in the background; never throws (a failure is reported by health and 503s). */
  start(config: Config, library: Library, choose: () => Promise<{ embedder: Embedder; reason: string }>): Promise<void> {
    return choose()
      .then(async ({ embedder, reason }) => {
        if (this.stopped) return;
        this.embedderReason = reason;
        this.index = new LibraryIndex(join(config.dataDir, "index"), embedder, calibrationFor(embedder.id), this.log);
        await (this.opening = this.index.open(library));
      })
      .catch((err) => {
        this.failure = (err as Error).message;
        this.log.error({ err }, "search could not start");
      });
  }

  get ready(): boolean {
    return this.index?.ready ?? false;
  }

  async search(query: string, limit: number): Promise<Hit[]> {
    if (!this.index?.ready) {
      throw unavailable(this.failure ? "Search is not available: its index could not be built." : "The library's search index is being built.", {
        suggestion: "This takes a moment after the sanctuary starts. Meanwhile the library can be read directly with read_doc, starting from the welcome.",
      });
    }
    return this.index.search(query, limit);
  }
}
