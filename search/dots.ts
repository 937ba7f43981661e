// Dot products of a query with every row of the index: the one loop of a search that grows with the
// library (rows × dims multiply-adds). Run as WebAssembly SIMD, four float lanes at a time and four rows
// at a time (the query's lanes loaded once for four rows, and four sums in flight instead of one chain of
// additions waiting on the last), and four rows' lanes summed at once (transposed), with the JavaScript loop
// as the fallback where SIMD is unavailable. Each row's sum is added up in the same order as one row at a
// time, so the products are the same to the bit (dotsLanes is that order in JavaScript, and the test holding
// the module to it). The module is 845 bytes compiled from dots.wat with wabt 1.0.39 (`npx -p wabt@1.0.39 wat2wasm search/dots.wat`).
import { dotsJs } from "./dots-js.ts";

const WASM =
  "AGFzbQEAAAABGwNgBX1/f39/AX1gBXt/f39/AX1gBX9/f39/AAMEAwABAgUDAQABBxECBm1lbW9yeQIABGRvdHMAAgqHBgM2AAJAA0AgAyAETw0BIAAgASADQQJ0aioCACACIANBAnRqKgIAlJIhACADQQFqIQMMAAsLIAALIwAgAP0fACAA/R8BkiAA/R8CIAD9HwOSkiABIAIgAyAEEAALqQUCBn8JeyACQXxxIQggCEECdCEHIAJBAnQhCQJAA0AgBUEEaiABSw0B/QwAAAAAAAAAAAAAAAAAAAAAIQz9DAAAAAAAAAAAAAAAAAAAAAAhDf0MAAAAAAAAAAAAAAAAAAAAACEO/QwAAAAAAAAAAAAAAAAAAAAAIQ9BACEGAkADQCAGIAdPDQEgAyAGav0ABAAhCyAAIAZqIQogDCAK/QAEACAL/eYB/eQBIQwgCiAJaiEKIA0gCv0ABAAgC/3mAf3kASENIAogCWohCiAOIAr9AAQAIAv95gH95AEhDiAKIAlqIQogDyAK/QAEACAL/eYB/eQBIQ8gBkEQaiEGDAALCyAMIA39DQABAgMQERITBAUGBxQVFhchECAMIA39DQgJCgsYGRobDA0ODxwdHh8hESAOIA/9DQABAgMQERITBAUGBxQVFhchEiAOIA/9DQgJCgsYGRobDA0ODxwdHh8hEyAEIAVBAnRqIQogCiAQIBL9DQABAgMEBQYHEBESExQVFhcgECAS/Q0ICQoLDA0ODxgZGhscHR4f/eQBIBEgE/0NAAECAwQFBgcQERITFBUWFyARIBP9DQgJCgsMDQ4PGBkaGxwdHh/95AH95AH9CwQAIAggAkkEQEEAIQYDQCAKIAZBAnRqIAogBkECdGoqAgAgACAGIAlsaiADIAggAhAAOAIAIAZBAWohBiAGQQRJDQALCyAAIAlBAnRqIQAgBUEEaiEFDAALCwJAA0AgBSABTw0B/QwAAAAAAAAAAAAAAAAAAAAAIQxBACEGAkADQCAGIAdPDQEgDCAAIAZq/QAEACADIAZq/QAEAP3mAf3kASEMIAZBEGohBgwACwsgBCAFQQJ0aiAMIAAgAyAIIAIQATgCACAAIAlqIQAgBUEBaiEFDAALCws=";

const compiled: WebAssembly.Module | null = (() => {
  try {
    return new WebAssembly.Module(Buffer.from(WASM, "base64"));
  } catch {
    return null;
  }
})();

interface Exports {
  memory: WebAssembly.Memory;
  dots(matrix: number, rows: number, dims: number, query: number, out: number): void;
}

/** The module's two exports, checked: the module is built in this file, so a mismatch is a defect here. */
function exportsOf(instance: WebAssembly.Instance): Exports {
  const { memory, dots } = instance.exports;
  if (!(memory instanceof WebAssembly.Memory) || typeof dots !== "function") throw new Error("the dot-product module lacks memory or dots");
  return { memory, dots: dots as Exports["dots"] };
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
    const exports = exportsOf(new WebAssembly.Instance(compiled, {}));
    // Layout: matrix at 0, then the query, then the output, each 16-byte aligned.
    const align = (n: number) => Math.ceil(n / 16) * 16;
    const queryAt = align(matrix.byteLength);
    const outAt = align(queryAt + dims * 4);
    const bytes = outAt + rows * 4;
    const pages = Math.ceil(bytes / 65_536) - exports.memory.buffer.byteLength / 65_536;
    if (pages > 0) exports.memory.grow(pages);
    new Float32Array(exports.memory.buffer, 0, matrix.length).set(matrix);
    const queryView = new Float32Array(exports.memory.buffer, queryAt, dims);
    const out = new Float32Array(exports.memory.buffer, outAt, rows);
    this.run_ = (query) => {
      queryView.set(query);
      exports.dots(0, rows, dims, queryAt, outAt);
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
