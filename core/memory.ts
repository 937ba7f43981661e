// What scales with the memory this process may use (core/memory-limit.mjs: a container's cgroup limit when it
// has one, else the machine's): renderer processes and the budget they share, and search's words' products.
import { ROOMY_BYTES } from "./memory-limit.mjs";

export { memoryLimitBytes } from "./memory-limit.mjs";

const MIB = 1024 * 1024;
/** What the server and its one-shot children take through a first start, before any renderer. */
export const SERVER_RESERVE_BYTES = 512 * MIB;
/** A renderer's peak, with room: it renders in blocks (audio/song-stream.ts), so this does not grow with a piece. */
export const RENDERER_BYTES = 192 * MIB;

/**
 * Renderer processes for `bytes` of memory and `cores`: one per 192 MiB beyond the server's 512 MiB, at
 * most one per core and two in all (the server's own work keeps a core), never fewer than one.
 * 512 and 768 MiB give one; 1 GiB and more, two on two cores. Pure.
 */
export function renderersFor(bytes: number, cores: number): number {
  const byMemory = Math.floor((bytes - SERVER_RESERVE_BYTES) / RENDERER_BYTES);
  return Math.max(1, Math.min(2, cores, byMemory));
}

/**
 * The most search keeps of its words' products with the index (search/page-meaning.ts; filled as words are met):
 * 32 MiB, some 4,000 words of this library, from 2 GiB; 16 MiB below, where the server's other bounds hold too. Pure.
 */
export function wordProductBytes(bytes: number): number {
  return bytes < ROOMY_BYTES ? 16 * MIB : 32 * MIB;
}

/** What a tree may take beside the server's: room left for the kernel, the page cache and npm's own process. */
export const TREE_HEADROOM_BYTES = 64 * MIB;
/**
 * The most the server and its children take however much they are given, so that a checkout's first start
 * stays under 600 MB with npm's own process (issue 36): beside a server at rest (~290 MB) that is one
 * renderer at a time; a second starts only when the server is smaller.
 */
export const TREE_CEILING_BYTES = 480 * MIB;

/**
 * The budget of the server and its children together (core/memory-budget.ts): the memory given less
 * headroom, at most 480 MiB. 512 MiB given → 448 MiB; 1 GiB and more → 480 MiB. Pure.
 */
export function treeBudgetBytes(bytes: number): number {
  return Math.min(TREE_CEILING_BYTES, bytes - TREE_HEADROOM_BYTES);
}

/**
 * Below this much memory the budget binds (server.ts): on a small box two children that overlap get one of
 * them killed. With more, waiting only delays search's index work (a rebuild after an approval waited past
 * two minutes behind it in a test), so children start at once.
 */
export const BUDGET_BINDS_BELOW_BYTES = 1024 * MIB;

/** Whether the memory budget binds for `bytes` of memory given. Pure. */
export function budgetBinds(bytes: number): boolean {
  return bytes < BUDGET_BINDS_BELOW_BYTES;
}

/** How much the server grows while it builds the search index after a first start's conversion (268 → 426 MB measured). */
export const INDEX_BUILD_GROWTH_BYTES = 160 * MIB;
