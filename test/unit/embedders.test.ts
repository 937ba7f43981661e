// The three embedders behind one interface, and the chooser. No test reaches the internet: the openai
// provider talks to a loopback server speaking the embeddings wire format.
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cosine, type Embedder } from "../../search/embedder.ts";
import { chooseEmbedder, type EmbedderConfig } from "../../search/embedders/index.ts";
import { gloveBinaryPath, loadGlove } from "../../search/embedders/glove.ts";
import { loadOpenAIEmbedder } from "../../search/embedders/openai.ts";
import { readWinkVectors } from "../../search/embedders/wink-stream.ts";
import { importTransformers, INSTALL_HINT, loadTransformers, modelPresent, transformersInstalled } from "../../search/embedders/transformers.ts";

const installed = await transformersInstalled();
const modelDir = resolve(process.env.SANCTUARY_MODEL_DIR ?? "data/models");
const model = process.env.SANCTUARY_TRANSFORMERS_MODEL ?? "Xenova/all-MiniLM-L6-v2";
const present = installed && (await modelPresent(modelDir, model));
const dataDir = await mkdtemp(join(tmpdir(), "sanctuary-embedders-"));
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const norm = (v: Float32Array) => Math.hypot(...v);
const config = (over: Partial<EmbedderConfig> = {}): EmbedderConfig => ({
  embedder: "auto",
  dataDir,
  modelDir: join(dataDir, "models"),
  transformersModel: "Xenova/all-MiniLM-L6-v2",
  openai: { embeddingModel: "test-embed" },
  ...over,
});

