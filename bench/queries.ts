// Distinct search queries for the load test: the relevance fixture's queries, every title in the
// library, and its themes, so no two consecutive requests repeat and nothing can be answered from a
// cache of whole result lists.
import { readFile } from "node:fs/promises";
import type { Library } from "../corpus/library.ts";

export async function benchQueries(library: Library, count = 240): Promise<string[]> {
  const fixture = JSON.parse(await readFile(new URL("../test/fixtures/search-relevance.json", import.meta.url), "utf8")) as { queries: Array<{ q: string }> };
  const themes = [...new Set(library.pieces.flatMap((p) => p.themes))].map((t) => t.replace(/-/g, " "));
  const all = [...new Set([...fixture.queries.map((q) => q.q), ...library.pieces.map((p) => p.title), ...themes])].filter((q) => q.length >= 2);
  // Interleave the kinds (fixture, title, theme…) by a fixed stride so every stretch of the run mixes them.
  const out: string[] = [];
  for (let i = 0; out.length < Math.min(count, all.length); i++) out.push(all[(i * 7) % all.length]);
  return [...new Set(out)].length === out.length ? out : all.slice(0, count);
}

export const searchPath = (q: string) => `/api/search?q=${encodeURIComponent(q)}&limit=5`;
