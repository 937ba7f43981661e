// A library replaced (an approval) after the words were prepared but before the vectors' index opens: the index is
// built from the newer content, not from rows prepared for the older one under the newer content's hash. CI once
// found an approved piece never searchable on the other machine, whose first build ran slow under load.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../core/logger.ts";
import { loadLibrary } from "../../corpus/library.ts";
import type { Embedder } from "../../search/embedder.ts";
import { SearchService } from "../../search/service.ts";
import { letterEmbedder } from "../helpers/embedder.ts";
import { copyLibrary } from "../helpers/library-copy.ts";

const copy = await copyLibrary();
const dataDir = await mkdtemp(join(tmpdir(), "sanctuary-replaced-"));
afterAll(async () => {
  await copy.remove();
  await rm(dataDir, { recursive: true, force: true });
});

it("builds the index from the library as it is when the index opens, not from words prepared before a replacement", async () => {
  const library = await loadLibrary(copy.dir);
  let chosen!: (choice: { embedder: Embedder; reason: string }) => void;
  const choosing = new Promise<{ embedder: Embedder; reason: string }>((resolve) => (chosen = resolve));
  const service = new SearchService(createLogger("silent"));
  const started = service.start(loadConfig({ DATA_DIR: dataDir }), library, () => choosing);
  await service.answerable;

  const path = "prayers/the-lamp-on-the-quay-test";
  const body = "A keeper of the quay lamp trims the wick at dusk so the late boats find the harbour mouth.";
  await writeFile(join(copy.dir, `${path}.md`), `---\ntitle: The Lamp on the Quay\nkind: prayer\ntldr: "${body}"\nseconds: 60\nthemes: [care]\n---\n${body}\n`);
  library.replaceWith(await loadLibrary(copy.dir));
  chosen({ embedder: letterEmbedder, reason: "test" });
  await started;
  await service.complete;

  const hits = await service.index!.searchWords("lamp on the quay", 5);
  expect(hits.map((h) => h.chunk.path)).toContain(path);
}, 240_000);
