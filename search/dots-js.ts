// The JavaScript fallback for dots.ts (and its reference in tests).

/**
 * out[r] = matrix row r · v. The most expensive loop of a search (rows × dims multiply-adds): four
 * accumulators let V8 keep them in registers and overlap the additions, about twice the plain loop's speed.
 */
export function dotsJs(matrix: Float32Array, dims: number, v: Float32Array, out: Float32Array): void {
  const whole = dims - (dims % 4);
  for (let r = 0, b = 0; b < matrix.length; r++, b += dims) {
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    let j = 0;
    for (; j < whole; j += 4) {
      a0 += matrix[b + j] * v[j];
      a1 += matrix[b + j + 1] * v[j + 1];
      a2 += matrix[b + j + 2] * v[j + 2];
      a3 += matrix[b + j + 3] * v[j + 3];
    }
    for (; j < dims; j++) a0 += matrix[b + j] * v[j];
    out[r] = a0 + a1 + a2 + a3;
  }
}
