// The index with an embedder other than GloVe (a stand-in for transformers or an OpenAI-compatible
// server: another id, other dimensions, another geometry): it builds, reopens from disk, and keeps the
// word rules — titles first, words found, scores ordered, nonsense empty — whatever the vectors are.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadLibrary, type Library } from "../../corpus/library.ts";
import { normalize, type Embedder } from "../../search/embedder.ts";
import { LibraryIndex } from "../../search/index.ts";
import { calibrationFor } from "../../search/rank.ts";
import { words } from "../../search/text.ts";
import { LIBRARY_DIR, pageOf } from "../helpers/search-index.ts";

/** Hashed bag of words in 30 dimensions (not a multiple of 4, so the remainder path runs too). */
const hashed: Embedder = {
  id: "test/hashed-30",
  dimensions: 30,
  async embed(texts) {
    return texts.map((text) => {
      const v = new Float32Array(30);
      for (const w of words(text)) {
        let h = 2166136261;
        for (const c of w) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
        v[Math.abs(h) % 30] += 1;
      }
      return normalize(v);
    });
  },
};

let dir: string;
let library: Library;
let index: LibraryIndex;
const log = pino({ level: "silent" });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sanctuary-index-other-"));
  library = await loadLibrary(LIBRARY_DIR);
  index = new LibraryIndex(dir, hashed, calibrationFor(hashed.id), log);
  await index.rebuild(library);
}, 180_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("search with another embedder", () => {
  it("builds, and a second index opens the stored table instead of rebuilding", async () => {
    expect(index.ready).toBe(true);
    const again = new LibraryIndex(dir, hashed, calibrationFor(hashed.id), log);
    await again.open(library);
    expect(again.ready).toBe(true);
    expect(again.isBuilding).toBe(false);
    expect(again.stats()).toEqual(index.stats());
  });

  it("keeps titles first, finds words, orders by score and finds nothing for nonsense", async () => {
    for (const piece of library.pieces.slice(0, 40)) {
      expect(pageOf((await index.search(piece.title, 3))[0])).toBe(piece.kind === "song" ? `songs/${piece.slug}` : piece.path);
    }
    const hits = await index.search("stillness", 10);
    expect(hits.length).toBe(10);
    for (let i = 1; i < hits.length; i++) expect(hits[i].score).toBeLessThanOrEqual(hits[i - 1].score);
    expect(await index.search("qwzx vbnmk plorfish", 10)).toEqual([]);
  });
});
