// The bench's noise figure: the share of the servers' cores the host ran other machines on (bench/host-steal.ts).
import { describe, expect, it } from "vitest";
import { coreTicksOf, stolenShare } from "../../bench/host-steal.ts";

// /proc/stat as Linux writes it: user nice system idle iowait irq softirq steal guest guest_nice.
const STAT = (cpu1Steal: number, cpu1Idle: number) =>
  [
    "cpu  289435 1020 91252 258487 582 0 47240 4153 0 0",
    "cpu0 104803 0 46718 167026 212 0 19258 2707 0 0",
    `cpu1 184631 1020 44534 ${cpu1Idle} 370 0 27981 ${cpu1Steal} 30 0`,
    "intr 123 4 5",
    "ctxt 99",
  ].join("\n");

describe("host steal", () => {
  it("reads each core's ticks, counting guest time once (it is inside user already)", () => {
    const cores = coreTicksOf(STAT(1445, 91461));
    expect([...cores.keys()]).toEqual([0, 1]);
    expect(cores.get(1)).toEqual({ total: 184631 + 1020 + 44534 + 91461 + 370 + 0 + 27981 + 1445, steal: 1445 });
  });

  it("gives the stolen share of the time between two snapshots", () => {
    const before = coreTicksOf(STAT(1445, 91461)).get(1)!;
    // 100 more ticks: 90 idle, 10 stolen.
    const after = coreTicksOf(STAT(1455, 91551)).get(1)!;
    expect(stolenShare(before, after)).toBeCloseTo(0.1, 10);
    expect(stolenShare(before, before)).toBeNull();
    expect(stolenShare(null, after)).toBeNull();
  });
});
