// One-shot CPU-heavy work (converting the word vectors, reading WordNet) in a child process, so the
// server's event loop never waits for it and its memory is returned to the system when the job ends.
// The child is TypeScript, run as a plain .mjs bundle (core/child-bundle.ts), else through tsx like the
// server; it answers one message and exits.
import { fork, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { childBundle } from "./child-bundle.ts";
import { processBudget } from "./memory-budget.ts";
import { shutdownBegun } from "./shutdown-signals.ts";

type FromChild<O> = { log: string } | { result: O } | { error: string };

/** execArgv for a TypeScript child: the parent's own when it runs under tsx, else the tsx loader added. */
export function tsxExecArgv(): string[] {
  if (process.execArgv.some((a) => a.includes("tsx"))) return process.execArgv;
  const tsxDir = dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  return [...process.execArgv, "--import", pathToFileURL(join(tsxDir, "dist", "loader.mjs")).href];
}

/**
 * What keeps a child small: V8's young generation at 1 MB a half (16 MB by default, grown to before any
 * collection; a child's work is a few long-lived tables, not many short-lived objects), and two malloc
 * arenas instead of eight per core for the native threads. Both are read at the process's start.
 */
export const CHILD_V8_FLAGS = ["--max-semi-space-size=1"] as const;
export const MALLOC_ARENAS = "2";
const MIB = 1024 * 1024;

/** The parent's execArgv without a tsx loader (`--import tsx`, `--import=…tsx…`): a bundle needs none. */
export function plainExecArgv(argv: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const loader = /^--(import|require|loader|experimental-loader)$/.test(argv[i]);
    if (loader && argv[i + 1]?.includes("tsx")) i++;
    else if (!(/^--(import|require|loader|experimental-loader)=/.test(argv[i]) && argv[i].includes("tsx"))) out.push(argv[i]);
  }
  return out;
}

/**
 * Fork a TypeScript module as a child at `niceness` (ignored where not permitted), with IPC: its bundle
 * when one can be had, else the TypeScript through tsx.
 */
export async function forkTypeScript(module: URL, niceness: number, heapMb?: number, expectedMb?: number): Promise<ChildProcess> {
  const bundle = await childBundle(module);
  // A child that declares its peak waits its turn in the memory budget (core/memory-budget.ts).
  if (expectedMb) await processBudget.admit(expectedMb * MIB);
  const child = fork(bundle ?? fileURLToPath(module), [], {
    execArgv: [...(bundle ? plainExecArgv() : tsxExecArgv()), ...CHILD_V8_FLAGS, ...(heapMb ? [`--max-old-space-size=${heapMb}`] : [])],
    // An operator's own MALLOC_ARENA_MAX (glibc's, not a setting of ours) comes through the inherited environment.
    env: { MALLOC_ARENA_MAX: MALLOC_ARENAS, ...process.env },
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const pid = child.pid;
  if (expectedMb && pid) {
    processBudget.started(pid, expectedMb * MIB);
    child.once("exit", () => processBudget.ended(pid));
  }
  try {
    if (child.pid) setPriority(child.pid, niceness);
  } catch {
    // Not permitted (some containers): the child still runs, beside the server.
  }
  return child;
}

export interface ChildJobOptions {
  /** Each line the child logs, and each retry after a child died. */
  log?: (message: string) => void;
  /** Unix niceness: above the server's 0, so its requests come first. */
  niceness?: number;
  /** A ceiling for the child's heap: V8 otherwise lets garbage grow far past what the job holds. */
  heapMb?: number;
  /** The child's expected peak resident memory: it starts when that fits the budget (core/memory-budget.ts). */
  expectedMb?: number;
  /** Children started in all before giving up, when each dies before answering (killed, out of memory). */
  tries?: number;
  /** The wait before the second try, doubled before each further one. */
  backoffMs?: number;
  /**
   * Aborted once this process begins to stop (default: its signals, or stdio's end of input): a child still working is
   * ended then, and one that dies is not started again.
   */
  stopping?: AbortSignal;
}

/** A child that died before answering; worth another try (a child's own error answer is not). */
export class ChildDied extends Error {
  /** The signal that ended it, when one did. */
  constructor(
    message: string,
    readonly signal: NodeJS.Signals | null = null,
  ) {
    super(message);
  }
}

/** Signals that ask for a stop: the OOM killer sends SIGKILL, so a child ended by one of these was stopped. */
const STOP_SIGNALS: ReadonlySet<string> = new Set(["SIGTERM", "SIGINT", "SIGHUP"]);

/**
 * How long a child ended by a stop signal waits for this process's own copy before it is started again. A stop sent
 * to the process group (Ctrl-C, systemd's SIGTERM to the unit) reaches both at once, and the child's exit may be
 * heard first; ours is already on its way, so this only has to outlast a busy turn of the loop.
 */
const STOP_SIGNAL_SETTLE_MS = 1_000;

/** A wait that ends early once `stopping` is aborted. */
const pause = (ms: number, stopping: AbortSignal) => sleep(ms, undefined, { signal: stopping }).catch(() => {});

/**
 * Run the job that `module` serves (with `serveChildJob`) on `input`; resolves with its result. A child
 * that dies before answering (the kernel's OOM killer, a signal) is started again after a growing wait,
 * up to `tries` children in all; the last death is the rejection. Once this process stops on a signal, a
 * child that dies is the rejection at once: another would only hold up the stop (and be cut by it).
 */
export async function runInChild<I, O>(module: URL, input: I, options: ChildJobOptions = {}): Promise<O> {
  const { log = () => {}, tries = 3, backoffMs = 2_000, stopping = shutdownBegun } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce<I, O>(module, input, { ...options, stopping });
    } catch (err) {
      if (!(err instanceof ChildDied) || attempt >= tries) throw err;
      if (err.signal && STOP_SIGNALS.has(err.signal)) await pause(STOP_SIGNAL_SETTLE_MS, stopping);
      if (stopping.aborted) throw err;
      const wait = backoffMs * 2 ** (attempt - 1);
      log(`${err.message}; starting it again in ${Math.round(wait / 1000)} s (try ${attempt + 1} of ${tries})`);
      await pause(wait, stopping);
      if (stopping.aborted) throw err;
    }
  }
}

