// docs/settings.md's table, made from config.ts's schema (`settingsOf`): every setting with its default and
// meaning, so the page cannot forget one. `npx tsx scripts/settings-doc.ts` prints the table; `--write` puts it
// in the page in place of the old one. test/unit/settings-doc.test.ts fails when the page's table differs.
import { readFile, writeFile } from "node:fs/promises";
import { settingsOf } from "../config.ts";

export const SETTINGS_DOC = new URL("../docs/settings.md", import.meta.url).pathname;
const BLOCK = /<!-- settings:start -->[\s\S]*?<!-- settings:end -->/;

/** A table cell: names and values as code, pipes escaped so a cell never splits. */
const cell = (text: string) => text.replace(/\|/g, "\\|");

export function settingsTable(): string {
  const rows = settingsOf().map((s) => `| \`${s.name}\` | ${s.default === null ? "unset" : `\`${cell(s.default)}\``} | ${cell(s.meaning)} |`);
  return ["<!-- settings:start -->", "| variable | default | meaning |", "|---|---|---|", ...rows, "<!-- settings:end -->"].join("\n");
}

/** The table as the page holds it, or null when it has none. */
export function settingsBlock(page: string): string | null {
  return page.match(BLOCK)?.[0] ?? null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const table = settingsTable();
  if (process.argv.includes("--write")) {
    const page = await readFile(SETTINGS_DOC, "utf8");
    if (!BLOCK.test(page)) throw new Error("docs/settings.md has no <!-- settings:start --> … <!-- settings:end --> block to replace");
    await writeFile(SETTINGS_DOC, page.replace(BLOCK, table));
  }
  console.log(table);
}
