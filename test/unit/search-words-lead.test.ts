// From words alone, a long message's best-scoring guide sentence answers it when no sentence passes the usual tests
// (search/words-lead.ts); with the vectors it must pass them. Sentences and questions written for this test.
import { describe, expect, it } from "vitest";
import { choose } from "../../search/extract.ts";
import { WORDS_LEAD_HELD, wordsLead } from "../../search/words-lead.ts";
import { sentence } from "../helpers/candidates.ts";

const gransAgent = "Our little home server has hummed in the cupboard all winter. Whose clock should the agent on it keep when it attends for my gran?";
const gransClock = (fields = {}) => [
  sentence("An agent acting for a person may use their clock, so the two of you keep the same hour.", { meaning: 0.45, leads: true, ...fields }),
  sentence("Reflections are public and other visitors will read them.", { meaning: 0.3, pageRank: 1, position: 1 }),
];

describe("the words' lead sentence", () => {
  it("answers from words alone a message whose scene thins the evidence of the guide's sentence", () => {
    const { chosen } = choose(gransAgent, gransClock(), { wordsOnly: true });
    expect(chosen.map((c) => c.sentence)).toEqual([gransClock()[0].sentence]);
  });

  it("is no answer where the vectors weigh meaning: there the usual tests decide", () => {
    expect(choose(gransAgent, gransClock(), { wordsOnly: false }).chosen).toEqual([]);
  });

  it("is never a piece's line, nor a sentence short of the floor or holding too little", () => {
    expect(choose(gransAgent, gransClock({ guide: false, kind: "song" }), { wordsOnly: true }).chosen).toEqual([]);
    const c = sentence("A guide's sentence.");
    expect(wordsLead([{ c, gate: 0.34, held: 0.5 }], 0.35)).toBeUndefined();
    expect(wordsLead([{ c, gate: 0.5, held: WORDS_LEAD_HELD - 0.01 }], 0.35)).toBeUndefined();
    expect(wordsLead([{ c, gate: 0.5, held: WORDS_LEAD_HELD }], 0.35)?.c).toBe(c);
  });
});
