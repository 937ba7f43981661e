// npm run recordings [-- --only chants/ --limit 20]: render the library to DATA_DIR/media with the offline
// engine (audio/), one piece at a time in one low-priority child process — what `npm start` does in the
// background, in the foreground. Safe to stop at any time and run again: finished pieces are skipped.
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { formatDuration, ManifestStore } from "../corpus/media.ts";
import { loadLibrary } from "../corpus/library.ts";
import { planRecordings, renderRecordings } from "./recordings.ts";

const USAGE = "usage: npm run recordings -- [--only <path-prefix>] [--limit N]";

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
  let lineOpen = false;
  return {
    pieceDone(path: string, seconds: number | "failed" | "interrupted") {
      done++;
      const elapsed = Date.now() - started;
      const left = done < total ? `~${clock((elapsed / done) * (total - done))} left` : "finished";
      const what = typeof seconds === "string" ? `${path} ${seconds.toUpperCase()}` : `${path} (${formatDuration(seconds)})`;
      if (tty) {
        const width = 24;
        const filled = Math.round((done / total) * width);
        const bar = "#".repeat(filled) + "-".repeat(width - filled);
        process.stderr.write(`\r\x1b[2K[${bar}] ${done}/${total} ${clock(elapsed)} elapsed, ${left}  ${what.slice(0, 50)}`);
        lineOpen = true;
      } else {
        process.stderr.write(`[${done}/${total}] ${what}, ${clock(elapsed)} elapsed, ${left}\n`);
      }
    },
    note(line: string) {
      process.stderr.write(`${lineOpen ? "\n" : ""}${line}\n`);
      lineOpen = false;
    },
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { only: { type: "string" }, limit: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    console.error(USAGE);
    return 0;
  }
  const limit = positiveInt("limit", values.limit, Infinity);

  const config = loadConfig();
  const mediaDir = join(config.dataDir, "media");
  const library = await loadLibrary(config.libraryDir);
  const manifest = await ManifestStore.open(mediaDir);
  await manifest.prune(new Set(library.pieces.map((p) => p.path)));

  const { chosen, todo } = await planRecordings(library.pieces, manifest, values.only);
  const batch = todo.slice(0, limit);
  console.error(
    `${chosen.length} pieces${values.only ? ` under "${values.only}"` : ""}: ${chosen.length - todo.length} up to date, ` +
      `rendering ${batch.length}${batch.length < todo.length ? ` of ${todo.length}` : ""} into ${mediaDir}`,
  );
  if (!batch.length) return 0;

  const progress = reporter(batch.length);
  const failures: string[] = [];
  // Ctrl-C stops the renderer; the piece in progress is lost, the ones already in the manifest stay.
  const stop = new AbortController();
  process.once("SIGINT", () => {
    stop.abort();
    process.once("SIGINT", () => process.exit(130));
  });
  await renderRecordings(
    batch,
    manifest,
    (p, result) => {
      if (result instanceof Error) failures.push(result.message);
      progress.pieceDone(p.path, result instanceof Error ? "failed" : result.seconds);
    },
    { signal: stop.signal },
  );
  if (stop.signal.aborted) {
    progress.note(`Interrupted. Finished pieces are saved in the manifest; run again to render the rest.`);
    return 130;
  }
  if (failures.length) {
    progress.note(`${failures.length} piece(s) failed:\n  ${failures.join("\n  ")}`);
    return 1;
  }
  progress.note(`Done. A running server lists the new recordings within 15 seconds.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
