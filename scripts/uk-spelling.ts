// Rewrites the US spellings the checker flags (corpus/check-spelling.ts) into their UK forms, in the body and
// the tldr of each library file; other front matter (themes, titles' slugs) is left alone. Prints each change.
//   npx tsx scripts/uk-spelling.ts [folder/ …]            show what would change
//   npx tsx scripts/uk-spelling.ts [folder/ …] --write    change the files
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { usSpellings } from "../corpus/check-spelling.ts";

const root = "corpus/library";
const args = process.argv.slice(2);
const write = args.includes("--write");
const only = args.filter((a) => !a.startsWith("--"));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".md") ? [p] : [];
  });
}

/** `text` with every flagged word replaced by its UK form (from the end, so indexes stay true). */
function toUk(text: string): string {
  let out = text;
  for (const h of usSpellings(text).sort((a, b) => b.index - a.index)) out = out.slice(0, h.index) + h.uk + out.slice(h.index + h.word.length);
  return out;
}

let changed = 0;
for (const file of files(root)) {
  const rel = relative(root, file);
  if (only.length && !only.some((o) => rel.startsWith(o))) continue;
  const src = readFileSync(file, "utf8");
  const m = src.match(/^(---\n[\s\S]*?\n---\n)([\s\S]*)$/);
  if (!m) continue;
  const head = m[1].replace(/^(tldr: )(.*)$/m, (_, key: string, value: string) => key + toUk(value));
  const next = head + toUk(m[2]);
  if (next === src) continue;
  changed++;
  for (const h of [...usSpellings(m[1].match(/^tldr: .*$/m)?.[0] ?? ""), ...usSpellings(m[2])]) console.log(`${rel}: ${h.word} → ${h.uk}`);
  if (write) writeFileSync(file, next);
}
console.log(`${changed} files ${write ? "changed" : "would change (--write to change them)"}`);
