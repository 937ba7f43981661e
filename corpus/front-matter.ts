// A piece's front matter, the YAML between its opening --- lines: read by the loader and the checker alike, and
// written for a contribution. YAML 1.2's core schema (dates and `yes` stay text, as a piece's fields are). js-yaml:
// the library's 487 front matters read in 33–40 ms at a start where `yaml` took 68–89, most of loadLibrary's CPU
// (docs/performance.md, seventy-first session); the values read are the same for every file of the library.
import { CORE_SCHEMA, YAMLException, dump, load } from "js-yaml";

/** The front matter's values; a text that is not YAML throws an Error saying where, on one line. */
export function readYaml(text: string): unknown {
  try {
    return load(text, { schema: CORE_SCHEMA });
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    const { reason, mark } = error;
    throw new Error(mark ? `${reason} at line ${mark.line + 1}, column ${mark.column + 1}` : reason);
  }
}

/** Values as front matter (no line folded), which readYaml reads back as they are. */
export function writeYaml(values: Record<string, unknown>): string {
  return dump(values, { schema: CORE_SCHEMA, lineWidth: -1 });
}
