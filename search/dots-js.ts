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

/**
 * dots.ts's order of additions in float32 (Math.fround at every step), for the tests: four lane sums over
 * j ≡ 0, 1, 2, 3 (mod 4), added as (l0 + l1) + (l2 + l3), then the last dims % 4 products in turn. The
 * module, one row at a time or four, must give exactly these sums: a search's scores do not change with it.
 */
export function dotsLanes(matrix: Float32Array, dims: number, v: Float32Array, out: Float32Array): void {
  const f = Math.fround;
  const whole = dims - (dims % 4);
  for (let r = 0, b = 0; b < matrix.length; r++, b += dims) {
    const lanes = [0, 0, 0, 0];
    for (let j = 0; j < whole; j++) lanes[j % 4] = f(lanes[j % 4] + f(matrix[b + j] * v[j]));
    let sum = f(f(lanes[0] + lanes[1]) + f(lanes[2] + lanes[3]));
    for (let j = whole; j < dims; j++) sum = f(sum + f(matrix[b + j] * v[j]));
    out[r] = sum;
  }
}
