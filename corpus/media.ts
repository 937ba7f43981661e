// Which pieces have a rendered recording (npm run recordings writes DATA_DIR/media/manifest.json),
// and so how long each piece really is: a measured recording wins over the declared length.
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { writeFileAtomically } from "../core/atomic-write.ts";
import type { Piece } from "./library.ts";

export const ManifestEntry = z.object({
  file: z.string().describe("path under DATA_DIR/media"),
  seconds: z.number().positive(),
  bytes: z.number().int().positive(),
  sourceHash: z.string(),
});
export const Manifest = z.record(z.string(), ManifestEntry);
export type ManifestEntry = z.infer<typeof ManifestEntry>;

export class Media {
  constructor(
    readonly dir: string,
    private entries: Record<string, ManifestEntry> = {},
  ) {}

  static async open(dataDir: string): Promise<Media> {
    const media = new Media(join(dataDir, "media"));
    await media.reload();
    return media;
  }

  private watcher?: NodeJS.Timeout;
  private seenMtime = 0;
  /** Grows with every reload: views built from recordings include it in their cache keys. */
  version = 0;

  /** Re-read the manifest, so recordings rendered while the server runs appear without a restart. */
  async reload(): Promise<void> {
    this.seenMtime = (await stat(join(this.dir, "manifest.json")).catch(() => null))?.mtimeMs ?? 0;
    this.entries = await readManifest(this.dir);
    this.version++;
  }

  /** Reload whenever the manifest changes (checked every `ms`): `npm run recordings` may run beside the server. */
  watch(ms = 15_000): void {
    this.watcher ??= setInterval(async () => {
      const mtime = (await stat(join(this.dir, "manifest.json")).catch(() => null))?.mtimeMs ?? 0;
      if (mtime !== this.seenMtime) await this.reload().catch(() => {});
    }, ms).unref();
  }

  close(): void {
    clearInterval(this.watcher);
    this.watcher = undefined;
  }

  /** The recording of a piece (by library path), if one was rendered. */
  recording(piece: Piece): ManifestEntry | undefined {
    return this.entries[piece.path];
  }

  /** A piece's length in seconds (docs/behaviour.md §3). */
  secondsOf(piece: Piece): number {
    return this.entries[piece.path]?.seconds ?? piece.declaredSeconds;
  }

  /** Absolute URL of the recording, or null when none was rendered (docs/behaviour.md §3). */
  recordingUrl(piece: Piece, base: string): string | null {
    const entry = this.entries[piece.path];
    return entry ? `${base}/media/${entry.file}` : null;
  }
}

/** The manifest in a media folder; missing or unreadable reads as empty (nothing rendered yet). */
export async function readManifest(dir: string): Promise<Record<string, ManifestEntry>> {
  const text = await readFile(join(dir, "manifest.json"), "utf8").catch(() => null);
  if (!text) return {};
  try {
    const parsed = Manifest.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The manifest as `npm run recordings` keeps it: saved whole after every change (temp file + rename) so an interrupted run loses nothing. */
export class ManifestStore {
  private chain: Promise<void> = Promise.resolve();

  private constructor(
    readonly mediaDir: string,
    readonly entries: Record<string, ManifestEntry>,
  ) {}

  static async open(mediaDir: string): Promise<ManifestStore> {
    return new ManifestStore(mediaDir, await readManifest(mediaDir));
  }

  /** Whether a piece's recording exists and was rendered from the same text and settings. */
  async isCurrent(want: { piece: Piece; file: string; sourceHash: string }): Promise<boolean> {
    const entry = this.entries[want.piece.path];
    if (!entry || entry.sourceHash !== want.sourceHash || entry.file !== want.file) return false;
    return stat(join(this.mediaDir, want.file)).then(
      (s) => s.size === entry.bytes,
      () => false,
    );
  }

  set(path: string, entry: ManifestEntry): Promise<void> {
    this.entries[path] = entry;
    return this.save();
  }

  /** Drop entries for pieces no longer in the library. */
  prune(keep: Set<string>): Promise<void> {
    for (const path of Object.keys(this.entries)) if (!keep.has(path)) delete this.entries[path];
    return this.save();
  }

  // Writes are queued so concurrent renders never interleave two saves.
  private save(): Promise<void> {
    const file = join(this.mediaDir, "manifest.json");
    const text = JSON.stringify(Object.fromEntries(Object.entries(this.entries).sort(([a], [b]) => a.localeCompare(b))), null, 2) + "\n";
    this.chain = this.chain.catch(() => {}).then(() => writeFileAtomically(file, text));
    return this.chain;
  }
}

/** `M:SS` for a length in seconds. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}
