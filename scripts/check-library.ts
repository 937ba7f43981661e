// Writer's check for the library: npx tsx scripts/check-library.ts [subfolder] [--formulas]  (npm run check:library)
// Prints the counts, each reflex against its cap and budgets, then the problems (only a subfolder's with one
// given, e.g. rituals/); exits 1 when any is left. --formulas also prints how many pieces of each kind carry
// each counted formula. The loader (corpus/library.ts) validates the schema at startup; corpus/check.ts holds the rules.
import { checkLibrary } from "../corpus/check.ts";

const args = process.argv.slice(2);
const only = args.find((a) => !a.startsWith("--"));
const { counts, problems, formulas, reflexes } = checkLibrary("corpus/library");
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
process.exit(shown.length ? 1 : 0);
