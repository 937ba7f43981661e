// A page's nearness and the pages a search scores come from one pass of the WebAssembly module (page-meaning.ts);
// it must give JavaScript's numbers to the bit, and a search that scores only the pages it lists must rank and
// score exactly as one that weighs every page (tuning's explain).
import { describe, expect, it } from "vitest";
import { PageMeaning, pageNearnessJs, type PageSlots } from "../../search/page-meaning.ts";
import { CARD_SHARE, FLOOR, NEAR_ONLY, calibrationFor, fuse, meaningEvidence, meaningShare, shown, wordlessFloor } from "../../search/rank.ts";
import { MemoryIndex, type Row } from "../../search/memory.ts";
import { centered } from "../../search/memory-build.ts";

/** A small deterministic generator, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Pages of 0..6 passages, most with a card, slots laid out as memory-build.ts lays them. */
function slotsOf(pages: number, random: () => number): { slots: PageSlots; rows: number } {
  const passageStart = new Int32Array(pages + 1);
  let passages = 0;
  for (let p = 0; p < pages; p++) {
    passageStart[p] = passages;
    passages += Math.floor(random() * 7);
  }
  passageStart[pages] = passages;
  let cards = 0;
  const cardSlot = Int32Array.from({ length: pages }, () => (random() < 0.8 ? passages + cards++ : -1));
  return { slots: { passageStart, cardSlot }, rows: passages + cards };
}

describe("a page's nearness in WebAssembly", () => {
  it("weighs card and best passage as the module's constants do", () => {
    expect(CARD_SHARE).toBe(0.4);
  });

  it("gives JavaScript's nearness to the bit and lists the same pages, in order", () => {
    const random = seeded(7);
    for (let trial = 0; trial < 40; trial++) {
      const pages = 1 + Math.floor(random() * 60);
      const { slots, rows } = slotsOf(pages, random);
      // The identity as the matrix: each slot's product with the query is the query's own lane, exactly.
      const matrix = new Float32Array(rows * rows);
      for (let r = 0; r < rows; r++) matrix[r * rows + r] = 1;
      const edges = [-1, 0, 0.15, 1];
      const cosines = Float32Array.from({ length: rows }, () => (random() < 0.1 ? edges[Math.floor(random() * 4)] : random() * 2 - 1));
      const held = Float32Array.from({ length: pages }, () => (random() < 0.3 ? random() : 0));
      const forced = random() < 0.3 ? [Math.floor(random() * pages)] : [];
      const lo = [0.15, 0, -1][trial % 3];
      const near = new Float32Array(pages);
      const list = new Int32Array(pages);
      const n = pageNearnessJs(slots, cosines, held, forced, lo, near, list);
      const meaning = new PageMeaning(matrix, rows, slots).nearness(cosines, held, forced, lo);
      expect([...meaning.cosines]).toEqual([...cosines]);
      expect([...meaning.near]).toEqual([...near]);
      expect([...meaning.pages]).toEqual([...list.subarray(0, n)]);
      if (lo === -1) expect(meaning.pages.length).toBeGreaterThan(0);
    }
  });
});

describe("a search scoring only the pages worth it", () => {
  const words = "lantern river bread stone candle harbour morning evening silence bell garden table door road".split(" ");
  const random = seeded(11);
  const dims = 12;
  const unitVector = () => {
    const v = Float32Array.from({ length: dims }, () => random() * 2 - 1);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  };
  const rows: Row[] = [];
  for (let p = 0; p < 80; p++) {
    const title = `${words[p % words.length]} ${words[(p * 5 + 3) % words.length]} ${p}`;
    const base = { page: `page-${p}`, title, pagePath: `/docs/page-${p}`, path: `page-${p}`, slug: null, category: "docs", section: null };
    const passages = 1 + (p % 4);
    for (let k = 0; k < passages; k++) {
      const text = Array.from({ length: 6 }, () => words[Math.floor(random() * words.length)]).join(" ");
      rows.push({ ...base, id: `${p}-${k}`, text, role: "passage", tldr: "", themes: "", headings: "", vector: unitVector() });
    }
    if (p % 5) rows.push({ ...base, id: `${p}-card`, text: title, role: "card", tldr: "", themes: "", headings: "", vector: unitVector() });
  }

  it("ranks and scores as weighing every page does", async () => {
    const index = await MemoryIndex.from(rows, new Map());
    const calibration = calibrationFor("glove");
    const shown = (hits: ReturnType<MemoryIndex["search"]>) => hits.map((h) => `${h.chunk.id} ${h.score}`);
    let found = 0;
    for (let q = 0; q < 200; q++) {
      const query = Array.from({ length: 1 + (q % 3) }, () => words[Math.floor(random() * words.length)]).join(" ");
      const vector = unitVector();
      const listed = shown(index.search(query, vector, 5, calibration));
      const every = shown(index.search(query, vector, 5, calibration, () => {}));
      expect(listed).toEqual(every);
      found += listed.length;
    }
    expect(found).toBeGreaterThan(200);
  });
});

