// Writer's check for the library: npx tsx scripts/check-library.ts [subfolder] [--formulas]
// (--formulas also prints how many pieces of each kind carry each counted formula; the loader in
// corpus/library.ts validates the schema at startup; corpus/check.ts holds these rules).
import { checkLibrary } from "../corpus/check.ts";

const args = process.argv.slice(2);
const only = args.find((a) => !a.startsWith("--"));
const { counts, problems, formulas } = checkLibrary("corpus/library");
const shown = only ? problems.filter((p) => p.startsWith(only)) : problems;
console.log(
  Object.entries(counts)
    .map(([k, v]) => `${k}: ${v}`)
    .join(", "),
);
if (args.includes("--formulas")) {
  for (const [name, kinds] of Object.entries(formulas)) {
    console.log(
      `${name}: ${Object.entries(kinds)
        .map(([kind, [n, total]]) => `${kind} ${n}/${total}`)
        .join(", ")}`,
    );
  }
}
console.log(shown.length ? shown.join("\n") : "no problems");
process.exit(shown.length ? 1 : 0);
