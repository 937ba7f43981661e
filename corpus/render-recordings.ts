// npm run recordings [-- --only chants/ --limit 20 --jobs 2]: render the library to DATA_DIR/media.
// Safe to stop at any time and run again: finished pieces are in the manifest and are skipped.
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { formatDuration, ManifestStore } from "./media.ts";
import { loadLibrary } from "./library.ts";
import { missingTools, planRecordings, renderMany } from "./recordings.ts";

const USAGE = "usage: npm run recordings -- [--only <path-prefix>] [--limit N] [--jobs N]";

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number of at least 1, not "${value}".\n${USAGE}`);
  return n;
}

function clock(ms: number): string {
  return formatDuration(ms / 1000);
}

/** Progress on stderr: one line per piece in logs, a redrawn bar on a terminal. */
function reporter(total: number) {
  const started = Date.now();
  const tty = Boolean(process.stderr.isTTY);
  let done = 0;
  return {
    pieceDone(path: string, seconds: number | null) {
      done++;
      const elapsed = Date.now() - started;
      // Wall-clock average already includes the parallelism, so no division by jobs here.
      const left = done < total ? `~${clock((elapsed / done) * (total - done))} left` : "finished";
      const what = seconds === null ? `${path} FAILED` : `${path} (${formatDuration(seconds)})`;
      if (tty) {
        const width = 24;
        const filled = Math.round((done / total) * width);
        const bar = "#".repeat(filled) + "-".repeat(width - filled);
        process.stderr.write(`\r\x1b[2K[${bar}] ${done}/${total} ${clock(elapsed)} elapsed, ${left}  ${what.slice(0, 50)}`);
        if (done === total) process.stderr.write("\n");
      } else {
        process.stderr.write(`[${done}/${total}] ${what}, ${clock(elapsed)} elapsed, ${left}\n`);
      }
    },
    note(line: string) {
      process.stderr.write(`${tty && done ? "\n" : ""}${line}\n`);
    },
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { only: { type: "string" }, limit: { type: "string" }, jobs: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    console.error(USAGE);
    return 0;
  }
  const limit = positiveInt("limit", values.limit, Infinity);
  const jobs = positiveInt("jobs", values.jobs, 2);

  const missing = await missingTools();
  if (missing.length) {
    console.error(`Rendering recordings needs ${missing.join(", ")}, which ${missing.length > 1 ? "are" : "is"} not installed.\nOn Debian or Ubuntu: apt-get install -y espeak-ng ffmpeg`);
    return 1;
  }

  const config = loadConfig();
  const mediaDir = join(config.dataDir, "media");
  const library = await loadLibrary(config.libraryDir);
  const manifest = await ManifestStore.open(mediaDir);
  await manifest.prune(new Set(library.pieces.map((p) => p.path)));

  const { chosen, todo } = await planRecordings(library.pieces, manifest, values.only);
  const batch = todo.slice(0, limit);
  console.error(
    `${chosen.length} pieces${values.only ? ` under "${values.only}"` : ""}: ${chosen.length - todo.length} up to date, ` +
      `rendering ${batch.length}${batch.length < todo.length ? ` of ${todo.length}` : ""} with ${jobs} job${jobs > 1 ? "s" : ""} into ${mediaDir}`,
  );
  if (!batch.length) return 0;

  const progress = reporter(batch.length);
  const failures: string[] = [];
  await renderMany(batch, manifest, jobs, (p, result) => {
    if (result instanceof Error) failures.push(`${p.piece.path}: ${result.message}`);
    progress.pieceDone(p.piece.path, result instanceof Error ? null : result.seconds);
  });
  if (failures.length) {
    progress.note(`${failures.length} piece(s) failed:\n  ${failures.join("\n  ")}`);
    return 1;
  }
  progress.note(`Done. A running server picks the new recordings up on restart (or SIGHUP).`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
