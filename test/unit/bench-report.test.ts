// The recorded bench block (bench/report.ts): each CPU ratio with the spread of its rounds' own ratios, so a reader
// sees how far a run's rounds agreed; a run recorded before rounds' ratios were kept reads as it did.
import { describe, expect, it } from "vitest";
import { benchBlock, versusBefore, type BenchRow, type BenchRun } from "../../bench/report.ts";

const benchRow = (extra: Partial<BenchRow> = {}): BenchRow => ({
  route: "/api/now",
  bytes: 6854,
  cpu: 30,
  bareCpu: 15,
  rps: 30_000,
  bareRps: 60_000,
  p50: 0,
  p99: 2,
  ...extra,
});
const recordedRun = (rows: BenchRow[]): BenchRun => ({
  at: "2026-12-02T07:33:17.081Z",
  node: "v20.20.2",
  cores: "load generator on core 0, servers on core 1",
  rounds: 3,
  seconds: 4,
  connections: 32,
  trials: 1,
  rows,
});
const nowCells = (block: string) =>
  block
    .split("\n")
    .find((l) => l.startsWith("| `/api/now`"))!
    .split(" | ");

describe("bench block", () => {
  it("gives each CPU ratio the lowest and highest of its rounds' ratios", () => {
    const block = benchBlock(recordedRun([benchRow({ roundRatios: [0.52, 0.61, 0.47] })]));
    expect(block).toContain("| cpu ratio |");
    expect(nowCells(block)[4]).toBe("0.50 (0.47–0.61)");
  });

  it("reads a run recorded without rounds' ratios as before", () => {
    expect(nowCells(benchBlock(recordedRun([benchRow()])))[4]).toBe("0.50");
  });

  it("says a cpu-vs-before figure in words, the earlier checkout's CPU over this one's", () => {
    // 0.80: the earlier checkout took 80% of this one's CPU, so this one costs a quarter more (not a fifth less).
    expect(versusBefore(0.8)).toBe("this checkout costs 25% more");
    expect(versusBefore(1.25)).toBe("this checkout costs 20% less");
    expect(versusBefore(1.002)).toBe("this checkout costs the same");
    expect(versusBefore(NaN)).toBe("not measured");
  });
});
