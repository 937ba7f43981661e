// A question after how two things stand to each other is no question of how to do something (search/answer-type.ts,
// search/answer-cues.ts): "how do the axioms relate to the songs?" is answered by a sentence saying so, not by an address.
import { describe, expect, it } from "vitest";
import { answerTypeOf } from "../../search/answer-type.ts";
import { cuesOf, HOW_TO } from "../../search/answer-cues.ts";

describe("a question after a relation", () => {
  it("is not read as how to do something", () => {
    for (const q of ["How do chants relate to the hours?", "how does a watch connect to the season?", "How do the pieces fit together in a service?"]) {
      expect(answerTypeOf(q)).not.toBe("how-to");
      expect(cuesOf(q)).not.toContain(HOW_TO);
    }
  });

  it("leaves a question of how to do something as it was", () => {
    expect(answerTypeOf("How do I connect over MCP?")).toBe("how-to");
    expect(cuesOf("How can I leave a reflection?")).toContain(HOW_TO);
  });
});
