// What every embedder provides: unit-length vectors for texts, and an id the index records so it
// rebuilds when the embedder changes.
export interface Embedder {
  /** Names the provider, model and version, e.g. `glove-sif-100d/1`. */
  readonly id: string;
  readonly dimensions: number;
  /** One unit-normalized vector per text, in order. */
  embed(texts: string[]): Promise<Float32Array[]>;
  /**
   * Where a text's vector is a weighted sum of word vectors, normalized (GloVe's): the vector `embed` gives and the
   * words it sums, so a search can add up its words' products with the index, kept per word (page-meaning.ts). The
   * vector may be a view the next call overwrites: read it before anything else may embed.
   */
  embedWords?(text: string): { vector: Float32Array; words: WordSum };
}

/** A text's vector as the sum of its words': Σ weights[i] × wordVector(ids[i]) is the vector before float32 rounding. */
export interface WordSum {
  /** Each word once, in the order first met. */
  ids: Int32Array;
  weights: Float32Array;
  wordVector(id: number): Float32Array;
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
