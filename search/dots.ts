// Dot products of a query with every row of the index: the one loop of a search that grows with the
// library (rows × dims multiply-adds). Run as WebAssembly SIMD, four float lanes at a time (several
// times the unrolled JavaScript loop), with the JavaScript loop as the fallback where SIMD is unavailable.
// The module is 276 bytes compiled with wabt 1.0.39 (`wat2wasm --enable-simd`) from this source:
//
//   (module
//     (memory (export "memory") 1)
//     ;; dots(matrix, rows, dims, query, out): out[r] = matrix[r] · query, f32 lanes four at a time.
//     (func (export "dots") (param $m i32) (param $rows i32) (param $dims i32) (param $q i32) (param $out i32)
//       (local $r i32) (local $j i32) (local $acc v128) (local $whole i32) (local $sum f32) (local $stride i32)
//       (local.set $whole (i32.and (local.get $dims) (i32.const -4)))
//       (local.set $stride (i32.shl (local.get $dims) (i32.const 2)))
//       (block $done
//         (loop $row
//           (br_if $done (i32.ge_u (local.get $r) (local.get $rows)))
//           (local.set $acc (v128.const f32x4 0 0 0 0))
//           (local.set $j (i32.const 0))
//           (block $vdone
//             (loop $v
//               (br_if $vdone (i32.ge_u (local.get $j) (local.get $whole)))
//               (local.set $acc
//                 (f32x4.add (local.get $acc)
//                   (f32x4.mul
//                     (v128.load (i32.add (local.get $m) (i32.shl (local.get $j) (i32.const 2))))
//                     (v128.load (i32.add (local.get $q) (i32.shl (local.get $j) (i32.const 2)))))))
//               (local.set $j (i32.add (local.get $j) (i32.const 4)))
//               (br $v)))
//           (local.set $sum
//             (f32.add
//               (f32.add (f32x4.extract_lane 0 (local.get $acc)) (f32x4.extract_lane 1 (local.get $acc)))
//               (f32.add (f32x4.extract_lane 2 (local.get $acc)) (f32x4.extract_lane 3 (local.get $acc)))))
//           (block $sdone
//             (loop $s
//               (br_if $sdone (i32.ge_u (local.get $j) (local.get $dims)))
//               (local.set $sum
//                 (f32.add (local.get $sum)
//                   (f32.mul
//                     (f32.load (i32.add (local.get $m) (i32.shl (local.get $j) (i32.const 2))))
//                     (f32.load (i32.add (local.get $q) (i32.shl (local.get $j) (i32.const 2)))))))
//               (local.set $j (i32.add (local.get $j) (i32.const 1)))
//               (br $s)))
//           (f32.store (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2))) (local.get $sum))
//           (local.set $m (i32.add (local.get $m) (local.get $stride)))
//           (local.set $r (i32.add (local.get $r) (i32.const 1)))
//           (br $row)))))
import { dotsJs } from "./dots-js.ts";

const WASM =
  "AGFzbQEAAAABCQFgBX9/f39/AAMCAQAFAwEAAQcRAgZtZW1vcnkCAARkb3RzAAAK4gEB3wEFAn8BewF/AX0BfyACQXxxIQggAkECdCEKAkADQCAFIAFPDQH9DAAAAAAAAAAAAAAAAAAAAAAhB0EAIQYCQANAIAYgCE8NASAHIAAgBkECdGr9AAQAIAMgBkECdGr9AAQA/eYB/eQBIQcgBkEEaiEGDAALCyAH/R8AIAf9HwGSIAf9HwIgB/0fA5KSIQkCQANAIAYgAk8NASAJIAAgBkECdGoqAgAgAyAGQQJ0aioCAJSSIQkgBkEBaiEGDAALCyAEIAVBAnRqIAk4AgAgACAKaiEAIAVBAWohBQwACwsL";

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
