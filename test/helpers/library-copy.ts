// A temporary copy of the real library, so tests that approve contributions never write into corpus/library.
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export async function copyLibrary(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), "sanctuary-library-"));
  const dir = join(root, "library");
  await cp(new URL("../../corpus/library", import.meta.url).pathname, dir, { recursive: true });
  return { dir, remove: () => rm(root, { recursive: true, force: true }) };
}
