// Approved contributions live in the shared store as well as in the approving process's library folder, so
// every process and machine on that store serves them: each one looks every SYNC_MS for approved pieces its
// own folder lacks, writes them in, reloads its library in place and rebuilds its search index. The library's
// content hash covers every file, so processes that hold the same pieces report the same hash and index alike.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomically } from "../core/atomic-write.ts";
import { z } from "zod";
import { loadLibrary } from "../corpus/library.ts";
import { keyFamily } from "../storage/key-family.ts";
import type { KeyValueStore } from "../storage/kv.ts";
import { indexBehind, reindex, type PublishPorts } from "./publish.ts";
import { logFailureUnlessStoreDown } from "../storage/store-failure.ts";

/** Well inside the minute an operator may expect: a few key listings a minute cost next to nothing. */
export const SYNC_MS = 15_000;
/** A search index left behind the library (or never built) is rebuilt at most this often (a build that keeps failing costs a core while it runs). */
export const CATCH_UP_MS = 60_000;

const PREFIX = "library:approved:";
// `<category>:<slug>`: a "/" in a key segment would be stored encoded (storage/kv.ts safeKey).
const keyOf = (path: string) => `${PREFIX}${path.replace("/", ":")}`;
const pathOf = (key: string) => key.slice(PREFIX.length).replace(":", "/");

const ApprovedPiece = z.object({
  /** Library path, `<category>/<slug>`: nothing else is ever written into the library folder. */
  path: z.string().regex(/^[a-z]+\/[a-z0-9]+(-[a-z0-9]+)*$/),
  /** The file's whole text, front matter included. */
  source: z.string(),
  approvedAt: z.string(),
});
export type ApprovedPiece = z.infer<typeof ApprovedPiece>;

/** An approval that cannot be read (or names a path outside the library's form) is passed over, warned once. */
const APPROVED = keyFamily("approved contribution", ApprovedPiece, { ifCorrupt: "missing" });

/** Records an approval for the other processes (after the approving one has published it). */
export function recordApproval(kv: KeyValueStore, piece: ApprovedPiece): Promise<void> {
  return kv.set(keyOf(piece.path), piece);
}

export class ApprovedSync {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private caughtUpAt = -Infinity;

  constructor(
    private readonly kv: KeyValueStore,
    private readonly ports: PublishPorts,
    private readonly everyMs = SYNC_MS,
    private readonly catchUpMs = CATCH_UP_MS,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.sync().catch(logFailureUnlessStoreDown(this.ports.log, "adding approved contributions failed")), this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Adds what this process lacks; resolves to how many pieces were added. One pass at a time. */
  sync(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<number> {
    const { library, libraryDir, log } = this.ports;
    const keys = await this.kv.keys(PREFIX.slice(0, -1));
    const missing = keys.map(pathOf).filter((path) => !library.piece(path));
    if (!missing.length) {
      this.catchUp();
      return 0;
    }
    const written: string[] = [];
    for (const path of missing) {
      const piece = await this.kv.read(APPROVED, keyOf(path));
      if (!piece) continue;
      const file = join(libraryDir, `${piece.path}.md`);
      // A folder shared by several processes may have the file already; it then only needs a reload.
      if (!existsSync(file)) await writeFileAtomically(file, piece.source);
      written.push(piece.path);
    }
    if (!written.length) return 0;
    const fresh = await loadLibrary(libraryDir);
    library.replaceWith(fresh);
    log.info({ added: written, hash: fresh.contentHash }, "approved contributions added from the shared store");
    void reindex(this.ports);
    return written.length;
  }

  /** Rebuilds a search index left behind the library (see indexBehind), at most once a CATCH_UP_MS. */
  private catchUp(): void {
    if (!indexBehind(this.ports) || Date.now() - this.caughtUpAt < this.catchUpMs) return;
    this.caughtUpAt = Date.now();
    const index = this.ports.search.index;
    this.ports.log.warn(
      { index: index?.contentHash, library: this.ports.library.contentHash, lastFailure: index?.buildFailure },
      index?.ready ? "search index is behind the library: rebuilding" : "search index could not be built: building it again",
    );
    void reindex(this.ports);
  }
}
