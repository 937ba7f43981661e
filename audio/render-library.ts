// npx tsx audio/render-library.ts [--only chants/] [--limit N]: render the library to DATA_DIR/media
// with the offline engine (no espeak-ng, no ffmpeg), in one low-priority child process, keeping the
// same manifest the server reads. Safe to stop and run again: current pieces are skipped.
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { loadLibrary } from "../corpus/library.ts";
import { formatDuration, ManifestStore } from "../corpus/media.ts";
import { renderInBackground, type RenderJob } from "./background.ts";
import { fromLibrary, sourceHash } from "./piece.ts";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { only: { type: "string" }, limit: { type: "string" } } });
  const config = loadConfig();
  const mediaDir = join(config.dataDir, "media");
  const library = await loadLibrary(config.libraryDir);
  const manifest = await ManifestStore.open(mediaDir);
  await manifest.prune(new Set(library.pieces.map((p) => p.path)));

  const chosen = library.pieces.filter((p) => !values.only || p.path.startsWith(values.only));
  const todo: Array<RenderJob & { hash: string; name: string }> = [];
  for (const piece of chosen) {
    const input = fromLibrary(piece);
    const hash = sourceHash(input);
    const name = `${piece.path}.mp3`;
    if (await manifest.isCurrent({ piece, file: name, sourceHash: hash })) continue;
    todo.push({ path: piece.path, input, file: join(mediaDir, name), hash, name });
  }
  const batch = todo.slice(0, values.limit ? Number(values.limit) : undefined);
  console.error(`${chosen.length} pieces: ${chosen.length - todo.length} up to date, rendering ${batch.length} into ${mediaDir}`);

  const started = Date.now();
  let audio = 0;
  let cpu = 0;
  let failed = 0;
  const saves: Promise<void>[] = [];
  const stop = new AbortController();
  process.once("SIGINT", () => stop.abort());
  await renderInBackground(
    batch,
    (o) => {
      const job = o.job as (typeof batch)[number];
      if ("error" in o) {
        failed++;
        console.error(`${job.path} FAILED: ${o.error}`);
        return;
      }
      audio += o.result.seconds;
      cpu += o.result.cpuMs / 1000;
      saves.push(manifest.set(job.path, { file: job.name, seconds: o.result.seconds, bytes: o.result.bytes, sourceHash: job.hash }));
      const speed = (o.result.seconds / (o.result.cpuMs / 1000)).toFixed(0);
      console.error(`${job.path} ${formatDuration(o.result.seconds)} (${speed}× real time per CPU second)`);
    },
    { signal: stop.signal },
  );
  await Promise.all(saves); // the manifest is written before exit, or the last pieces would render again
  const wall = (Date.now() - started) / 1000;
  console.error(
    `Done: ${formatDuration(audio)} of audio, ${cpu.toFixed(0)} CPU s (${(audio / Math.max(cpu, 0.001)).toFixed(0)}×), ${formatDuration(wall)} wall.`,
  );
  return failed ? 1 : stop.signal.aborted ? 130 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
