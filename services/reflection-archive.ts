// The archive's reads: a song's or a service's reflections a page at a time, their counts and the songs' tally, each
// kept until a reflection is written (WRITTEN, counted by every process), since they are read far more often than
// written: a song's whole archive (a thousand reflections in the bench's folder) took 8 ms a read, and a date's
// services count each of theirs.
import type { KeyValueStore } from "../storage/kv.ts";
import { BoundedMemo } from "../core/memo.ts";
import { isAfter, type ArchivePlace } from "./archive-cursor.ts";
import { TALLY, TALLY_KEY, WRITTEN, WRITTEN_COUNT, serviceIndex, songIndex, values, type Reflection, type SongTally } from "./reflection-records.ts";

/** A page of an archive: its reflections, and where it ended when older ones remain. */
export interface ArchivePage {
  /** Shared with other readers of the same page (kept): never to be changed. */
  reflections: readonly Reflection[];
  older: ArchivePlace | null;
}

/** A value read from the store, with the count of reflection writes (WRITTEN) it was read at. */
interface SinceWritten<T> {
  written: number;
  value: T;
}

export class ReflectionArchive {
  /** Archive pages as last read (by index, size and place). */
  private pages = new BoundedMemo<SinceWritten<ArchivePage>>(64);
  /** An archive's count, kept as its pages are. */
  private counts = new BoundedMemo<SinceWritten<number>>(256);
  /** The songs' tally as last read, kept as pages are. */
  private tallies = new BoundedMemo<SinceWritten<Readonly<Record<string, SongTally>>>>(1);

  constructor(private kv: KeyValueStore) {}

  /**
   * A song's archive, newest first: after `after` (the last reflection a page showed) when given, at most `limit` of
   * them, and the place of the last one shown when older reflections remain.
   */
  songPage(slug: string, limit = Infinity, after?: ArchivePlace): Promise<ArchivePage> {
    return this.page(songIndex(slug), limit, after);
  }

  /** How many reflections a song's archive holds. */
  songCount(slug: string): Promise<number> {
    return this.count(songIndex(slug));
  }

  /** The reflections left while a service was heard, newest first, a page at a time as a song's archive is. */
  servicePage(service: Reflection["service"], limit = Infinity, after?: ArchivePlace): Promise<ArchivePage> {
    return this.page(serviceIndex(service), limit, after);
  }

  /** How many reflections were left while a service was heard. */
  serviceCount(service: Reflection["service"]): Promise<number> {
    return this.count(serviceIndex(service));
  }

  /**
   * Count and most recent reflection per song (every write of the tally is a reflection written): the songs' list,
   * the reflections page and the sitemap read it whole.
   */
  tally(): Promise<Readonly<Record<string, SongTally>>> {
    return this.sinceWritten(this.tallies, "tally", async () => Object.freeze((await this.kv.read(TALLY, TALLY_KEY)) ?? {}));
  }

  /** One page of an index, newest first (a page kept is also written from its bytes: tools/reflection-shape.ts). */
  private page(index: string, limit: number, after?: ArchivePlace): Promise<ArchivePage> {
    return this.sinceWritten(this.pages, `${index}\n${limit}\n${after ? `${after.at}\n${after.id}` : ""}`, async () => {
      const page = await this.readPage(index, limit, after);
      Object.freeze(page.reflections);
      return Object.freeze(page);
    });
  }

  private count(index: string): Promise<number> {
    return this.sinceWritten(this.counts, index, () => this.kv.sorted(index).count());
  }

  /** The value kept under `key`, or read afresh once a reflection has been written since it was read (WRITTEN). */
  private async sinceWritten<T>(kept: BoundedMemo<SinceWritten<T>>, key: string, read: () => Promise<T>): Promise<T> {
    // Read before the value: a reflection landing meanwhile leaves the value marked as older than it.
    const written = (await this.kv.read(WRITTEN_COUNT, WRITTEN)) ?? 0;
    const found = kept.find(key);
    if (found && found.written === written) return found.value;
    const value = await read();
    kept.put(key, { written, value });
    return value;
  }

  /**
   * Reads one page. Reads `limit` + 1 entries, plus those of the same millisecond as `after` that the page before
   * already showed (the engine's range is by score alone).
   */
  private async readPage(index: string, limit: number, after?: ArchivePlace): Promise<ArchivePage> {
    const archive = this.kv.sorted<Reflection>(index);
    for (let read = limit + 1 + 8; ; read *= 4) {
      const entries = await archive.range({ to: after?.at, order: "desc", limit: Number.isFinite(read) ? read : undefined });
      const page = after ? entries.filter((e) => isAfter(e, after)) : entries;
      // Fewer than asked for came back only if the archive ran out; otherwise a page cut short by ties reads again.
      if (page.length <= limit && entries.length === read) continue;
      const shown = page.length > limit ? page.slice(0, limit) : page;
      const last = shown.at(-1);
      return { reflections: values(shown), older: page.length > limit && last ? { at: last.score, id: last.member } : null };
    }
  }
}
