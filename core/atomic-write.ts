// Crash-safe file writes: a temporary file beside the target, fsynced, then renamed over it (and the folder
// fsynced, so the rename itself survives a power loss). Readers see the old file or the new one, never half.
import { randomBytes } from "node:crypto";
import { mkdir, open, rename, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";

/** Temporary files start with this, so folder listings (the fs storage driver) can skip them. */
export const TEMP_PREFIX = ".tmp-";

/** Write `data` to `path` atomically, replacing what was there. */
export async function writeFileAtomically(path: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `${TEMP_PREFIX}${randomBytes(6).toString("hex")}`);
  const handle = await open(temp, "wx");
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    // A write that failed half way (a full disk) leaves nothing behind: a kept temp file would hold the disk full.
    await unlink(temp).catch(() => {});
    throw error;
  }
  const folder = await open(dir, "r");
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
