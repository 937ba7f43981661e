// A piece's declared `seconds` against its recording (docs/behaviour.md §3: once recorded, the measured length
// is the one every surface states). The writer's estimate is only a guess before the piece is recorded; this
// finds the estimates a recording has shown wrong, and writes the measured length back into the front matter.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ManifestEntry } from "./media.ts";

export interface SecondsComparison {
  /** library path, as the manifest keys it ("chants/april-soaking") */
  path: string;
  declared: number;
  recorded: number;
  /** |recorded − declared| / recorded */
  off: number;
}

/** How far a declared length may stray from its recording before the check names it. */
export const SECONDS_TOLERANCE = 0.1;

/**
 * Every recorded piece's declared length beside its measured one, the furthest off first. `current` says whether a
 * recording was made from the piece as it now stands (a rewritten piece's old recording measures the old text).
 */
export function compareSeconds<P extends { path: string; declaredSeconds: number }>(
  pieces: readonly P[],
  manifest: Record<string, ManifestEntry>,
  current: (piece: P, entry: ManifestEntry) => boolean = () => true,
): SecondsComparison[] {
  const out: SecondsComparison[] = [];
  for (const p of pieces) {
    const entry = manifest[p.path];
    if (!entry || !current(p, entry)) continue;
    out.push({ path: p.path, declared: p.declaredSeconds, recorded: entry.seconds, off: Math.abs(entry.seconds - p.declaredSeconds) / entry.seconds });
  }
  return out.sort((a, b) => b.off - a.off || a.path.localeCompare(b.path));
}

const SECONDS_LINE = /^seconds:[ \t]*\d+(?:\.\d+)?[ \t]*$/m;

/** A library file's text with its front matter's `seconds` set; the rest untouched, byte for byte. */
export function withSeconds(text: string, seconds: number): string {
  const end = text.startsWith("---\n") ? text.indexOf("\n---", 4) : -1;
  if (end < 0) throw new Error("no front matter");
  const head = text.slice(0, end);
  if (!SECONDS_LINE.test(head)) throw new Error("no seconds line in the front matter");
  return head.replace(SECONDS_LINE, `seconds: ${seconds}`) + text.slice(end);
}

/**
 * Writes each recorded piece's measured length (whole seconds) into its file under `libraryDir`, where the
 * declared one is more than the tolerance off. Returns what changed. Only those: `seconds` is a render input,
 * so every file changed here renders again, and a length within the tolerance already agrees. A song fills
 * its declared length (or the time its words need, when longer), and a chant's rounds are the ones whose
 * estimated length (corpus/chant-length.ts) comes nearest it, so the new recordings land on the length written here.
 */
export async function fixSeconds(libraryDir: string, comparisons: SecondsComparison[]): Promise<Array<{ path: string; from: number; to: number }>> {
  const changed: Array<{ path: string; from: number; to: number }> = [];
  for (const c of comparisons) {
    const to = Math.round(c.recorded);
    if (c.off <= SECONDS_TOLERANCE || to === c.declared) continue;
    const file = join(libraryDir, `${c.path}.md`);
    await writeFile(file, withSeconds(await readFile(file, "utf8"), to));
    changed.push({ path: c.path, from: c.declared, to });
  }
  return changed;
}
