// What a visit's write costs SQLite, and what a visit log would save: CPU per visit of the group commit as the
// engine runs it (the batch's members read in one statement, written in one upsert), of the same visits appended to
// a log table instead (the read kept: it tells whether a visit adds a soul), of that log folded into the sorted
// collection in bulk, and of an empty commit. On a file in a temporary folder holding `--rows` visitors already.
// Usage: npx tsx bench/presence-write.ts [-- --rows 200000 --visits 200000]
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, statements } from "../storage/sqlite-schema.ts";

const { values } = parseArgs({ options: { rows: { type: "string", default: "200000" }, visits: { type: "string", default: "200000" } } });
const ROWS = Number(values.rows);
const VISITS = Number(values.visits);
const NAME = "presence";
const AT = 1_764_000_000_000;

const dir = await mkdtemp(join(tmpdir(), "sanctuary-presence-write-"));
const db = openDatabase({ file: join(dir, "state.db") });
const q = statements(db);
// Only here: the log a bulk design would append to (a rowid table, so an append touches the rightmost page alone).
db.exec("CREATE TABLE visit_log (member TEXT NOT NULL, score REAL NOT NULL)");
const append = db.prepare("INSERT INTO visit_log (member, score) SELECT j.value ->> 0, j.value ->> 1 FROM json_each(?1) AS j");
const fold = db.prepare(`INSERT INTO sorted (name, member, score, value) SELECT ?1, member, max(score), 'null' FROM visit_log WHERE true GROUP BY member
  ON CONFLICT (name, member) DO UPDATE SET score = excluded.score WHERE excluded.score > sorted.score`);
const emptyLog = db.prepare("DELETE FROM visit_log");

let serial = 0;
const names = (n: number) => Array.from({ length: n }, () => `bench-${AT % 1e7}x${serial++}`);

function seed(): void {
  db.exec("BEGIN");
  for (let i = 0; i < ROWS; i += 1000) q.sortedPutMany.run(NAME, JSON.stringify(names(Math.min(1000, ROWS - i)).map((m) => [m, AT - 3600_000, "null"])));
  db.exec("COMMIT");
}

/**
 * CPU µs per visit of `write` run over batches of `batch` visits, after a warm-up of a tenth as many; `before`, when
 * given, runs ahead of each batch's `write` outside the timing.
 */
function perVisit(batch: number, write: (members: string[]) => void, before?: (members: string[]) => void): number {
  const batches = Math.ceil(VISITS / batch);
  for (let i = 0; i < batches / 10; i++) {
    const members = names(batch);
    before?.(members);
    write(members);
  }
  const lists = Array.from({ length: batches }, () => names(batch));
  const visits = batches * batch;
  if (!before) {
    const started = process.cpuUsage();
    for (const members of lists) write(members);
    return cpuSince(started) / visits;
  }
  // Timed batch by batch, so `before` stays outside (reading the clock is a system call: only when needed).
  let used = 0;
  for (const members of lists) {
    before(members);
    const from = process.cpuUsage();
    write(members);
    used += cpuSince(from);
  }
  return used / visits;
}

/** CPU µs (user and system) since `from`. */
function cpuSince(from: NodeJS.CpuUsage): number {
  const spent = process.cpuUsage(from);
  return spent.user + spent.system;
}

function inTransaction(work: () => void): void {
  db.exec("BEGIN IMMEDIATE");
  work();
  db.exec("COMMIT");
}

const asWritten = (members: string[]) =>
  inTransaction(() => {
    q.sortedScores.all(NAME, JSON.stringify(members));
    q.sortedPutMany.run(NAME, JSON.stringify(members.map((m) => [m, AT, "null"])));
  });
const logged = (members: string[]) =>
  inTransaction(() => {
    q.sortedScores.all(NAME, JSON.stringify(members));
    append.run(JSON.stringify(members.map((m) => [m, AT])));
  });
const appended = (members: string[]) => inTransaction(() => append.run(JSON.stringify(members.map((m) => [m, AT]))));
const folded = () =>
  inTransaction(() => {
    fold.run(NAME);
    emptyLog.run();
  });

try {
  seed();
  const rows: Array<[string, number]> = [
    ["empty commit", perVisit(10, () => inTransaction(() => {}))],
    ["as written, 10 a commit", perVisit(10, asWritten)],
    ["as written, 32 a commit", perVisit(32, asWritten)],
    ["visit log, 10 a commit", perVisit(10, logged)],
    ["visit log, 32 a commit", perVisit(32, logged)],
    ["the log folded in, 1,000 a time", perVisit(1000, folded, appended)],
  ];
  console.log(`presence writes over ${ROWS.toLocaleString("en")} visitors, ${VISITS.toLocaleString("en")} visits each (CPU µs per visit):`);
  for (const [label, us] of rows) console.log(`${label.padEnd(32)} ${us.toFixed(2).padStart(6)}`);
} finally {
  db.close();
  await rm(dir, { recursive: true, force: true });
}
