// unstorage's fs-lite driver with crash-safe writes: each value is written to a temporary file,
// flushed to disk, then renamed over the old one, so a crash leaves either the old or the new value.
import { randomBytes } from "node:crypto";
import { mkdir, open, rename, unlink } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { defineDriver } from "unstorage";
import fsLite from "unstorage/drivers/fs-lite";

const TEMP_PREFIX = ".tmp-";

async function writeAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `${TEMP_PREFIX}${randomBytes(6).toString("hex")}`);
  const handle = await open(temp, "w");
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  // Make the rename itself durable.
  const dirHandle = await open(dir, "r");
  try {
    await dirHandle.sync();
  } finally {
    await dirHandle.close();
  }
}

export default defineDriver((opts: { base: string }) => {
  const base = resolve(opts.base);
  const inner = fsLite({ base, ignore: (path: string) => path.split("/").pop()!.startsWith(TEMP_PREFIX) });
  const pathOf = (key: string) => {
    if (/(^|:)\.\.(:|$)/.test(key)) throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
    return join(base, key.replace(/:/g, "/"));
  };
  return {
    ...inner,
    name: "atomic-fs",
    setItem: (key: string, value: string) => writeAtomic(pathOf(key), value),
    setItemRaw: (key: string, value: Uint8Array) => writeAtomic(pathOf(key), value),
  };
});
