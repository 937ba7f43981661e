// Types of core/memory-limit.mjs (plain JavaScript, so the command that starts the server can read it).

/** Bytes available to this process: the smallest of the cgroup limits found and the machine's total. */
export declare function memoryLimitBytes(files?: readonly string[]): number;
/** From this much memory on, the server runs with V8's own heap sizing once its start-up is over. */
export declare const ROOMY_BYTES: number;
/** The node flags the server starts with, for a box of `bytes`. */
export declare function heapFlagsFor(bytes: number): string[];
/** Whether the growth bound is lifted once start-up is over: a roomy box, and the bound this rule gave (in `execArgv`). */
export declare function liftsGrowthBound(bytes: number, execArgv?: readonly string[]): boolean;
/** A cluster worker's memory: its share of what the box gives the whole cluster. */
export declare function workerShare(bytes: number, workers: number): number;
/** The primary's node flags with the rule's heap flags for the box replaced by those for a worker's share. */
export declare function workerExecArgv(execArgv: readonly string[], boxBytes: number, shareBytes: number): string[];
