// Distinct search queries for the load test: the relevance fixture's queries, every title in the
// library and its themes, then phrases of two to five words from the pieces' summaries, until there are
// `count`. Every request of a run is a new query: more queries than the server keeps query vectors for
// (search/index.ts, 2,048) or parsed query strings (512), handed out in turn across connections
// (bench/round.ts), so nothing is answered from a cache keyed by the query.
import { readFile } from "node:fs/promises";
import type { Library } from "../corpus/library.ts";

/** Enough that a query comes round again only after thousands of others (a run makes ~10,000–30,000 searches). */
export const BENCH_QUERIES = 6000;

export async function benchQueries(library: Library, count = BENCH_QUERIES): Promise<string[]> {
  const fixture = JSON.parse(await readFile(new URL("../test/fixtures/search-relevance.json", import.meta.url), "utf8")) as { queries: Array<{ q: string }> };
  const themes = [...new Set(library.pieces.flatMap((p) => p.themes))].map((t) => t.replace(/-/g, " "));
  const named = [...new Set([...fixture.queries.map((q) => q.q), ...library.pieces.map((p) => p.title), ...themes])].filter((q) => q.length >= 2);
  // Interleave the kinds (fixture, title, theme…) by a fixed stride so every stretch of the run mixes them.
  // A prime that does not divide the count is coprime with it: the stride reaches every query once.
  const stride = [7, 11, 13, 17].find((s) => named.length % s !== 0) ?? 1;
  const out = new Set(named.map((_, i) => named[(i * stride) % named.length]));
  // Then the summaries' own words, a window of 2–5 at a time: phrases as people type them, and all different.
  const summaries = library.pieces.map((p) => p.tldr.split(/\s+/).filter(Boolean));
  for (let at = 0, round = 0; out.size < count && round < 64; round++) {
    for (const summary of summaries) {
      at = (at * 31 + 17) % 997;
      const length = 2 + (at % 4);
      const from = (round * 3 + at) % Math.max(1, summary.length - length + 1);
      const phrase = summary
        .slice(from, from + length)
        .join(" ")
        .replace(/[.,;:!?]+$/, "");
      // One word of four letters at least: "of the" is no query anyone sends (and would cost nothing).
      if (/\p{L}{4}/u.test(phrase)) out.add(phrase);
      if (out.size >= count) break;
    }
  }
  return [...out].slice(0, count);
}

export const searchPath = (q: string) => `/api/search?q=${encodeURIComponent(q)}&limit=5`;
