// Operator view: npm run plan -- --date YYYY-MM-DD --slot N --tier north [--dry-run]
// Prints what the planner is told and the model's arrangement; without --dry-run it also records it.
import { parseArgs } from "node:util";
import { createLogger } from "../core/logger.ts";
import { loadConfig } from "../config.ts";
import { loadLibrary } from "../corpus/library.ts";
import { Media } from "../corpus/media.ts";
import { backendFor, openKeyValueStore } from "../storage/index.ts";
import { ReflectionStore } from "../services/reflections.ts";
import { createPlanner } from "./build.ts";
import { ServiceCalendar } from "./calendar.ts";
import { isValidDate } from "./time.ts";

const { values } = parseArgs({
  options: { date: { type: "string" }, slot: { type: "string" }, tier: { type: "string", default: "north" }, "dry-run": { type: "boolean", default: false } },
});
const slotIndex = Number(values.slot);
if (
  !values.date ||
  !isValidDate(values.date) ||
  !Number.isInteger(slotIndex) ||
  slotIndex < 0 ||
  slotIndex > 5 ||
  !["north", "south", "unknown"].includes(values.tier!)
) {
  console.error("usage: npm run plan -- --date YYYY-MM-DD --slot 0..5 --tier north|south|unknown [--dry-run]");
  process.exit(2);
}
const config = loadConfig();
const log = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);
const library = await loadLibrary(config.libraryDir);
const media = await Media.open(config.dataDir);
const kv = openKeyValueStore(backendFor(config));
const clock = () => new Date();
const calendar = new ServiceCalendar(kv, library, media, clock);
const planner = await createPlanner({ config, library, media, kv, calendar, reflections: new ReflectionStore(kv), log, clock });
if (!planner) {
  console.error("No planning model is configured: set SANCTUARY_OPENAI_BASE_URL, SANCTUARY_OPENAI_API_KEY and SANCTUARY_PLANNER_MODEL.");
  process.exit(1);
}
const key = { date: values.date, slotIndex, tier: values.tier as "north" | "south" | "unknown" };
if (!values["dry-run"]) {
  const entry = await planner.planKey(key);
  if (!entry) console.log("This key was already claimed by the planner; nothing was done.");
  else {
    console.log(`Outcome: ${entry.outcome}; attempts: ${entry.attempts.map((a) => `${a.outcome} in ${a.ms} ms`).join(", ") || "none"}`);
    console.log(JSON.stringify(await calendar.get(key), null, 2));
  }
  process.exit(0);
}
const { context, candidates, result } = await planner.draft(key);
console.log("Told:");
for (const line of context.told) console.log(`  ${line}`);
console.log(`\nCandidates offered: ${candidates.length}`);
for (const a of result.attempts)
  console.log(`Attempt ${a.turn}: ${a.outcome} in ${a.ms} ms${a.violations ? ` — ${a.violations.join("; ")}` : ""}${a.error ? ` — ${a.error}` : ""}`);
if (!result.plan) {
  console.log("\nNo valid arrangement: the rotation would fill this slot.");
} else {
  console.log(`\nName: ${result.plan.name}\nWord: ${result.plan.word}\nOrder:`);
  for (const p of result.parts) console.log(`  ${p.kind.padEnd(9)} ${p.path} (${p.seconds}s)`);
  console.log("\n(dry run: nothing was stored)");
}
process.exit(0);
