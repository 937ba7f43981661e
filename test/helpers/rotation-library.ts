// The library the rotation tests run against: the repository's own, or another folder named by
// SANCTUARY_TEST_LIBRARY (e.g. a newer copy of the writers' library, kept outside the repository).
// Also the one check every recorded service must pass: structure, novelty and placement, nothing relaxed.
import { fileURLToPath } from "node:url";
import { loadLibrary, type Library } from "../../corpus/library.ts";
import type { ServiceCalendar, ServiceRecord } from "../../planner/calendar.ts";
import { placementViolations, whereFor } from "../../planner/placement.ts";
import { noveltyViolations, structuralViolations } from "../../planner/rules.ts";

export const rotationLibraryDir = process.env.SANCTUARY_TEST_LIBRARY ?? fileURLToPath(new URL("../../corpus/library", import.meta.url));

export const loadRotationLibrary = (): Promise<Library> => loadLibrary(rotationLibraryDir);

/** Target sizes the return-interval figures assume (the corpus issue): below them those tests are skipped. */
export const fullSized = (library: Library): boolean => library.ofKind("song").length >= 64 && library.ofKind("chant").length >= 64;

/**
 * Every rule a recorded service breaks. History is read after the fact, which is at least as strict: the date's
 * other slots (some recorded later) must still differ, and earlier days never change once recorded.
 */
export async function ruleViolations(calendar: ServiceCalendar, library: Library, record: ServiceRecord): Promise<string[]> {
  const history = await calendar.historyFor(record);
  return [
    ...record.relaxed.map((r) => `relaxed: ${r}`),
    ...structuralViolations(record.parts),
    ...noveltyViolations(record.parts, history),
    ...placementViolations(record.parts, whereFor(record), (path) => library.piece(path)),
  ].map((problem) => `${record.date} slot ${record.slotIndex} ${record.tier}: ${problem}`);
}
