// An approved piece must become searchable on every process, whatever order the approval and the index's own
// start-up take. CI once found one served by the other machine but never found by its search, health healthy:
// its index was left on the older content. Two orders are replayed here: the library changing while a stored index
// is read, and a rebuild after an approval failing (the sync's next pass catches the index up).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createLogger } from "../../core/logger.ts";
import { loadLibrary, type Library } from "../../corpus/library.ts";
import { ApprovedSync } from "../../review/approved-sync.ts";
import { LibraryIndex } from "../../search/index.ts";
import { calibrationFor } from "../../search/rank.ts";
import { SearchService } from "../../search/service.ts";
import type { MemoryData } from "../../search/memory-build.ts";
import { MemoryMemo } from "../../search/stored-memory.ts";
import { openKeyValueStore } from "../../storage/index.ts";
import { letterEmbedder } from "../helpers/embedder.ts";
import { copyLibrary } from "../helpers/library-copy.ts";

const log = createLogger("silent");
const copy = await copyLibrary();
const dataDir = await mkdtemp(join(tmpdir(), "sanctuary-behind-"));
afterAll(async () => {
  await copy.remove();
  await rm(dataDir, { recursive: true, force: true });
});

const indexIn = (memo?: MemoryMemo) => new LibraryIndex(dataDir, letterEmbedder, calibrationFor(letterEmbedder.id), log, memo);

/** Writes a prayer into the library folder and replaces the library in place, as an approval does. */
async function approve(library: Library, slug: string, title: string, body: string): Promise<string> {
  await writeFile(join(copy.dir, "prayers", `${slug}.md`), `---\ntitle: ${title}\nkind: prayer\ntldr: "${body}"\nseconds: 60\nthemes: [care]\n---\n${body}\n`);
  library.replaceWith(await loadLibrary(copy.dir));
  return `prayers/${slug}`;
}

const found = async (index: LibraryIndex, query: string) => (await index.searchWords(query, 5)).map((h) => h.chunk.path);

let library: Library;
beforeAll(async () => {
  library = await loadLibrary(copy.dir);
  const first = indexIn();
  await first.open(library);
  await first.settled();
  expect(first.contentHash).toBe(library.contentHash);
}, 240_000);

it("a library changed while the stored index is read is indexed anew once the index opens", async () => {
  let path = "";
  /** Reading the stored table is the moment the approval arrives (the content was checked just before). */
  class ApprovalWhileReading extends MemoryMemo {
    override async get(key: string, build: () => Promise<MemoryData>): Promise<MemoryData> {
      path ||= await approve(
        library,
        "the-lamp-on-the-quay-test",
        "The Lamp on the Quay",
        "A keeper of the quay lamp trims the wick at dusk for the late boats.",
      );
      return super.get(key, build);
    }
  }
  const index = indexIn(new ApprovalWhileReading());
  await index.open(library);
  await index.settled();
  expect(index.contentHash).toBe(library.contentHash);
  expect(await found(index, "lamp on the quay")).toContain(path);
}, 240_000);

it("an index a failed rebuild left behind is rebuilt by the approvals sync's next pass", async () => {
  const index = indexIn();
  await index.open(library);
  await index.settled();
  const before = index.contentHash;
  const path = await approve(
    library,
    "the-bell-at-the-ford-test",
    "The Bell at the Ford",
    "Ring the ford bell twice for the walker crossing in fog, so the far bank knows to wait.",
  );
  await index.rebuild(library, () => Promise.reject(new Error("the WordNet child was killed")));
  expect(index.buildFailure).toMatch(/killed/);
  expect(index.contentHash).toBe(before);

  const search = new SearchService(log);
  search.index = index;
  expect(search.preparation()).toMatchObject({ vectors: "ready", behind: "the WordNet child was killed" });
  const warn = vi.spyOn(log, "warn");
  expect(await new ApprovedSync(openKeyValueStore({ kind: "memory" }), { library, libraryDir: copy.dir, search, log }, 60_000, 0).sync()).toBe(0);
  await index.settled();
  expect(warn).toHaveBeenCalledWith(expect.objectContaining({ library: library.contentHash }), "search index is behind the library: rebuilding");
  expect(index.contentHash).toBe(library.contentHash);
  expect(index.buildFailure).toBeNull();
  expect(search.preparation().behind).toBeNull();
  expect(await found(index, "bell at the ford")).toContain(path);
}, 240_000);

it("an index whose first build failed (a full disk, say) is built again by the sync's next pass", async () => {
  const emptyDir = await mkdtemp(join(tmpdir(), "sanctuary-never-built-"));
  try {
    const index = new LibraryIndex(emptyDir, letterEmbedder, calibrationFor(letterEmbedder.id), log);
    await index.open(library, () => Promise.reject(new Error("ENOSPC: no space left on device")));
    await index.settled();
    expect(index.ready).toBe(false);
    expect(index.buildFailure).toMatch(/ENOSPC/);
    const search = new SearchService(log);
    search.index = index;
    expect(search.preparation().vectors).toBe("failed");
    const warn = vi.spyOn(log, "warn");
    expect(await new ApprovedSync(openKeyValueStore({ kind: "memory" }), { library, libraryDir: copy.dir, search, log }, 60_000, 0).sync()).toBe(0);
    await index.settled();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ lastFailure: "ENOSPC: no space left on device" }),
      "search index could not be built: building it again",
    );
    expect(index.ready).toBe(true);
    expect(index.contentHash).toBe(library.contentHash);
    expect(search.preparation().vectors).toBe("ready");
    expect((await search.find("the quiet of evening", 3)).method).toBe("hybrid");
    // Start-up ends with that first answer by meaning (it logs so, and the build's memory allowance is returned).
    const waited = new Promise((resolve) => setTimeout(resolve, 100, "still waiting"));
    expect(await Promise.race([search.complete.then(() => "complete"), waited])).toBe("complete");
  } finally {
    await rm(emptyDir, { recursive: true, force: true });
  }
}, 240_000);
