// How the rotation does over a stretch of days: service lengths, return intervals per tier, rule checks.
// npx tsx scripts/rotation-figures.ts [--library DIR] [--from YYYY-MM-DD] [--days N]
import { parseArgs } from "node:util";
import { loadLibrary } from "../corpus/library.ts";
import { figuresOf, scheduleRange, scratchCalendar } from "../planner/schedule.ts";

const { values } = parseArgs({
  options: { library: { type: "string" }, from: { type: "string", default: "2027-01-01" }, days: { type: "string", default: "365" } },
});
const library = await loadLibrary(values.library ?? process.env.SANCTUARY_TEST_LIBRARY ?? new URL("../corpus/library", import.meta.url).pathname);
const started = performance.now();
const records = await scheduleRange(scratchCalendar(library), values.from!, Number(values.days));
const ms = Math.round(performance.now() - started);
const relaxed = records.filter((r) => r.relaxed.length).length;
// Where the minutes come from: how many of each kind a service holds on average, and how long they run.
const kinds = new Map<string, number[]>();
for (const p of records.flatMap((r) => r.parts)) (kinds.get(p.kind) ?? kinds.set(p.kind, []).get(p.kind)!).push(p.seconds);
const perKind = Object.fromEntries(
  [...kinds].map(([k, s]) => [k, { perService: +(s.length / records.length).toFixed(2), meanSeconds: Math.round(s.reduce((a, b) => a + b, 0) / s.length) }]),
);
console.log(
  JSON.stringify(
    { library: { songs: library.ofKind("song").length, chants: library.ofKind("chant").length }, ...figuresOf(records), perKind, relaxedServices: relaxed, ms },
    null,
    2,
  ),
);
