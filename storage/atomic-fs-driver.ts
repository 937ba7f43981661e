// unstorage's fs-lite driver with crash-safe writes: each value is written to a temporary file,
// flushed to disk, then renamed over the old one, so a crash leaves either the old or the new value.
import { join, resolve } from "node:path";
import { TEMP_PREFIX, writeFileAtomically } from "../core/atomic-write.ts";
import { defineDriver } from "unstorage";
import fsLite from "unstorage/drivers/fs-lite";

const writeAtomic = writeFileAtomically;

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
