// Writer's check for the library: npx tsx scripts/check-library.ts [subfolder]
// (the loader in corpus/library.ts validates the schema at startup; corpus/check.ts holds these rules).
import { checkLibrary } from "../corpus/check.ts";

const only = process.argv[2];
const { counts, problems } = checkLibrary("corpus/library");
const shown = only ? problems.filter((p) => p.startsWith(only)) : problems;
console.log(
  Object.entries(counts)
    .map(([k, v]) => `${k}: ${v}`)
    .join(", "),
);
console.log(shown.length ? shown.join("\n") : "no problems");
process.exit(shown.length ? 1 : 0);
