// A folder made with its missing parents, one level at a time. Node 20's own recursive mkdirSync never returns
// for a path under /proc (mkdir there answers ENOENT, and Node retries the parent, which exists, for ever:
// DATA_DIR=/proc/x spun a core with no line said), so each missing level is made alone and its refusal thrown.
import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

export function makeFolderSync(path: string): void {
  const missing: string[] = [];
  for (let at = resolve(path); !existsSync(at);) {
    missing.push(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (error) {
      // Made meanwhile by another process starting on the same folder: as good as made here.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}
