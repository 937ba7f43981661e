// Crash-safe writes leave the old file or the new one, and nothing else: a write that fails half way (a full
// disk, found by an operator on a 3 MB tmpfs) must not leave its temporary file holding the disk full.
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { writeFileAtomically } from "../../core/atomic-write.ts";

it("replaces the file whole, and a failed write leaves the old file and no temporary one", async () => {
  const dir = await mkdtemp(join(tmpdir(), "sanctuary-atomic-"));
  const path = join(dir, "state.json");
  await writeFile(path, "old");
  await writeFileAtomically(path, "new");
  expect(await readFile(path, "utf8")).toBe("new");
  // A write the file handle refuses part way (here a value it cannot write; on a full disk, ENOSPC).
  await expect(writeFileAtomically(path, Symbol("unwritable") as never)).rejects.toThrow();
  expect(await readFile(path, "utf8")).toBe("new");
  expect(await readdir(dir)).toEqual(["state.json"]);
});
