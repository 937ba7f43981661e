// npx tsx bench/search-quality.ts [fixture.json ...]: builds the index for the worktree's library with the
// default GloVe embedder and prints recall@5 for each relevance fixture, title rank-1 rate and timings.
// A measuring tool for tuning, not a test (the tests assert the same things with thresholds).
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pino } from "pino";
import { loadLibrary } from "../corpus/library.ts";
import { loadGlove } from "../search/embedders/glove.ts";
import { LibraryIndex } from "../search/index.ts";
import { calibrationFor } from "../search/rank.ts";

interface Fixture {
  queries: Array<{ q: string; expect: string[]; kind?: string }>;
}

const pageOf = (h: { chunk: { path: string | null; slug: string | null } }) => h.chunk.path ?? `songs/${h.chunk.slug}`;
const dataDir = join(process.cwd(), ".bench", "quality");
const embedder = await loadGlove({ dataDir });
const index = new LibraryIndex(join(dataDir, "index"), embedder, calibrationFor(embedder.id), pino({ level: "silent" }));
// --library DIR measures another copy of the library (its own index folder, keyed by content hash).
const libraryArg = process.argv.indexOf("--library");
const library = await loadLibrary(libraryArg > 0 ? resolve(process.argv[libraryArg + 1]) : join(process.cwd(), "corpus", "library"));
let t = performance.now();
// Reuses the stored index when library, embedder and recipe match (--rebuild forces a build).
if (!process.argv.includes("--rebuild")) await index.open(library);
if (!index.ready) await index.rebuild(library);
console.log(`open or build ${Math.round(performance.now() - t)} ms`);

const explain = process.argv.indexOf("--explain");
if (explain > 0) {
  // --explain "query" [page…]: the evidence of the top pages and of the named ones.
  const [query, ...pages] = process.argv.slice(explain + 1);
  const rows: Array<[string, number, number, number]> = [];
  await index.search(query, 5, (page, meaning, words, score) => rows.push([page, meaning, words, score]));
  rows.sort((a, b) => b[3] - a[3]);
  for (const [page, meaning, words, score] of rows.filter((r, i) => i < 8 || pages.includes(r[0]))) {
    console.log(`${score.toFixed(3)}  meaning ${meaning.toFixed(3)}  words ${words.toFixed(3)}  ${page}`);
  }
  process.exit(0);
}
const named = process.argv.slice(2).filter((a) => a.endsWith(".json"));
const files = named.length ? named : ["test/fixtures/search-relevance.json"];
for (const file of files) {
  const { queries } = JSON.parse(await readFile(resolve(file), "utf8")) as Fixture;
  const misses: string[] = [];
  for (const { q, expect, kind } of queries) {
    const top = (await index.search(q, 5)).map(pageOf);
    if (!top.some((p) => expect.includes(p))) misses.push(`  [${kind}] ${q} → ${top.join(", ") || "(none)"}`);
  }
  console.log(`${file}: ${queries.length - misses.length}/${queries.length} in the top 5`);
  if (misses.length) console.log(misses.join("\n"));
}

let titleMisses = 0;
for (const piece of library.pieces) {
  const top = (await index.search(piece.title, 5)).map(pageOf);
  const key = piece.kind === "song" ? `songs/${piece.slug}` : piece.path;
  if (top[0] !== key) titleMisses++;
}
console.log(`titles at rank 1: ${library.pieces.length - titleMisses}/${library.pieces.length}`);

const probes = ["stillness", "measuring a silence", "counting breaths", "insomnia", "qwzx vbnmk plorfish zzyzx", "breathing", "the", "database index tuning"];
for (const q of probes) {
  const hits = await index.search(q, 10);
  console.log(
    `${q}: ${hits.length} → ${hits
      .slice(0, 3)
      .map((h) => `${pageOf(h)} ${h.score}`)
      .join(", ")}`,
  );
}
t = performance.now();
const n = 300;
for (let i = 0; i < n; i++) await index.search(library.pieces[i % library.pieces.length].tldr.slice(0, 60), 5);
console.log(`search: ${((performance.now() - t) / n).toFixed(3)} ms per query (in process, ${n} distinct-ish queries)`);
