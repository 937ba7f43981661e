// Search's answers before and after a change to how they are computed: the top pages, the passage shown and
// the score for the bench's distinct queries (bench/queries.ts), hybrid and words only, written as lines to a
// file; `--compare` reads such a file and lists every query whose answer differs (exit 1 if any does).
// Usage: npx tsx bench/search-same.ts --write /tmp/before.txt   (on the old code; --time also times them), then
//        npx tsx bench/search-same.ts --compare /tmp/before.txt (on the new code). Needs a bench data folder.
//        npx tsx bench/search-same.ts --versus ../wt/base: both versions' searches in this one process, taking turns
//        by 50 queries (all of --queries), so a slow spell of a shared machine falls on both (the other checkout's
//        search/index.ts over this checkout's library, embedder and index folder; a change to the index's recipe
//        needs the HTTP bench).
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
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
    /** Another checkout (a git worktree): its search's CPU beside this one's, and how many answers differ. */
    versus: { type: "string" },
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
/** An answer as one line: each page's passage and score, in order. */
const shown = (hits: Array<{ chunk: { id: string }; score: number }>) => hits.map((h) => `${h.chunk.id}=${h.score}`).join(" ");
for (const q of queries) {
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
  const roundsText = rounds.map((r) => r.toFixed(1)).join(", ");
  console.log(`µs CPU per hybrid search (vectors kept), seven rounds: ${roundsText}; least ${Math.min(...rounds).toFixed(1)}`);
}

if (values.versus) {
  // A module loaded at run time: its type is this checkout's, which the other's must match (the same constructor).
  const other = (await import(join(resolve(values.versus), "search/index.ts"))) as typeof import("../search/index.ts");
  const before = new other.LibraryIndex(join(dataDir, "index"), embedder, calibrationFor(embedder.id), pino({ level: "silent" }));
  await before.open(library);
  await before.settled();
  // Every query asked for (--queries 6000: the HTTP bench's set, whose words fill search's per-word memos as it does).
  const timed = queries;
  const cpu = { ours: 0, before: 0 };
  let differ = 0;
  for (const q of timed) if (shown(await index.search(q, 10)) !== shown(await before.search(q, 10))) differ++;
  const turn = async (which: LibraryIndex, from: number) => {
    const started = process.cpuUsage();
    for (let i = from; i < Math.min(from + 50, timed.length); i++) await which.search(timed[i], 10);
    const used = process.cpuUsage(started);
    return used.user + used.system;
  };
  // Six passes, each version first in every other one (going first costs or saves a little of its own).
  for (let pass = 0; pass < 6; pass++)
    for (let at = 0; at < timed.length; at += 50) {
      if (pass % 2) cpu.before += await turn(before, at);
      cpu.ours += await turn(index, at);
      if (!(pass % 2)) cpu.before += await turn(before, at);
    }
  const n = 6 * timed.length;
  console.log(
    `µs CPU per hybrid search (vectors kept), taking turns: ${(cpu.ours / n).toFixed(1)} here, ${(cpu.before / n).toFixed(1)} at ${values.versus} (${(cpu.ours / cpu.before).toFixed(3)} of it); ${differ} of ${timed.length} answers differ`,
  );
  before.stop();
}
