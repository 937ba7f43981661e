// Writes planner/zone-coordinates.json: each tz zone's reference latitude/longitude, plus aliases,
// so planner/time.ts can give a hemisphere tier (docs/behaviour.md §2) without a hand-kept table.
//
// Regenerate (after a tzdata update; review the diff, then commit the JSON with this script):
//   npx tsx scripts/generate-zone-coordinates.ts [zoneinfo-dir]     (default /usr/share/zoneinfo)
// On Debian/Ubuntu the files come from the `tzdata` package. All inputs are public domain.
// Node's own ICU (Intl) is consulted only to tell which alias names the same place as a zone row.
//
// Why not moment-timezone's bundled coordinates: they lose the sign of "-00…" values, flipping
// near-equator zones (America/Guayaquil -0210, Pacific/Galapagos -0054) into the north.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = process.argv[2] ?? "/usr/share/zoneinfo";
const out = fileURLToPath(new URL("../planner/zone-coordinates.json", import.meta.url));

type Point = { lat: number; lon: number };

// ISO 6709 as tzdb uses it: ±DDMM±DDDMM or ±DDMMSS±DDDMMSS. The sign applies to the whole
// value, so "-0010" is ten minutes south: a parser that reads degrees as a signed integer
// gets -0 → 0 and lands north. Throws rather than guessing on anything else.
function parseIso6709(s: string): Point {
  const m = /^([+-])(\d{2})(\d{2})(\d{2})?([+-])(\d{3})(\d{2})(\d{2})?$/.exec(s);
  if (!m || (m[4] === undefined) !== (m[8] === undefined)) throw new Error(`not ISO 6709 (±DDMM[SS]±DDDMM[SS]): ${s}`);
  const part = (sign: string, d: string, mm: string, ss: string | undefined, maxDeg: number) => {
    const deg = Number(d),
      min = Number(mm),
      sec = Number(ss ?? 0);
    if (min >= 60 || sec >= 60 || deg + min / 60 + sec / 3600 > maxDeg) throw new Error(`out of range: ${s}`);
    // Five decimals (~1 m) keep the file small; the smallest non-zero value (1″) stays non-zero.
    const v = Math.round((deg + min / 60 + sec / 3600) * 1e5) / 1e5;
    return sign === "-" ? -v : v;
  };
  return { lat: part(m[1]!, m[2]!, m[3]!, m[4], 90), lon: part(m[5]!, m[6]!, m[7]!, m[8], 180) };
}

function readTab(file: string, zones: Map<string, Point>): void {
  for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
    if (!line.trim() || line.startsWith("#")) continue;
    const [, coords, name] = line.split("\t");
    if (!coords || !name) throw new Error(`${file}: malformed line: ${line}`);
    // zone1970.tab is read first and wins; zone.tab adds the zones it lacks (e.g. Africa/Kampala,
    // which has its own row north of the equator while Africa/Nairobi's is south).
    if (!zones.has(name)) zones.set(name, parseIso6709(coords));
  }
}

// tzdata.zi writes links as "L target alias"; the `backward` source file as "Link target alias".
function readLinks(file: string, links: Map<string, string>): void {
  const path = join(dir, file);
  if (!existsSync(path)) return;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const m = /^(?:L|Link)\s+(\S+)\s+(\S+)/.exec(line);
    if (m) links.set(m[2]!, m[1]!);
  }
}

const zones = new Map<string, Point>();
readTab("zone1970.tab", zones);
readTab("zone.tab", zones);
const rawLinks = new Map<string, string>();
readLinks("tzdata.zi", rawLinks);
readLinks("backward", rawLinks);
if (rawLinks.size === 0) throw new Error(`no links found in ${dir}/tzdata.zi or ${dir}/backward`);

// tzdb links follow the clock, not the place: Pacific/Truk → Pacific/Port_Moresby (9°S) although
// Truk is Chuuk (7°N); Africa/Asmera → Africa/Nairobi although Asmera is Asmara (15°N). ICU/CLDR ids
// are per place, so when exactly one zone with its own row shares the alias's ICU id, link there.
const icuId = (name: string): string | undefined => {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};
const rowsByIcuId = new Map<string, string[]>();
for (const name of zones.keys()) {
  const id = icuId(name);
  if (id) rowsByIcuId.set(id, [...(rowsByIcuId.get(id) ?? []), name]);
}

// Otherwise follow the tzdb chain to the first name that has a row of its own. Aliases that already
// have their own row (Europe/Bratislava) or that end somewhere without coordinates (UTC → Etc/UTC)
// are left out: time.ts only needs links that lead to a latitude.
const links = new Map<string, string>();
const samePlace: string[] = [];
for (const alias of rawLinks.keys()) {
  if (zones.has(alias)) continue;
  let target = alias;
  for (let hops = 0; !zones.has(target) && rawLinks.has(target); hops++) {
    if (hops > 10) throw new Error(`link loop at ${alias}`);
    target = rawLinks.get(target)!;
  }
  const place = rowsByIcuId.get(icuId(alias) ?? "");
  if (place?.length === 1 && place[0] !== target && zones.has(target)) {
    samePlace.push(`${alias}: ${target} → ${place[0]}`);
    target = place[0]!;
  }
  if (zones.has(target)) links.set(alias, target);
}

const version = /^# version (\S+)/m.exec(readFileSync(join(dir, "tzdata.zi"), "utf8"))?.[1] ?? "unknown";
// One entry per line so a tzdata update shows up as a readable diff.
const body = (entries: Array<[string, unknown]>) =>
  entries
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`)
    .join(",\n");
writeFileSync(
  out,
  `{
  "tzdata": ${JSON.stringify(version)},
  "generatedBy": "scripts/generate-zone-coordinates.ts",
  "zones": {
${body([...zones])}
  },
  "links": {
${body([...links])}
  }
}
`,
);
console.log(`wrote ${out}: tzdata ${version}, ${zones.size} zones, ${links.size} links`);
console.log(`linked by place (ICU ${process.versions.icu}) instead of by clock:\n  ${samePlace.join("\n  ")}`);
