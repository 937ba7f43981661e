// docs/settings.md lists every setting, as config.ts's schema defines it: the table is made from the schema
// (scripts/settings-doc.ts), and a setting read anywhere else, past the schema, fails here too.
import { readdir, readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { settingsOf } from "../../config.ts";
import { SETTINGS_DOC, settingsBlock, settingsTable } from "../../scripts/settings-doc.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

describe("docs/settings.md", () => {
  it("holds the table config.ts's schema makes (npx tsx scripts/settings-doc.ts --write updates it)", async () => {
    const page = await readFile(SETTINGS_DOC, "utf8");
    expect(settingsBlock(page), "run `npx tsx scripts/settings-doc.ts --write`").toBe(settingsTable());
    for (const { name, meaning } of settingsOf()) {
      expect(page, name).toContain(`| \`${name}\` |`);
      expect(meaning, `${name} has no .describe() in config.ts`).not.toBe("");
    }
  });

  it("names every setting the server reads: none is read from the environment past the schema", async () => {
    const known = new Set(settingsOf().map((s) => s.name));
    const unknown: string[] = [];
    // The server's own code: entries, the composition root and every layer (not tests, the bench or scripts).
    const files = (await readdir(ROOT, { recursive: true })).filter(
      (p) => /\.(ts|mjs|js)$/.test(p) && !/^(test|bench|scripts|node_modules|data|\.bench|test-artifacts|\.git)\//.test(p) && !p.includes("node_modules/"),
    );
    expect(files).toContain("config.ts");
    for (const path of files) {
      const text = await readFile(`${ROOT}${path}`, "utf8");
      for (const m of text.matchAll(/process\.env(?:\.([A-Z_][A-Z0-9_]*)|\[["']([A-Z_][A-Z0-9_]*)["']\])/g)) {
        const name = m[1] ?? m[2];
        if (!known.has(name)) unknown.push(`${path}: ${name}`);
      }
    }
    expect(unknown, "add the setting to config.ts's schema (and read it from Config)").toEqual([]);
  });
});