describe("the nearness a page holding none of the words needs", () => {
  // Such a page's score is its meaning alone (its words' evidence is 0): at or below the line it is never shown,
  // just above it it is, for every query length. A line set too high would drop pages a search must show.
  it("parts the pages shown from those not, as scoring them would", () => {
    const calibration = calibrationFor("glove");
    for (const typed of [1, 2, 3, 5]) {
      const share = meaningShare(typed);
      const near = typed === 1 ? NEAR_ONLY : 1;
      const line = wordlessFloor(calibration, share, near);
      const isShown = (cosine: number) => shown(near * fuse(meaningEvidence(cosine, calibration), 0, false, share), 0, false);
      expect(line).toBeLessThan(1);
      for (let k = 0; k <= 2000; k++) {
        const cosine = Math.fround(-1 + k / 1000);
        if (cosine <= line) expect(isShown(cosine), `${typed} words, cosine ${cosine}`).toBe(false);
      }
      expect(isShown(Math.fround(line + 2e-6))).toBe(true);
      expect(near * fuse(meaningEvidence(line, calibration), 0, false, share)).toBeLessThan(FLOOR);
    }
  });
});

describe("a query's products summed from its words'", () => {
  // The GloVe embedder's vector is a weighted sum of word vectors: the products of each word with every row, kept,
  // and summed for a query must give the query's own products (to float32's rounding), on first use and after.
  it("gives the products and nearness of the query's own vector", () => {
    const random = seeded(23);
    const dims = 16;
    const { slots, rows } = slotsOf(50, random);
    const mean = Float32Array.from({ length: dims }, () => random() - 0.5);
    const matrix = new Float32Array(rows * dims);
    for (let r = 0; r < rows; r++)
      matrix.set(
        centered(
          Float32Array.from({ length: dims }, () => random() * 2 - 1),
          mean,
        ),
        r * dims,
      );
    const wordVectors = Array.from({ length: 30 }, () => Float32Array.from({ length: dims }, () => Math.round(random() * 254 - 127)));
    const byWords = new PageMeaning(matrix, dims, slots, mean);
    const byVector = new PageMeaning(matrix, dims, slots);
    const held = new Float32Array(50);
    for (let q = 0; q < 60; q++) {
      const ids = Int32Array.from(new Set(Array.from({ length: 1 + (q % 5) }, () => Math.floor(random() * 30))));
      const raw = Float32Array.from(ids, () => 0.01 + random());
      const sum = new Float64Array(dims);
      ids.forEach((id, i) => wordVectors[id].forEach((x, j) => (sum[j] += raw[i] * x)));
      const length = Math.hypot(...Float32Array.from(sum));
      const vector = Float32Array.from(sum, (x) => Math.fround(x) / length);
      const weights = raw.map((w) => w / length);
      const spread = Math.hypot(...vector.map((x, j) => Math.fround(x - mean[j])));
      const query = centered(vector, mean);
      const own = Array.from(byVector.nearness(query, held, [], 0.15).cosines);
      const words = { sum: { ids, weights, wordVector: (id: number) => wordVectors[id] }, scale: 1 / spread };
      const summed = Array.from(byWords.nearness(query, held, [], 0.15, words).cosines);
      summed.forEach((c, r) => expect(Math.abs(c - own[r]), `query ${q}, row ${r}`).toBeLessThan(1e-5));
    }
  });
});

describe("a library too large to keep its words' products", () => {
  // 300,000 rows: fewer slots fit than a query's most words, so a query's own products are taken, as before words
  // were kept, and nothing is written over the rows.
  it("answers a query given as its words from its own vector", () => {
    const rows = 300_000;
    const pages = 1000;
    const passageStart = Int32Array.from({ length: pages + 1 }, (_, p) => (p * rows) / pages);
    const slots = { passageStart, cardSlot: new Int32Array(pages).fill(-1) };
    const matrix = Float32Array.from({ length: rows }, (_, r) => ((r % 7) - 3) / 3);
    const mean = Float32Array.of(0.25);
    const held = new Float32Array(pages);
    const words = { sum: { ids: Int32Array.of(0), weights: Float32Array.of(1), wordVector: () => Float32Array.of(5) }, scale: 2 };
    const own = Array.from(new PageMeaning(matrix, 1, slots).nearness(Float32Array.of(1), held, [], 0.15).cosines);
    const meaning = new PageMeaning(matrix, 1, slots, mean);
    for (let round = 0; round < 2; round++) expect(Array.from(meaning.nearness(Float32Array.of(1), held, [], 0.15, words).cosines)).toEqual(own);
  });
});
