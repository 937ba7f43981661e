// npm run schedule -- --from YYYY-MM-DD --days N [--tier north|south|unknown] [--json] [--library DIR]
// The rotation's services for a range, from the library alone: a memory store, no model, nothing written.
// It records through the server's own ServiceCalendar.ensure, in the server's order (date, slot, tier), so
// each service is the one the server would record if nothing had been planned. Lengths are the library's
// declared ones (a rendered recording can change a piece's length on a server: docs/behaviour.md §3).
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { loadLibrary } from "../corpus/library.ts";
import { TIERS, type ServiceRecord } from "./calendar.ts";
import { whereFor } from "./placement.ts";
import type { Tier } from "./time.ts";
import { scheduleRange, scratchCalendar, serviceSeconds, tierFigures } from "./schedule.ts";
import { SLOT_LABELS, isValidDate } from "./time.ts";

const USAGE = "usage: npm run schedule -- --from YYYY-MM-DD --days N [--tier north|south|unknown] [--json] [--library DIR]";
const MAX_DAYS = 3660;

const { values } = parseArgs({
  options: {
    from: { type: "string" },
    days: { type: "string" },
    tier: { type: "string" },
    json: { type: "boolean", default: false },
    library: { type: "string" },
  },
});
const days = Number(values.days);
if (
  !values.from ||
  !isValidDate(values.from) ||
  !Number.isInteger(days) ||
  days < 1 ||
  days > MAX_DAYS ||
  (values.tier && !TIERS.includes(values.tier as Tier))
) {
  console.error(`${USAGE}\n(--days is 1 to ${MAX_DAYS})`);
  process.exit(2);
}

const library = await loadLibrary(values.library ?? loadConfig().libraryDir);
// Each tier's history is its own, so one tier alone comes out exactly as in a full run.
const tiers = values.tier ? [values.tier as Tier] : TIERS;
const records = await scheduleRange(scratchCalendar(library), values.from, days, tiers);

/** The season(s) a visitor of the tier is shown during the slot: "winter", "winter/spring" on an equinox, null for unknown. */
const seasonOf = (r: ServiceRecord) => whereFor(r).seasons.join("/") || null;

const rows = records.map((r) => ({
  date: r.date,
  slot: SLOT_LABELS[r.slotIndex],
  slotIndex: r.slotIndex,
  tier: r.tier,
  season: seasonOf(r),
  seconds: serviceSeconds(r),
  parts: r.parts.map(({ path, kind, seconds }) => ({ path, kind, seconds })),
  ...(r.relaxed.length ? { relaxed: r.relaxed } : {}),
}));

if (values.json) {
  process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
} else {
  const lines: string[] = [];
  for (const row of rows) {
    lines.push(`${row.date}  ${row.slot}  ${row.tier.padEnd(7)}  ${(row.season ?? "no season").padEnd(13)}  ${(row.seconds / 60).toFixed(1)} min`);
    for (const p of row.parts) lines.push(`    ${p.kind.padEnd(9)} ${p.path} (${p.seconds} s)`);
    if (row.relaxed) lines.push(`    relaxed: ${row.relaxed.join("; ")}`);
  }
  // The figures issue 26 judges the rotation by: median length, and how often a service prays and blesses.
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  lines.push("", `${records.filter((r) => r.relaxed.length).length} of ${records.length} services relaxed a rule`);
  for (const [tier, f] of Object.entries(tierFigures(records)))
    lines.push(
      `${tier.padEnd(7)}  median ${f.medianMinutes.toFixed(1)} min  prayers ${percent(f.prayerShare)} of readings  blessings ${percent(f.blessingShare)} of closings`,
    );
  process.stdout.write(`${lines.join("\n")}\n`);
}
