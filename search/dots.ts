// Dot products of a query with every row of the index: the one loop of a search that grows with the
// library (rows × dims multiply-adds). Run as WebAssembly SIMD, four float lanes at a time and four rows
// at a time (the query's lanes loaded once for four rows, and four sums in flight instead of one chain of
// additions waiting on the last), and four rows' lanes summed at once (transposed), with the JavaScript loop
// as the fallback where SIMD is unavailable. Each row's sum is added up in the same order as one row at a
// time, so the products are the same to the bit (dotsLanes is that order in JavaScript, and the test holding
// the module to it). The module (with page-meaning.ts's functions) is 1,325 bytes compiled from dots.wat with wabt 1.0.39 (`npx -p wabt@1.0.39 wat2wasm search/dots.wat`).
import { dotsJs } from "./dots-js.ts";

const WASM =
  "AGFzbQEAAAABMQVgBX1/f39/AX1gBXt/f39/AX1gBX9/f39/AGAIf39/f398f38Bf2AHf39/f399fwADBgUAAQIDBAUDAQABByYEBm1lbW9yeQIABGRvdHMAAghuZWFybmVzcwADB2NvbWJpbmUABAq6CQU2AAJAA0AgAyAETw0BIAAgASADQQJ0aioCACACIANBAnRqKgIAlJIhACADQQFqIQMMAAsLIAALIwAgAP0fACAA/R8BkiAA/R8CIAD9HwOSkiABIAIgAyAEEAALqQUCBn8JeyACQXxxIQggCEECdCEHIAJBAnQhCQJAA0AgBUEEaiABSw0B/QwAAAAAAAAAAAAAAAAAAAAAIQz9DAAAAAAAAAAAAAAAAAAAAAAhDf0MAAAAAAAAAAAAAAAAAAAAACEO/QwAAAAAAAAAAAAAAAAAAAAAIQ9BACEGAkADQCAGIAdPDQEgAyAGav0ABAAhCyAAIAZqIQogDCAK/QAEACAL/eYB/eQBIQwgCiAJaiEKIA0gCv0ABAAgC/3mAf3kASENIAogCWohCiAOIAr9AAQAIAv95gH95AEhDiAKIAlqIQogDyAK/QAEACAL/eYB/eQBIQ8gBkEQaiEGDAALCyAMIA39DQABAgMQERITBAUGBxQVFhchECAMIA39DQgJCgsYGRobDA0ODxwdHh8hESAOIA/9DQABAgMQERITBAUGBxQVFhchEiAOIA/9DQgJCgsYGRobDA0ODxwdHh8hEyAEIAVBAnRqIQogCiAQIBL9DQABAgMEBQYHEBESExQVFhcgECAS/Q0ICQoLDA0ODxgZGhscHR4f/eQBIBEgE/0NAAECAwQFBgcQERITFBUWFyARIBP9DQgJCgsMDQ4PGBkaGxwdHh/95AH95AH9CwQAIAggAkkEQEEAIQYDQCAKIAZBAnRqIAogBkECdGoqAgAgACAGIAlsaiADIAggAhAAOAIAIAZBAWohBiAGQQRJDQALCyAAIAlBAnRqIQAgBUEEaiEFDAALCwJAA0AgBSABTw0B/QwAAAAAAAAAAAAAAAAAAAAAIQxBACEGAkADQCAGIAdPDQEgDCAAIAZq/QAEACADIAZq/QAEAP3mAf3kASEMIAZBEGohBgwACwsgBCAFQQJ0aiAMIAAgAyAIIAIQATgCACAAIAlqIQAgBUEBaiEFDAALCwv8AQMGfwN9AXsgASgCACEJAkADQCAIIABPDQEgCEECdCENIAEgDUEEamooAgAhCv0MAACAvwAAgL8AAIC/AACAvyERAkADQCAJIApPDQEgESADIAlBAnRq/QkCAP3rASERIAlBAWohCQwACwsgEf0fACEOIAIgDWooAgAhCyAOIQ8gC0EATgRAIAMgC0ECdGoqAgAhDwtEmpmZmZmZ2T8gD7uiRDMzMzMzM+M/IA4gDyAOQwAAgL9eG7uioLYhECAGIA1qIBA4AgAgByAMQQJ0aiAINgIAIAwgBCANaioCAEMAAAAAXCAQuyAFZHJqIQwgCEEBaiEIDAALCyAMC7MBAgR/AXsgAEECdCEJIAWM/RMhCwJAA0AgByAJTw0BIAYgB2ogBCAHav0ABAAgC/3mAf0LBAAgB0EQaiEHDAALCwJAA0AgCCABTw0BIAMgCEECdGoqAgAgBZT9EyELIAIgCEECdGooAgAhCkEAIQcCQANAIAcgCU8NASAGIAdqIAYgB2r9AAQAIAogB2r9AAQAIAv95gH95AH9CwQAIAdBEGohBwwACwsgCEEBaiEIDAALCws=";

