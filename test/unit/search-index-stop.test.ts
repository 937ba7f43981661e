// Stopping during a build: the build ends at its next batch (not at its end), leaves no half-written table and no
// state naming one, is not reported as a failure, and starts no other build; the next start builds afresh.
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { loadLibrary } from "../../corpus/library.ts";
import { LibraryIndex } from "../../search/index.ts";
import { calibrationFor } from "../../search/rank.ts";
import { sharedGlove } from "../helpers/embedder.ts";
import { LIBRARY_DIR } from "../helpers/search-index.ts";

const pathExists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe("a search index build stopped part way", () => {
  it("ends at its next batch, stores nothing half-built, and the next start builds it whole", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sanctuary-stop-"));
    try {
      const library = await loadLibrary(LIBRARY_DIR);
      const embedder = await sharedGlove();
      const lines: string[] = [];
      const log = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
      const index = new LibraryIndex(dir, embedder, calibrationFor(embedder.id), log);
      const building = index.rebuild(library);
      // Stopped once it has embedded some rows, well before the last (a build that ended first fails below, not by the timeout).
      while (index.isBuilding && !(index.buildProgress && index.buildProgress > 0.05)) await new Promise((r) => setImmediate(r));
      expect(index.isBuilding).toBe(true);
      index.stop();
      await building;
      await index.settled();
      expect(index.ready).toBe(false);
      expect(index.buildFailure).toBeNull();
      expect(lines.some((l) => l.includes("search index build stopped"))).toBe(true);
      expect(lines.some((l) => l.includes("search index build failed"))).toBe(false);
      expect(await pathExists(join(dir, "state.json"))).toBe(false);
      const tables = (await readdir(join(dir, "lancedb")).catch(() => [])).filter((f) => f.startsWith("chunks_"));
      expect(tables).toEqual([]);
      // Asked again after the stop, it starts nothing.
      await index.rebuild(library);
      expect(index.isBuilding).toBe(false);

      const next = new LibraryIndex(dir, embedder, calibrationFor(embedder.id), pino({ level: "silent" }));
      await next.rebuild(library);
      expect(next.ready).toBe(true);
      expect((await next.search("gratitude", 3)).length).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
