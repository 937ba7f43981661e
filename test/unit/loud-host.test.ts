// The bench's loud-host check: the bare server's CPU per request against the recorded run's (bench/loud-host.ts).
import { describe, expect, it } from "vitest";
import { LOUD, bareSlowdown, loudnessLine } from "../../bench/loud-host.ts";
import { readRecordedRun, type BenchRow } from "../../bench/report.ts";

const measuredRow = (route: string, bareCpu: number): BenchRow => ({ route, bytes: 100, cpu: 2 * bareCpu, bareCpu, rps: 1, bareRps: 1, p50: 0, p99: 0 });

describe("the bench's loud-host check", () => {
  it("is the median of bare's CPU over the recorded run's, over the routes both measured", () => {
    const recorded = [measuredRow("/a", 10), measuredRow("/b", 20), measuredRow("/c", 40), measuredRow("/gone", 5)];
    expect(bareSlowdown([measuredRow("/a", 12), measuredRow("/b", 30), measuredRow("/c", 40), measuredRow("/new", 99)], recorded)).toBeCloseTo(1.2, 10);
    // An even count: the mean of the middle two.
    expect(bareSlowdown([measuredRow("/a", 11), measuredRow("/b", 30)], recorded)).toBeCloseTo((1.1 + 1.5) / 2, 10);
    expect(bareSlowdown([measuredRow("/new", 10)], recorded)).toBeNull();
    // A route without a figure (no /proc) says nothing.
    expect(bareSlowdown([measuredRow("/a", 0)], recorded)).toBeNull();
  });

  it("names a loud host only past the threshold", () => {
    expect(loudnessLine(null, "then")).toBeNull();
    expect(loudnessLine(1.1, "2026-12-02T08:20:48.025Z")).toBe(
      "host: the bare server took 1.10× the CPU a request of the run recorded at 2026-12-02T08:20:48.025Z",
    );
    expect(loudnessLine(LOUD, "then")).not.toContain("loud host");
    expect(loudnessLine(1.4, "then")).toContain(": a loud host, so these figures are the host's as much as the server's");
  });

  it("reads the recorded run as one, and it is as loud as itself", async () => {
    const recorded = await readRecordedRun();
    expect(recorded?.rows.length).toBeGreaterThan(0);
    expect(bareSlowdown(recorded!.rows, recorded!.rows)).toBe(1);
  });
});