describe("glove embedder", () => {
  let glove: Embedder;
  const firstLog: string[] = [];
  beforeAll(async () => {
    // The first use parses the package's 307 MB JSON once (~5 s, ~1 GB) and writes the compact table.
    glove = await loadGlove({ dataDir, log: (m) => firstLog.push(m) });
  }, 180_000);

  it("converts once, logging progress, then reads the binary table", async () => {
    expect(firstLog.some((m) => m.includes("converting"))).toBe(true);
    expect(firstLog.some((m) => /read \d+ words, kept the \d+ most frequent/.test(m))).toBe(true);
    const file = gloveBinaryPath(dataDir);
    const before = await stat(file);
    const secondLog: string[] = [];
    const again = await loadGlove({ dataDir, log: (m) => secondLog.push(m) });
    expect(secondLog.some((m) => m.includes("converting"))).toBe(false);
    expect((await stat(file)).mtimeMs).toBe(before.mtimeMs);
    expect(again.id).toBe(glove.id);
    const texts = ["a candle in the window", "the long road home"];
    expect(await again.embed(texts)).toEqual(await glove.embed(texts));
  });

  it("names itself and returns unit vectors, one per text, in order", async () => {
    expect(glove.id).toBe("glove-sif-100d/1");
    expect(glove.dimensions).toBe(100);
    const texts = ["Peace be with you.", "We don't walk alone; it's our mother's house.", "stillness"];
    const vectors = await glove.embed(texts);
    expect(vectors).toHaveLength(3);
    for (const v of vectors) {
      expect(v).toHaveLength(100);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    // The same text gives the same vector, to the bit, alone or after others (one accumulator serves every text).
    expect(Array.from(vectors[2])).toEqual(Array.from((await glove.embed(["stillness"]))[0]));
    expect(await glove.embed([])).toEqual([]);
  });

  it.each([
    ["a prayer of thanks", "gratitude blessing", "database index tuning"],
    ["grief and mourning", "sorrow after a loss", "spreadsheet formulas"],
    ["the night sky full of stars", "constellations and the moon", "tax forms and receipts"],
    ["a quiet morning meditation", "breathing slowly in silence", "quarterly earnings report"],
    ["forgiveness", "letting go of anger and resentment", "kernel compiler flags"],
  ])("keeps %j nearer %j than %j", async (anchor, near, far) => {
    const [a, n, f] = await glove.embed([anchor, near, far]);
    expect(cosine(a, n)).toBeGreaterThan(cosine(a, f) + 0.2);
  });

  it("gives a text's words and weights whose sum is its vector, and the very vector embed gives", async () => {
    // Twice over: the second time each word's id (or its absence, "zzqxv") is the one kept from the first.
    const texts = ["Peace be with you, peace.", "We don't walk alone; it's our mother's house.", "stillness", "zzqxv"];
    for (const text of [...texts, ...texts]) {
      const { vector, words } = glove.embedWords!(text);
      expect(Array.from(vector)).toEqual(Array.from((await glove.embed([text]))[0]));
      // Each word once ("peace" twice in the first), its weight the sum's.
      expect(new Set(words.ids).size).toBe(words.ids.length);
      const sum = new Float64Array(100);
      words.ids.forEach((id, i) => words.wordVector(id).forEach((x, j) => (sum[j] += words.weights[i] * x)));
      for (let j = 0; j < 100; j++) expect(sum[j]).toBeCloseTo(vector[j], 5);
    }
    expect(glove.embedWords!("Peace be with you, peace.").words.ids.length).toBe(4);
  });

  it("gives text with no known word the zero vector (cosine 0 with everything)", async () => {
    const [unknown, known] = await glove.embed(["zzqxv 1234 !!! qwxzzy", "hope"]);
    expect(Array.from(unknown).every((x) => x === 0)).toBe(true);
    expect(cosine(unknown, known)).toBe(0);
    expect((await glove.embed([""]))[0].every((x) => x === 0)).toBe(true);
    const [, afterKnown] = await glove.embed(["hope", "zzqxv 1234"]);
    expect(afterKnown.every((x) => x === 0)).toBe(true);
  });
});

describe("transformers embedder", () => {
  it.skipIf(installed)("says how to enable it when @huggingface/transformers is not installed", async () => {
    await expect(importTransformers()).rejects.toThrow(INSTALL_HINT);
    expect(INSTALL_HINT).toContain("ONNXRUNTIME_NODE_INSTALL=skip npm install @huggingface/transformers");
    expect(INSTALL_HINT).toContain("npm install --ignore-scripts @huggingface/transformers");
    await expect(loadTransformers({ modelDir, model })).rejects.toThrow(/ONNXRUNTIME_NODE_INSTALL=skip/);
  });

  it("finds no model in an empty folder", async () => {
    expect(await modelPresent(join(dataDir, "no-models"), model)).toBe(false);
  });

  it.skipIf(!present)(
    `embeds with a local model (skipped: needs @huggingface/transformers and ${model} in ${modelDir})`,
    async () => {
      const e = await loadTransformers({ modelDir, model });
      expect(e.id).toBe(`transformers/${model}`);
      const [a, n, f] = await e.embed(["a prayer of thanks", "gratitude blessing", "database index tuning"]);
      expect(norm(a)).toBeCloseTo(1, 5);
      expect(a).toHaveLength(e.dimensions);
      expect(cosine(a, n)).toBeGreaterThan(cosine(a, f));
    },
    120_000,
  );
});

describe("openai-compatible embedder", () => {
  const bodies: Array<{ model: string; input: string[]; encoding_format?: string }> = [];
  let server: Server;
  let baseURL = "";
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        const body = JSON.parse(raw);
        bodies.push(body);
        res.setHeader("content-type", "application/json");
        if (req.url !== "/v1/embeddings" || body.input.includes("FAIL")) {
          res.statusCode = 400;
          res.end(JSON.stringify({ error: { message: "that input is refused", type: "invalid_request_error" } }));
          return;
        }
        // Deliberately not unit length, and listed in reverse, to check normalization and index ordering.
        const data = (body.input as string[]).map((text, index) => ({ object: "embedding", index, embedding: [text.length, 4, 0] }));
        res.end(JSON.stringify({ object: "list", data: data.reverse(), model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
      });
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  it("asks for floats, probes the dimensions, batches, orders by index and normalizes", async () => {
    bodies.length = 0;
    const e = await loadOpenAIEmbedder({ baseURL, model: "test-embed" });
    expect(e.id).toBe("openai/test-embed");
    expect(e.dimensions).toBe(3);
    const texts = Array.from({ length: 150 }, (_, i) => "x".repeat(i % 7));
    const vectors = await e.embed(texts);
    expect(bodies.map((b) => b.input.length)).toEqual([1, 64, 64, 22]);
    for (const b of bodies) {
      expect(b.model).toBe("test-embed");
      expect(b.encoding_format).toBe("float");
      expect(Array.isArray(b.input)).toBe(true);
    }
    expect(bodies.slice(1).flatMap((b) => b.input)).toEqual(texts);
    expect(Array.from(vectors[3])).toEqual([3 / 5, 4 / 5, 0].map((x) => Math.fround(x)));
    for (const v of vectors) expect(norm(v)).toBeCloseTo(1, 6);
  });

  it("surfaces an error status as a thrown error", async () => {
    const e = await loadOpenAIEmbedder({ baseURL, model: "test-embed" });
    await expect(e.embed(["fine", "FAIL"])).rejects.toMatchObject({ status: 400, message: expect.stringContaining("refused") });
    await expect(loadOpenAIEmbedder({ baseURL: baseURL.replace("/v1", "/nowhere"), model: "m" })).rejects.toMatchObject({ status: 400 });
  });

  it("is chosen when forced with a base URL", async () => {
    const { embedder, reason } = await chooseEmbedder(config({ embedder: "openai", openai: { baseURL, embeddingModel: "test-embed" } }));
    expect(embedder.id).toBe("openai/test-embed");
    expect(reason).toContain(baseURL);
  });
});

describe("chooseEmbedder", () => {
  it("loads glove when forced, logging one line", async () => {
    const lines: string[] = [];
    const { embedder, reason } = await chooseEmbedder(config({ embedder: "glove" }), (m) => lines.push(m));
    expect(embedder.id).toBe("glove-sif-100d/1");
    expect(reason).toContain("glove");
    expect(lines.filter((l) => l.startsWith("embedder:"))).toHaveLength(1);
  }, 180_000);

  it("refuses openai without a base URL, naming the setting", async () => {
    await expect(chooseEmbedder(config({ embedder: "openai" }))).rejects.toThrow(/SANCTUARY_OPENAI_BASE_URL/);
  });

  it.skipIf(installed)(
    "falls back to glove under auto when transformers is not installed",
    async () => {
      const { embedder, reason } = await chooseEmbedder(config());
      expect(embedder.id).toBe("glove-sif-100d/1");
      expect(reason).toMatch(/not installed/);
    },
    180_000,
  );
});

describe("the word vectors read as a stream", () => {
  it("reads what JSON.parse reads, across any chunk boundary, escapes and duplicates included", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sanctuary-wink-"));
    try {
      const words = ["the", ",", 'quote"d', "café", "the", "naïve", "x1", "back\\slash", "zebra"];
      const vectors: Record<string, number[]> = {};
      words.forEach((w, i) => (vectors[w] ??= [i + 0.5, -i / 3, 1e-7 * i, 0, words.indexOf(w)]));
      delete vectors.zebra; // a listed word without a vector is passed over
      const text = JSON.stringify({ precision: 8, size: words.length, dimensions: 3, words, vectors, unkVector: [0, 0, 0] });
      const file = join(dir, "wink.json");
      await writeFile(file, text);
      const accept = (w: string) => /^\p{L}+$/u.test(w) || w.includes('"');
      for (const chunk of [3, 7, 64, 1 << 20]) {
        const read = await readWinkVectors(file, 4, accept, chunk);
        expect(read.dims).toBe(3);
        expect(read.sourceSize).toBe(words.length);
        expect(read.words).toEqual(["the", 'quote"d', "café", "naïve"]);
        expect([...read.ranks]).toEqual([0, 2, 3, 5]);
        const parsed = JSON.parse(text) as { vectors: Record<string, number[]> };
        expect([...read.matrix]).toEqual(read.words.flatMap((w) => parsed.vectors[w].slice(0, 3).map((x) => Math.fround(x))));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
