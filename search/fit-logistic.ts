// An L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least squares), for
// scripts/fit-ask.ts. Small and deterministic: the same rows give the same weights, to the last bit. The npm
// package ml-logistic-regression (2.0.0) was looked at and not used: it has no regularisation and no intercept,
// and fits by 50,000 fixed gradient steps. Nothing at run time fits; the runtime only takes a dot product.
import type { FittedModel } from "./sentence-features.ts";

/**
 * Weights minimising the mean log loss plus lambda/2 · |weights|² (the bias is not penalised), over rows `x`
 * labelled 1 or 0 in `y`.
 */
export function fitLogistic(x: number[][], y: number[], lambda: number, iterations = 50): FittedModel {
  const d = (x[0]?.length ?? 0) + 1;
  const n = Math.max(1, x.length);
  const w = new Array<number>(d).fill(0);
  for (let it = 0; it < iterations; it++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    x.forEach((row, r) => {
      const z = [1, ...row];
      const p = sigmoid(dot(w, z));
      const g = (p - y[r]) / n;
      const h = Math.max(p * (1 - p), 1e-9) / n;
      for (let i = 0; i < d; i++) {
        grad[i] += g * z[i];
        for (let j = 0; j <= i; j++) hess[i][j] += h * z[i] * z[j];
      }
    });
    for (let i = 0; i < d; i++) {
      for (let j = 0; j < i; j++) hess[j][i] = hess[i][j];
      // A tiny ridge on the bias too keeps the system solvable when every label is the same.
      grad[i] += (i > 0 ? lambda : 0) * w[i];
      hess[i][i] += i > 0 ? lambda : 1e-9;
    }
    const step = solve(hess, grad);
    let largest = 0;
    for (let i = 0; i < d; i++) {
      w[i] -= step[i];
      largest = Math.max(largest, Math.abs(step[i]));
    }
    if (largest < 1e-10) break;
  }
  return { bias: w[0], weights: w.slice(1) };
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const dot = (a: number[], b: number[]) => a.reduce((s, v, i) => s + v * b[i], 0);

/** a · s = b by Gaussian elimination with partial pivoting (a is small and symmetric positive definite). */
export function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) pivot = r;
    [m[col], m[pivot]] = [m[pivot], m[col]];
    for (let r = col + 1; r < n; r++) {
      const f = m[r][col] / m[col][col];
      for (let c = col; c <= n; c++) m[r][c] -= f * m[col][c];
    }
  }
  const s = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let v = m[r][n];
    for (let c = r + 1; c < n; c++) v -= m[r][c] * s[c];
    s[r] = v / m[r][r];
  }
  return s;
}

/** One ranking of candidates (one question's sentences as extract.ts weighs them together), labelled 1 or 0. */
export interface Group {
  x: number[][];
  y: number[];
  /** A part of each sentence's weighted sum that is given, not fitted (the hand formula's, for a correction of it). */
  offset?: number[];
}

/**
 * Weights for picking a labelled sentence out of each group (a conditional logit: the softmax of the offset plus
 * the weighted features within a group should fall on its 1s), with lambda/2 · |weights|² added. Only how
 * sentences of one question compare is fitted, not how sure any is: groups without a 1 teach nothing, and there
 * is no bias. Newton's steps are halved while they would raise the loss.
 */
export function fitRanked(groups: Group[], lambda: number, iterations = 50): number[] {
  const usable = groups.filter((g) => g.y.some((v) => v > 0));
  const d = usable[0]?.x[0]?.length ?? 0;
  const n = Math.max(1, usable.length);
  const chances = (g: Group, w: number[]) => {
    const z = g.x.map((row, r) => (g.offset?.[r] ?? 0) + dot(w, row));
    const top = Math.max(...z);
    const e = z.map((v) => Math.exp(v - top));
    const sum = e.reduce((a, b) => a + b, 0);
    return { p: e.map((v) => v / sum), log: z.map((v) => v - top - Math.log(sum)) };
  };
  const loss = (w: number[]) =>
    usable.reduce(
      (s, g) => {
        const { log } = chances(g, w);
        const positives = g.y.reduce((a, b) => a + b, 0);
        return s - g.y.reduce((a, v, r) => a + (v * log[r]) / positives, 0) / n;
      },
      (lambda / 2) * dot(w, w),
    );
  let w = new Array<number>(d).fill(0);
  let current = loss(w);
  for (let it = 0; it < iterations; it++) {
    const grad = w.map((v) => lambda * v);
    const hess = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? lambda + 1e-9 : 0)));
    for (const g of usable) {
      const { p } = chances(g, w);
      const positives = g.y.reduce((a, b) => a + b, 0);
      const mean = new Array<number>(d).fill(0);
      g.x.forEach((row, r) => {
        for (let i = 0; i < d; i++) {
          mean[i] += p[r] * row[i];
          grad[i] += ((p[r] - g.y[r] / positives) * row[i]) / n;
          for (let j = 0; j <= i; j++) hess[i][j] += (p[r] * row[i] * row[j]) / n;
        }
      });
      for (let i = 0; i < d; i++) for (let j = 0; j <= i; j++) hess[i][j] -= (mean[i] * mean[j]) / n;
    }
    for (let i = 0; i < d; i++) for (let j = 0; j < i; j++) hess[j][i] = hess[i][j];
    const step = solve(hess, grad);
    let size = 1;
    let next = w.map((v, i) => v - step[i]);
    let after = loss(next);
    while (after > current && size > 1e-6) {
      size /= 2;
      next = w.map((v, i) => v - size * step[i]);
      after = loss(next);
    }
    if (after > current) break;
    const moved = Math.max(...next.map((v, i) => Math.abs(v - w[i])));
    [w, current] = [next, after];
    if (moved < 1e-10) break;
  }
  return w;
}
