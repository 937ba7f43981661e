// Search's answers before and after a change to how they are computed: the top pages, the passage shown and
// the score for the bench's distinct queries (bench/queries.ts), hybrid and words only, written as lines to a
// file; `--compare` reads such a file and lists every query whose answer differs (exit 1 if any does).
// Usage: npx tsx bench/search-same.ts --write /tmp/before.txt   (on the old code; --time also times them), then
//        npx tsx bench/search-same.ts --compare /tmp/before.txt (on the new code). Needs a bench data folder.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { pino } from "pino";
import { loadLibrary } from "../corpus/library.ts";
import { loadGlove } from "../search/embedders/glove.ts";
import { LibraryIndex } from "../search/index.ts";
import { calibrationFor } from "../search/rank.ts";
import { benchQueries } from "./queries.ts";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string", default: ".bench/data" },
    queries: { type: "string", default: "2000" },
    write: { type: "string" },
    compare: { type: "string" },
    /** Then time the searches again, vectors kept (at most 2,048 queries): the search's own arithmetic, in CPU µs. */
    time: { type: "boolean", default: false },
  },
});
const dataDir = values["data-dir"]!;
const library = await loadLibrary(new URL("../corpus/library", import.meta.url).pathname);
const embedder = await loadGlove({ dataDir });
const index = new LibraryIndex(join(dataDir, "index"), embedder, calibrationFor(embedder.id), pino({ level: "silent" }));
await index.open(library);
await index.settled();
if (!index.ready) throw new Error(`no search index under ${dataDir}/index: run npm run bench once to build it`);
const queries = await benchQueries(library, Number(values.queries));
const lines: string[] = [];
for (const q of queries) {
  const shown = (hits: Array<{ chunk: { id: string }; score: number }>) => hits.map((h) => `${h.chunk.id}=${h.score}`).join(" ");
  // Meaning and words (limit 10), then words alone: the index without a query vector, as while vectors are built.
  lines.push(`${q}\thybrid\t${shown(await index.search(q, 10))}`);
  lines.push(`${q}\twords\t${shown(await index.searchWords(q, 10))}`);
}
if (values.write) {
  await writeFile(values.write, `${lines.join("\n")}\n`);
  console.log(`${lines.length} answers of ${queries.length} queries written to ${values.write}`);
}
if (values.compare) {
  const before = (await readFile(values.compare, "utf8")).trimEnd().split("\n");
  const differ = lines.filter((line, i) => line !== before[i]);
  if (before.length !== lines.length) console.log(`${before.length} answers before, ${lines.length} now`);
  for (const line of differ.slice(0, 20)) console.log(`differs: ${line}`);
  console.log(`${lines.length - differ.length} of ${lines.length} answers (${queries.length} queries) the same`);
  if (differ.length || before.length !== lines.length) process.exitCode = 1;
}
if (values.time) {
  const timed = queries.slice(0, 2000);
  const rounds: number[] = [];
  for (let round = 0; round < 7; round++) {
    const started = process.cpuUsage();
    for (const q of timed) await index.search(q, 10);
    const cpu = process.cpuUsage(started);
    rounds.push((cpu.user + cpu.system) / timed.length);
  }
  // The least of seven rounds: on a shared machine other processes only ever add to a round.
  const shown = rounds.map((r) => r.toFixed(1)).join(", ");
  console.log(`µs CPU per hybrid search (vectors kept), seven rounds: ${shown}; least ${Math.min(...rounds).toFixed(1)}`);
}
