// The memory budget of the server and its children (issue 36): a child starts only while the server's
// memory, each live child's (its declared peak until it grows past it) and its own fit; in the order asked;
// and a child waiting on the server alone starts once the server's memory stops falling, or after a bounded
// wait, rather than never.
import { describe, expect, it } from "vitest";
import { MemoryBudget } from "../../core/memory-budget.ts";
import { budgetBinds, treeBudgetBytes } from "../../core/memory.ts";

const MB = 1024 * 1024;

describe("the tree's memory budget", () => {
  it("is the memory given less 64 MiB, at most 480 MiB", () => {
    expect(treeBudgetBytes(512 * MB)).toBe(448 * MB);
    expect(treeBudgetBytes(1024 * MB)).toBe(480 * MB);
    expect(treeBudgetBytes(24 * 1024 * MB)).toBe(480 * MB);
  });

  it("binds only on a small box (under 1 GiB given)", () => {
    expect(budgetBinds(512 * MB)).toBe(true);
    expect(budgetBinds(1023 * MB)).toBe(true);
    expect(budgetBinds(1024 * MB)).toBe(false);
    expect(budgetBinds(24 * 1024 * MB)).toBe(false);
  });

  it("starts a child when it fits, in the order asked, and counts each live child at its larger of declared and measured", async () => {
    let server = 200 * MB;
    const rss = new Map<number, number>();
    const budget = new MemoryBudget(512 * MB, { ownRss: () => server, rssOf: (pid) => rss.get(pid) ?? null, pollMs: 5, aloneWaitMs: 60_000 });
    await budget.admit(170 * MB); // 200 + 170 fits
    budget.started(1, 170 * MB);
    rss.set(1, 60 * MB); // still growing: counted at 170
    expect(budget.inUse()).toBe(370 * MB);
    const order: string[] = [];
    const second = budget.admit(160 * MB).then(() => order.push("second"));
    const third = budget.admit(100 * MB).then(() => order.push("third")); // would fit beside the first, but waits its turn
    await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual([]);
    rss.set(1, 250 * MB); // grown past what it declared: counted as it is
    expect(budget.inUse()).toBe(450 * MB);
    budget.ended(1);
    await second;
    budget.started(2, 160 * MB);
    await third;
    expect(order).toEqual(["second", "third"]);
    expect(budget.inUse()).toBe(360 * MB);
    server = 300 * MB;
    expect(budget.inUse()).toBe(460 * MB);
  });

  it("starts a child waiting on the server alone after the bounded wait", async () => {
    const budget = new MemoryBudget(512 * MB, { ownRss: () => 480 * MB, pollMs: 5, aloneWaitMs: 40 });
    let started = false;
    const admitted = budget.admit(170 * MB).then(() => (started = true));
    expect(started).toBe(false);
    await admitted; // without the rule this never resolves (the test's timeout fails it)
    expect(started).toBe(true);
  });

  it("alone and over the budget, waits while the server's memory falls and starts once it stops falling", async () => {
    // Each reading of the server's memory is 9 MB lower than the last, ten times (a collection under way), then flat:
    // every settling window holds at least two readings, so it sees the fall however slowly the timers run.
    let server = 480 * MB;
    let falls = 10;
    const ownRss = () => (falls > 0 ? (falls--, (server -= 9 * MB)) : server);
    const budget = new MemoryBudget(512 * MB, { ownRss, pollMs: 1, aloneWaitMs: 60_000, settledMs: 10 });
    await budget.admit(170 * MB); // 390 + 170 is still over 512: started because the fall stopped, not because it fits
    expect(falls).toBe(0);
    expect(budget.inUse()).toBe(390 * MB);
  });

  it("counts the server's announced growth until its work ends, and then starts the waiting child", async () => {
    const budget = new MemoryBudget(512 * MB, { ownRss: () => 270 * MB, pollMs: 5, aloneWaitMs: 10 });
    let build!: () => void;
    budget.hold(160 * MB, new Promise<void>((resolve) => (build = resolve)));
    expect(budget.inUse()).toBe(430 * MB);
    let started = false;
    const admitted = budget.admit(180 * MB).then(() => (started = true));
    await new Promise((r) => setTimeout(r, 50)); // past the alone wait: a hold is not the server alone
    expect(started).toBe(false);
    build();
    await admitted;
    expect(budget.inUse()).toBe(270 * MB);
  });
});
