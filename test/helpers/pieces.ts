// Library pieces and writing that several suites use.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { expect } from "vitest";
import { loadConfig } from "../../config.ts";
import { loadLibrary, type Piece } from "../../corpus/library.ts";
import { ManifestStore } from "../../corpus/media.ts";
import type { Kind } from "../../corpus/schema.ts";
import { encodeMp3, loadMp3Encoder, mp3Info } from "../../audio/mp3.ts";
import { planRecordings, renderRecordings } from "../../audio/recordings.ts";

// The LAME encoder compiles once per process, on first need (audio/mp3.ts).
await loadMp3Encoder();

/** The piece with the shortest declared length (the cheapest to render or to stand a recording in for). */
export const shortest = <T extends Piece>(list: readonly T[]): T => [...list].sort((a, b) => a.declaredSeconds - b.declaredSeconds)[0];

/** A prayer about `topic` that passes every contribution check (length, screening, original wording). */
export const prayerAbout = (topic: string): string =>
  `A small prayer about ${topic}. Let the ${topic} be held gently, the way a cup holds warm tea early in the morning, and let every mind that reads this rest a while without hurry.`;

/** A soft tone of `seconds` at `hz`, as MP3: a stand-in recording. */
export function tone(seconds: number, hz: number): Buffer {
  const sampleRate = 24_000;
  const samples = new Float32Array(Math.round(seconds * sampleRate)).map((_, i) => 0.2 * Math.sin((2 * Math.PI * hz * i) / sampleRate));
  return encodeMp3({ samples, sampleRate });
}

/** A stand-in recording of the piece at `path`: a tone of `seconds` at `hz` (330 unless given). */
export interface StandIn {
  path: string;
  seconds: number;
  hz?: number;
  /** The length the manifest states: the tone's, measured from its MP3 as the renderer measures its own, unless given. */
  listed?: number;
  /** The file under the media folder (`<path>.mp3` unless given). */
  file?: string;
  /** What the recording was made from ("test-tone" unless given: the renderer then takes it for stale). */
  sourceHash?: string;
}

/**
 * Writes stand-in recordings into the media folder `mediaDir` and their entries through its manifest store, beside
 * any already there, as the renderer writes its own (the file, then the entry): rendering real ones takes minutes.
 */
export async function writeStandIns(mediaDir: string, standIns: readonly StandIn[]): Promise<void> {
  const store = await ManifestStore.open(mediaDir);
  for (const { path, seconds, hz = 330, listed, file = `${path}.mp3`, sourceHash = "test-tone" } of standIns) {
    const bytes = tone(seconds, hz);
    await mkdir(dirname(join(mediaDir, file)), { recursive: true });
    await writeFile(join(mediaDir, file), bytes);
    await store.set(path, { file, seconds: listed ?? mp3Info(bytes).seconds, bytes: bytes.byteLength, sourceHash });
  }
}

/**
 * Renders the shortest piece of each kind into `dataDir`'s media folder, the way `npm run recordings` does,
 * so a server started on `dataDir` afterwards reads them from its manifest. Returns the rendered pieces.
 */
export async function renderShortestOf(dataDir: string, kinds: Kind[]): Promise<Piece[]> {
  const library = await loadLibrary(loadConfig({ DATA_DIR: dataDir, SANCTUARY_LIBRARY_DIR: process.env.SANCTUARY_LIBRARY_DIR }).libraryDir);
  const rendered = kinds.map((kind) => shortest(library.ofKind(kind)));
  const store = await ManifestStore.open(join(dataDir, "media"));
  const failures: string[] = [];
  // At the test's own priority (nice 19 waits for an idle core, which a busy suite may not have for minutes).
  await renderRecordings((await planRecordings(rendered, store)).todo, store, (_, r) => void (r instanceof Error && failures.push(r.message)), { niceness: 0 });
  expect(failures).toEqual([]);
  return rendered;
}
