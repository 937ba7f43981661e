import { describe, expect, it } from "vitest";
import { batchesToJudge, tally, type AnsweredQuestion, type Verdict } from "../../search/ask-adjudication.ts";
import { holds } from "../../search/ask-eval.ts";

const answered = (q: string, answer: string, strict: boolean): AnsweredQuestion => ({ q, facts: ["x"], type: "other", answer, strict });

describe("answers judged by a reader", () => {
  const before = [answered("How long?", "Twenty minutes.", true), answered("Is it live?", "It is not broadcast.", false)];
  const after = [answered("How long?", "Twenty minutes.", true), answered("Is it live?", "Nothing is live.", false)];
  const runs = new Map([
    ["before", before],
    ["after", after],
  ]);

  it("judges an answer two runs share once, and gives the reader no verdict", () => {
    const { batches, idOf } = batchesToJudge(runs, 2, 7);
    const all = batches.flat();
    expect(all).toHaveLength(3);
    expect(idOf(before[0])).toBe(idOf(after[0]));
    expect(idOf(before[1])).not.toBe(idOf(after[1]));
    for (const item of all) expect(Object.keys(item).sort()).toEqual(["answer", "facts", "id", "q"]);
  });

  it("makes the same batches from the same runs", () => {
    expect(batchesToJudge(runs, 2, 7).batches).toEqual(batchesToJudge(runs, 2, 7).batches);
  });

  it("counts strict and judged verdicts apart", () => {
    const { idOf } = batchesToJudge(runs, 2, 7);
    const verdicts = new Map<string, Verdict>([
      [idOf(before[0]), { id: idOf(before[0]), carried: false }],
      [idOf(before[1]), { id: idOf(before[1]), carried: true, stray: true }],
    ]);
    expect(tally(before, idOf, verdicts)).toEqual({ total: 2, strict: 1, judged: 1, missesCarried: 1, hitsNotCarried: 1, stray: 1, unjudged: 0 });
    expect(tally(after, idOf, verdicts)).toMatchObject({ strict: 1, judged: 0, unjudged: 1 });
  });
});

describe("the strict judge", () => {
  it("finds a fact's alternative where a word begins, in any case, and nowhere else", () => {
    expect(holds("Each one is Reviewed by a person.", "review")).toBe(true);
    expect(holds("Ten questions an hour.", "ten|10")).toBe(true);
    expect(holds("Send it to POST /api/feedback.", "/api/feedback|feedback")).toBe(true);
    expect(holds("— Questions Visitors Often Ask", "ten|10")).toBe(false);
    expect(holds("A 100-year-old rite.", "10")).toBe(true);
    expect(holds("In 2010 it began.", "10")).toBe(false);
    expect(holds("Costs (a lot).", "(a lot")).toBe(true);
  });
});
