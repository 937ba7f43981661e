// Which pieces have a rendered recording (npm run recordings writes DATA_DIR/media/manifest.json),
// and so how long each piece really is: a measured recording wins over the declared length.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
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
    const dir = join(dataDir, "media");
    const text = await readFile(join(dir, "manifest.json"), "utf8").catch(() => null);
    if (!text) return new Media(dir);
    const parsed = Manifest.safeParse(JSON.parse(text));
    return new Media(dir, parsed.success ? parsed.data : {});
  }

  /** The recording of a piece (by library path), if one was rendered. */
  recording(piece: Piece): ManifestEntry | undefined {
    return this.entries[piece.path];
  }

  /** A piece's length in seconds (decisions §12). */
  secondsOf(piece: Piece): number {
    return this.entries[piece.path]?.seconds ?? piece.declaredSeconds;
  }

  /** Absolute URL of the recording, or null when none was rendered (decisions §23). */
  recordingUrl(piece: Piece, base: string): string | null {
    const entry = this.entries[piece.path];
    return entry ? `${base}/media/${entry.file}` : null;
  }
}

/** `M:SS` for a length in seconds. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}