const compiled: WebAssembly.Module | null = (() => {
  try {
    return new WebAssembly.Module(Buffer.from(WASM, "base64"));
  } catch {
    return null;
  }
})();

export interface DotsExports {
  memory: WebAssembly.Memory;
  dots(matrix: number, rows: number, dims: number, query: number, out: number): void;
  nearness(pages: number, starts: number, cards: number, cos: number, held: number, lo: number, near: number, list: number): number;
  combine(rows4: number, k: number, slots: number, weights: number, mdots: number, scale: number, out: number): void;
}

/** The module's exports, checked: the module is built in this file, so a mismatch is a defect here. */
function exportsOf(instance: WebAssembly.Instance): DotsExports {
  const { memory, dots, nearness, combine } = instance.exports;
  if (!(memory instanceof WebAssembly.Memory)) throw new Error("the dot-product module lacks its memory");
  for (const f of [dots, nearness, combine]) if (typeof f !== "function") throw new Error("the dot-product module lacks a function");
  return { memory, ...(instance.exports as Omit<DotsExports, "memory">) };
}

/** A new instance of the module with memory for `bytes` (laid out by the caller), or null where WebAssembly SIMD is unavailable. */
export function dotsModule(bytes: number): DotsExports | null {
  if (!compiled) return null;
  const exports = exportsOf(new WebAssembly.Instance(compiled, {}));
  const pages = Math.ceil(bytes / 65_536) - exports.memory.buffer.byteLength / 65_536;
  if (pages > 0) exports.memory.grow(pages);
  return exports;
}

/** Offsets for arrays laid out one after another in a module's memory, each 16-byte aligned: `end` is the bytes needed. */
export class Layout {
  end = 0;
  place(bytes: number): number {
    const at = this.end;
    this.end = Math.ceil((at + bytes) / 16) * 16;
    return at;
  }
}

/** A matrix held for repeated products; `run` returns a view that the next run overwrites. */
export class DotProducts {
  private run_: (query: Float32Array) => Float32Array;

  constructor(
    matrix: Float32Array,
    readonly dims: number,
  ) {
    const rows = dims ? matrix.length / dims : 0;
    if (!compiled || !dims) {
      const out = new Float32Array(rows);
      this.run_ = (query) => (dotsJs(matrix, dims, query, out), out);
      return;
    }
    const layout = new Layout();
    const matrixAt = layout.place(matrix.byteLength);
    const queryAt = layout.place(dims * 4);
    const outAt = layout.place(rows * 4);
    const exports = dotsModule(layout.end)!;
    new Float32Array(exports.memory.buffer, matrixAt, matrix.length).set(matrix);
    const queryView = new Float32Array(exports.memory.buffer, queryAt, dims);
    const out = new Float32Array(exports.memory.buffer, outAt, rows);
    this.run_ = (query) => {
      queryView.set(query);
      exports.dots(matrixAt, rows, dims, queryAt, outAt);
      return out;
    };
  }

  /** out[r] = row r · query. */
  run(query: Float32Array): Float32Array {
    return this.run_(query);
  }

  static get simd(): boolean {
    return compiled !== null;
  }
}
