// One memory budget for the server and the helper processes it starts (the word-vector conversion, the
// WordNet child, the renderers). Each declares the peak it expects; it is started only while the server's
// own resident memory, plus each live child's (its declared peak until it has grown past it), plus its
// own, stays under the budget. Measured before (issue 36): the tree's peak was the sum of children that
// happened to overlap (866 MB), though each alone fits beside the server.
import { readFileSync } from "node:fs";
import { memoryLimitBytes, treeBudgetBytes } from "./memory.ts";

const PAGE = 4096;
/** How often a waiting child looks again: memory falls when a child ends or the server collects garbage. */
const POLL_MS = 500;
/**
 * A child waiting this long with no other child live starts anyway: the server alone is then over the
 * budget, and waiting on itself would never end (its own garbage is collected when V8 chooses).
 */
const ALONE_WAIT_MS = 30_000;
/**
 * Alone, the server's own memory is all that can fall, so a child waits only while it does: once it has fallen by
 * less than FALLING_BYTES over SETTLED_MS, the child starts. A 512 MB box otherwise waited 30 s before every
 * renderer (one retires after most songs) with its memory flat, idle about 40% of the time it spent recording.
 */
const SETTLED_MS = 3_000;
const FALLING_BYTES = 8 * 1024 * 1024;

/** Resident bytes of `pid` (Linux /proc), or null when it cannot be read (gone, another system). */
export function residentBytes(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]) * PAGE;
  } catch {
    return null;
  }
}

export class MemoryBudget {
  private readonly live = new Map<number, number>();
  /** Growth the server itself has announced (an index build), until the work it belongs to ends. */
  private readonly holds = new Set<{ bytes: number }>();
  private queue: Promise<void> = Promise.resolve();

  constructor(
    public bytes: number,
    private readonly measure: {
      ownRss?: () => number;
      rssOf?: (pid: number) => number | null;
      pollMs?: number;
      aloneWaitMs?: number;
      settledMs?: number;
    } = {},
  ) {}

  /** The server and its live children now, each child counted at its declared peak until it grows past it. */
  inUse(): number {
    const { ownRss = () => process.memoryUsage.rss(), rssOf = residentBytes } = this.measure;
    let sum = ownRss();
    for (const [pid, declared] of this.live) sum += Math.max(declared, rssOf(pid) ?? 0);
    for (const hold of this.holds) sum += hold.bytes;
    return sum;
  }

  /**
   * Resolves when a child expecting `expected` bytes fits, in the order asked (so the first asked, the first
   * started). Then call `started` with its pid, and `ended` when it exits.
   */
  admit(expected: number, signal?: AbortSignal): Promise<void> {
    const turn = this.queue.then(() => this.wait(expected, signal));
    this.queue = turn.catch(() => {});
    return turn;
  }

  private async wait(expected: number, signal?: AbortSignal): Promise<void> {
    const { pollMs = POLL_MS, aloneWaitMs = ALONE_WAIT_MS, settledMs = SETTLED_MS } = this.measure;
    // The alone wait counts from when the server was last alone (no child, no announced growth); `mark` is where its
    // memory stood at the start of the current settling window.
    let alone = Date.now();
    let mark: { at: number; bytes: number } | undefined;
    for (;;) {
      if (signal?.aborted) return;
      const now = Date.now();
      const inUse = this.inUse();
      if (inUse + expected <= this.bytes) return;
      mark ??= { at: now, bytes: inUse };
      if (this.live.size > 0 || this.holds.size > 0) {
        alone = now;
        mark = { at: now, bytes: inUse };
      } else if (now - alone >= aloneWaitMs) return;
      else if (now - mark.at >= settledMs) {
        if (mark.bytes - inUse < FALLING_BYTES) return;
        mark = { at: now, bytes: inUse };
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /**
   * Count `bytes` more for the server until `until` settles: growth it knows is coming (an index build
   * after the word vectors are ready), so a child started before it does not find the budget spent.
   */
  hold(bytes: number, until: Promise<unknown>): void {
    const hold = { bytes };
    this.holds.add(hold);
    const end = () => this.holds.delete(hold);
    until.then(end, end);
  }

  /**
   * The tree's ceiling for a renderer beside another live child (a renderer, or search's conversion), on every box:
   * `bytes` binds only on a small one. Infinite until the server's entry point sets it (`limitProcessBudget`).
   */
  ceiling = Number.POSITIVE_INFINITY;

  /** Children started through the budget and not yet exited. */
  get children(): number {
    return this.live.size;
  }

  /** Whether a child expecting `expected` bytes fits now under the ceiling as well as the budget (no queue, no wait). */
  fitsBeside(expected: number): boolean {
    return this.inUse() + expected <= Math.min(this.bytes, this.ceiling);
  }

  started(pid: number, expected: number): void {
    this.live.set(pid, expected);
  }

  ended(pid: number): void {
    this.live.delete(pid);
  }
}

/**
 * The budget every child of this process shares: none until the server's entry point sets it
 * (`limitProcessBudget`), so a CLI or a test runner's worker, large itself, never waits on its own size.
 */
export const processBudget = new MemoryBudget(Number.POSITIVE_INFINITY);

/**
 * Bound this process's children by the memory it is given (core/memory.ts treeBudgetBytes): all of them when
 * `all` (a small box), else only a child that speeds work up beside another (a second renderer).
 */
export function limitProcessBudget(bytes = treeBudgetBytes(memoryLimitBytes()), all = true): void {
  if (all) processBudget.bytes = bytes;
  processBudget.ceiling = bytes;
}
