// Writer's check for the library: npx tsx scripts/check-library.ts [subfolder] [--formulas] [--recordings] [--fix-seconds]  (npm run check:library)
// Prints the counts, each reflex against its cap and budgets, then the problems (only a subfolder's with one
// given, e.g. rituals/); exits 1 when any is left. --formulas also prints how many pieces of each kind carry
// each counted formula. The loader (corpus/library.ts) validates the schema at startup; corpus/check.ts holds the rules.
// --recordings compares each recorded piece's declared `seconds` with its recording (DATA_DIR/media/manifest.json,
// or --data <dir>), names those more than 10% off and says how far the chant estimate is from the recordings;
// --fix-seconds writes the measured lengths into the files more than 10% off (only those: `seconds` is a render input).
// --library <dir> checks another folder (a copy, to try --fix-seconds on first).
import { join } from "node:path";
import { loadConfig } from "../config.ts";
import { checkLibrary } from "../corpus/check.ts";
import { loadLibrary, type Piece } from "../corpus/library.ts";
import { readManifest, type ManifestEntry } from "../corpus/media.ts";
import { fromLibrary, sourceHash } from "../audio/index.ts";
import { chantRounds, chantSeconds } from "../corpus/chant-length.ts";
import { compareSeconds, fixSeconds, SECONDS_TOLERANCE } from "../corpus/recorded-seconds.ts";
import { toScript, type Segment } from "../corpus/script.ts";

const args = process.argv.slice(2);
const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const valued = new Set(["--library", "--data"].flatMap((f) => (valueOf(f) ? [valueOf(f)] : [])));
const only = args.find((a) => !a.startsWith("--") && !valued.has(a));
const root = valueOf("--library") ?? "corpus/library";
const fixing = args.includes("--fix-seconds");

/** |estimate − recorded| / recorded for a chant sung the rounds its declared length picks. */
const chantEstimateError = (script: Segment[], declared: number, recorded: number) =>
  Math.abs(chantSeconds(script, chantRounds(script, declared)) - recorded) / recorded;

let failed = false;
if (fixing || args.includes("--recordings")) {
  const dataDir = valueOf("--data") ?? loadConfig(process.env).dataDir;
  const manifest = await readManifest(join(dataDir, "media"));
  const library = await loadLibrary(root);
  // Only recordings of the pieces as they stand: a rewritten piece's recording is stale until the recorder's next pass.
  const current = (piece: Piece, entry: ManifestEntry) => entry.sourceHash === sourceHash(fromLibrary(piece));
  const compared = compareSeconds(library.pieces, manifest, current).filter((c) => !only || c.path.startsWith(only));
  const stale = library.pieces.filter((p) => manifest[p.path] && !current(p, manifest[p.path])).length;
  const off = compared.filter((c) => c.off > SECONDS_TOLERANCE);
  console.log(
    `recordings: ${compared.length} of ${library.pieces.length} pieces recorded as they stand (${join(dataDir, "media")}; ${stale} stale, left out); ${off.length} declared more than 10% off`,
  );
  for (const c of off) console.log(`${c.path}: declared ${c.declared} s, recorded ${c.recorded} s (${Math.round(c.off * 100)}% off)`);
  // How far the chant estimate the checker holds `seconds` to (corpus/chant-length.ts) is from the recordings: recalibrate it when this grows.
  const chants = library.ofKind("chant").filter((p) => manifest[p.path] && current(p, manifest[p.path]));
  const errors = chants.map((p) => chantEstimateError(toScript(p.listenersText), p.declaredSeconds, manifest[p.path].seconds)).sort((a, b) => a - b);
  if (errors.length)
    console.log(
      `chant estimate against ${errors.length} recordings: median ${(errors[errors.length >> 1] * 100).toFixed(1)}% off, at most ${(errors[errors.length - 1] * 100).toFixed(1)}%`,
    );
  if (fixing) {
    const changed = await fixSeconds(root, compared);
    for (const c of changed) console.log(`fixed ${c.path}: seconds ${c.from} → ${c.to}`);
    console.log(`${changed.length} files' seconds set from their recordings (they render again on the next pass of the recorder)`);
  } else failed = off.length > 0;
}

const { counts, problems, formulas, reflexes } = checkLibrary(root);
const shown = only ? problems.filter((p) => p.startsWith(only)) : problems;
console.log(
  Object.entries(counts)
    .map(([k, v]) => `${k}: ${v}`)
    .join(", "),
);
console.log("Reflexes (pieces carrying each; cap, and kind count/budget):");
for (const line of reflexes) console.log(`  ${line}`);
if (args.includes("--formulas")) {
  for (const [name, kinds] of Object.entries(formulas)) {
    console.log(
      `${name}: ${Object.entries(kinds)
        .map(([kind, [n, total]]) => `${kind} ${n}/${total}`)
        .join(", ")}`,
    );
  }
}
console.log(shown.length ? `${shown.length} problems:\n${shown.join("\n")}` : "no problems");
process.exit(shown.length || failed ? 1 : 0);
