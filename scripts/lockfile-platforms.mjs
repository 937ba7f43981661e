// npm records no lockfile entry for optional platform packages the registry here does not serve
// (LanceDB's macOS, Windows and ARM builds), and then `npm ci` refuses the lockfile. This adds
// inert entries for them (never installed on linux-x64). Run after `npm install`: node scripts/lockfile-platforms.mjs
import { readFileSync, writeFileSync } from "node:fs";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const lancedb = lock.packages["node_modules/@lancedb/lancedb"];
const platforms = {
  "darwin-arm64": [["arm64"], ["darwin"]],
  "linux-arm64-gnu": [["arm64"], ["linux"]],
  "linux-arm64-musl": [["arm64"], ["linux"]],
  "linux-x64-musl": [["x64"], ["linux"]],
  "win32-x64-msvc": [["x64"], ["win32"]],
  "win32-arm64-msvc": [["arm64"], ["win32"]],
};
let added = 0;
for (const [name, [cpu, os]] of Object.entries(platforms)) {
  const key = `node_modules/@lancedb/lancedb-${name}`;
  if (lock.packages[key]) continue;
  lock.packages[key] = { version: lancedb.version, cpu, license: "Apache-2.0", optional: true, os, engines: { node: ">= 18" } };
  added++;
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)));
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(added ? `added ${added} platform entries` : "lockfile already complete");
