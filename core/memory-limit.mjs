// The memory this process may use, and the V8 heap settings that follow from it. Plain JavaScript, so the command
// that starts the server (`node bin/node-flags.mjs`, before any TypeScript) and the server itself read one rule.
import { readFileSync } from "node:fs";
import { totalmem } from "node:os";

const CGROUP_FILES = ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"];

/** Bytes available to this process: the smallest of the cgroup limits found (v2 `memory.max`, v1 `memory.limit_in_bytes`) and the machine's total. */
export function memoryLimitBytes(files = CGROUP_FILES) {
  let limit = totalmem();
  for (const file of files) {
    let text;
    try {
      text = readFileSync(file, "utf8").trim();
    } catch {
      continue; // not in a cgroup of this kind
    }
    // "max" (v2) or a huge number (v1: no limit set) mean none.
    const bytes = Number(text);
    if (Number.isSafeInteger(bytes) && bytes > 0) limit = Math.min(limit, bytes);
  }
  return limit;
}

/** From this much memory on, the server runs with V8's own heap sizing once its start-up is over. */
export const ROOMY_BYTES = 2 * 1024 ** 3;

/**
 * The node flags the server starts with. Every box bounds the old generation's growth to a fifth over what it
 * keeps through the first start (the index build's peak: 343 MB against 446 left to V8). Below ROOMY_BYTES the
 * young generation is also held at 4 MB a semi-space (30 MB less at the peak than V8's 16, half the collections
 * of 2 MB); from there V8 sizes it by the memory (8 MB at 2 GiB, 16 from 4 GiB), which costs a cheap route
 * 10–30% less CPU (docs/performance.md, thirty-sixth session).
 */
export function heapFlagsFor(bytes) {
  return bytes < ROOMY_BYTES ? ["--max-semi-space-size=4", "--heap-growing-percent=20"] : ["--heap-growing-percent=20"];
}

/** The flags heapFlagsFor sets, and the one it bounds the growth with (lifted after start-up on a roomy box). */
const HEAP_FLAG = /^--(max-semi-space-size|heap-growing-percent)=/;
const GROWTH_BOUND = "--heap-growing-percent=20";

/**
 * Whether the growth bound is lifted once start-up is over (V8's own growth: fewer full collections under load): on a
 * roomy box, and only when the bound is the one this rule gave (`execArgv`, node's own flags): an operator who starts
 * node with another `--heap-growing-percent` keeps it.
 */
export function liftsGrowthBound(bytes, execArgv = process.execArgv) {
  return bytes >= ROOMY_BYTES && execArgv.includes(GROWTH_BOUND);
}

/** A cluster worker's memory: its share of what the box gives the whole cluster. */
export function workerShare(bytes, workers) {
  return Math.floor(bytes / Math.max(1, workers));
}

/**
 * The node flags of a cluster's workers: the primary's, with the heap flags this rule gave the box (`boxBytes`) replaced
 * by the rule's for a worker's share (`shareBytes`), so four workers on a 4 GiB box start as four 1 GiB servers do.
 * Heap flags an operator chose (anything else than the rule's for the box) are kept as given.
 */
export function workerExecArgv(execArgv, boxBytes, shareBytes) {
  const given = execArgv.filter((flag) => HEAP_FLAG.test(flag));
  const ours = heapFlagsFor(boxBytes);
  if (given.length !== ours.length || !ours.every((flag) => given.includes(flag))) return [...execArgv];
  return [...execArgv.filter((flag) => !HEAP_FLAG.test(flag)), ...heapFlagsFor(shareBytes)];
}