async function runOnce<I, O>(
  module: URL,
  input: I,
  { log = () => {}, niceness = 10, heapMb, expectedMb, stopping }: ChildJobOptions & { stopping: AbortSignal },
): Promise<O> {
  // No child starts once this process is stopping: it would only be ended.
  if (stopping.aborted) throw new ChildDied(`${fileURLToPath(module)} was not started: this process is stopping`);
  const child = await forkTypeScript(module, niceness, heapMb, expectedMb);
  const answer = answerOf<O>(child, fileURLToPath(module), log);
  // A stop does not wait for a job of the start (WordNet's lists, the GloVe conversion): a child at its nice level on a
  // busy box held a stop far past the drain's bound, and a supervisor kills what outlasts it. It is ended (said only
  // when it was still running); the next start does the job again.
  const end = () => {
    if (child.exitCode === null && child.signalCode === null && child.kill("SIGTERM"))
      log(`${fileURLToPath(module)}: ended by the stop before it answered; the next start runs it again`);
  };
  if (stopping.aborted) end();
  else {
    stopping.addEventListener("abort", end, { once: true });
    void answer.catch(() => {}).finally(() => stopping.removeEventListener("abort", end));
  }
  child.send({ input });
  return answer;
}

/** What a child job's process emits, as far as its answer goes (a ChildProcess; tests give an emitter). */
export interface ChildEvents<O> {
  readonly pid?: number;
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  on(event: "message", listener: (message: FromChild<O>) => void): unknown;
  on(event: "error", listener: (err: Error) => void): unknown;
  on(event: "exit", listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
}

/**
 * The child's answer, or how it died. A child that started and then failed a send (EPIPE: it was killed
 * before reading its job) is reported by its exit, which follows and says how it ended (SIGKILL, say);
 * only one that never started is reported by the error itself.
 */
export function answerOf<O>(child: ChildEvents<O>, name: string, log: (message: string) => void): Promise<O> {
  return new Promise<O>((resolve, reject) => {
    let settled = false;
    const settle = (how: () => void) => !settled && ((settled = true), how());
    child.on("message", (m) => {
      if ("log" in m) log(m.log);
      else settle(() => ("result" in m ? resolve(m.result) : reject(new Error(m.error))));
    });
    child.on("error", (err) => {
      const running = child.pid !== undefined && child.exitCode === null && child.signalCode === null;
      // Not started at all (no memory for a process, say): as worth another try as a child killed midway.
      if (!running) settle(() => reject(new ChildDied(`${name} could not run: ${err.message}`)));
    });
    child.on("exit", (code, signal) => settle(() => reject(new ChildDied(`${name} exited (${signal ?? code}) before answering`, signal))));
  });
}

/** The child's side: run `work` on the one input sent, answer, and exit. Exits at once if the parent goes. */
export function serveChildJob<I, O>(work: (input: I, log: (message: string) => void) => Promise<O>): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error("this module runs as a child job (core/child-job.ts runInChild)");
  process.once("disconnect", () => process.exit(0));
  process.once("message", (m: { input: I }) => {
    work(m.input, (line) => send({ log: line }))
      .then(
        (result) => ({ result }),
        (e: unknown) => ({ error: e instanceof Error ? e.message : String(e) }),
      )
      .then((reply) => send(reply, () => process.exit(0)));
  });
}
