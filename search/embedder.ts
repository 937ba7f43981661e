// What every embedder provides: unit-length vectors for texts, and an id the index records so it
// rebuilds when the embedder changes.
export interface Embedder {
  /** Names the provider, model and version, e.g. `glove-sif-100d/1`. */
  readonly id: string;
  readonly dimensions: number;
  /** One unit-normalized vector per text, in order. */
  embed(texts: string[]): Promise<Float32Array[]>;
}

export function normalize(v: Float32Array): Float32Array {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i] * v[i];
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] /= norm;
  return v;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return dot;
}
