// The end of the event loop's turn (core/turn-end.ts), and the one layer's use of it (adapters/headers.ts): an answer
// finished in the turn its request arrived in is written at the turn's end with the others; one that already waited
// past a turn's end (a group commit's) is not held for another.
import { H3 } from "h3";
import { describe, expect, it } from "vitest";
import { atTurnEnd, turnEnd, turnsEnded } from "../../core/turn-end.ts";
import { commonLayer } from "../../adapters/headers.ts";

describe("atTurnEnd", () => {
  it("runs what waits, in the order asked, in one immediate of its own", async () => {
    const before = turnsEnded();
    const order: string[] = [];
    atTurnEnd(() => order.push(`a ${turnsEnded() - before}`));
    atTurnEnd(() => order.push(`b ${turnsEnded() - before}`));
    const shared = turnEnd();
    expect(turnEnd()).toBe(shared);
    await Promise.resolve();
    expect(order).toEqual([]);
    await shared;
    expect(order).toEqual(["a 1", "b 1"]);
    expect(turnsEnded()).toBe(before + 1);
    // The next turn's waiters get a promise of their own.
    expect(turnEnd()).not.toBe(shared);
    await turnEnd();
  });
});

describe("the one layer writes a turn's answers together", () => {
  for (const watched of [false, true]) {
    const told: number[] = [];
    // The access line is told of the answer as soon as it is made, before the wait.
    const options = watched ? { watch: { answered: () => told.push(turnsEnded()), failed: () => {} } } : {};
    it(`holds an answer made in its request's turn until the turn ends${watched ? " (access lines on)" : ""}`, async () => {
      const app = new H3().use(commonLayer(options)).get("/now", () => ({ now: 1 }));
      const before = turnsEnded();
      const response = await app.request("/now");
      expect(await response.json()).toEqual({ now: 1 });
      expect(turnsEnded()).toBe(before + 1);
      if (watched) expect(told.at(-1)).toBe(before);
    });

    it(`writes at once an answer that already waited for a turn's end${watched ? " (access lines on)" : ""}`, async () => {
      const seen: number[] = [];
      const app = new H3().use(commonLayer(options)).get("/attend", async () => {
        await turnEnd(); // as a group commit's write does
        seen.push(turnsEnded());
        return { counted: true };
      });
      const response = await app.request("/attend");
      expect(await response.json()).toEqual({ counted: true });
      // Answered in the turn end it waited for, not held for the next one.
      expect(turnsEnded()).toBe(seen[0]);
    });
  }
});
