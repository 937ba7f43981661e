// npm run schedule: the rotation's services for a range, printed from the library alone, exactly as the
// server's calendar records them (the year-long run of the same function is in rotation-figures.test.ts).
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { whereFor } from "../../planner/placement.ts";
import { scheduleRange, scratchCalendar } from "../../planner/schedule.ts";
import { loadRotationLibrary, rotationLibraryDir } from "../helpers/rotation-library.ts";

const run = promisify(execFile);
const cli = fileURLToPath(new URL("../../planner/schedule-cli.ts", import.meta.url));
const schedule = (...args: string[]) => run(process.execPath, ["--import", "tsx", cli, "--library", rotationLibraryDir, ...args], { maxBuffer: 64 << 20 });

describe("npm run schedule", () => {
  it("prints every slot of the range for one tier as JSON: date, slot, tier, season, parts with kind and seconds", async () => {
    const { stdout } = await schedule("--from", "2027-03-19", "--days", "3", "--tier", "south", "--json");
    const rows = JSON.parse(stdout) as Array<{
      date: string;
      slotIndex: number;
      tier: string;
      season: string | null;
      seconds: number;
      parts: Array<{ path: string; kind: string; seconds: number }>;
    }>;
    expect(rows).toHaveLength(18);
    expect(rows.every((r) => r.tier === "south")).toBe(true);
    // The March equinox of 2027 (20 March, 20:25 UTC) turns the south's summer into autumn.
    expect(rows.find((r) => r.date === "2027-03-19")!.season).toBe("summer");
    expect(rows.find((r) => r.date === "2027-03-21" && r.slotIndex === 5)!.season).toBe("autumn");
    expect(rows.some((r) => r.season === "summer/autumn")).toBe(true);

    // The same services the server's calendar records for that tier.
    const library = await loadRotationLibrary();
    const expected = await scheduleRange(scratchCalendar(library), "2027-03-19", 3, ["south"]);
    expect(rows.map((r) => [r.date, r.slotIndex, r.parts])).toEqual(
      expected.map((r) => [r.date, r.slotIndex, r.parts.map(({ path, kind, seconds }) => ({ path, kind, seconds }))]),
    );
    expect(rows.map((r) => r.season)).toEqual(expected.map((r) => whereFor(r).seasons.join("/")));
    for (const r of rows) expect(r.seconds).toBe(r.parts.reduce((s, p) => s + p.seconds, 0));
  }, 60_000);

  it("prints a readable listing, and refuses a bad range with its usage", async () => {
    const { stdout } = await schedule("--from", "2027-01-01", "--days", "1");
    expect(stdout).toMatch(/^2027-01-01 +00:00 to 04:00 +north +winter +\d+\.\d min$/m);
    expect(stdout).toMatch(/^2027-01-01 +20:00 to 00:00 +unknown +no season/m);
    expect(stdout).toMatch(/^ +song +songs\/[a-z0-9-]+ \(\d+ s\)$/m);
    // The summary: each tier's median and how often its services pray and bless (two spoken services in six).
    expect(stdout).toMatch(/^0 of 18 services relaxed a rule$/m);
    for (const tier of ["north", "south", "unknown"]) {
      const line = new RegExp(`^${tier} +median (\\d+\\.\\d) min +prayers (\\d+\\.\\d)% of readings +blessings (\\d+\\.\\d)% of closings$`, "m").exec(stdout);
      expect(line, tier).not.toBeNull();
      expect(Number(line![2])).toBeGreaterThanOrEqual(33.3);
      expect(Number(line![3])).toBeGreaterThanOrEqual(33.3);
    }
    await expect(schedule("--from", "2027-02-30", "--days", "1")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("usage: npm run schedule"),
    });
  }, 60_000);
});
