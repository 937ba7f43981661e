import { describe, expect, it } from "vitest";
import type { Chunk } from "../../search/chunks.ts";
import type { Candidate } from "../../search/candidate.ts";
import { withUnitRest } from "../../search/unit-rest.ts";

const faqPassage: Chunk = {
  ...{ id: "faq#1", page: "faq", title: "Questions Visitors Often Ask", pagePath: "/docs/faq", path: null, slug: null, category: "docs" },
  ...{ section: "How do I report a bug or send feedback?", text: "" },
};

/** One sentence of the FAQ's feedback unit, at its place in the answer. */
function feedbackSentence(sentence: string, position: number): Candidate & { passage: Chunk } {
  return {
    ...{ sentence, title: faqPassage.title, context: faqPassage.title, heading: faqPassage.section ?? "", pageRank: 0, position, meaning: 0.5 },
    ...{ leads: position === 0, question: "How do I report a bug or send feedback?", asked: 0.6, guide: true, passage: faqPassage },
  };
}

const unit = [
  feedbackSentence("Report a bug, send feedback or ask the keepers a question with POST /api/feedback.", 0),
  feedbackSentence("Give your name, a category, a title and a description.", 1),
  feedbackSentence("Each report becomes an issue that the people who keep the sanctuary read.", 2),
];

describe("a unit's later sentence holding what else is asked", () => {
  it("is quoted with the unit's opening, and the sentences between", () => {
    const asked = "I found a bug. How do I report it, and what happens to the report once I send it?";
    expect(withUnitRest([unit[0]], unit, asked).map((c) => c.position)).toEqual([0, 1, 2]);
    expect(withUnitRest([unit[0]], unit, "Where do I report a bug, and does anybody read it?").map((c) => c.position)).toEqual([0, 1, 2]);
  });

  it("is not quoted when the question asks nothing the unit's question and opening do not hold", () => {
    expect(withUnitRest([unit[0]], unit, "How do I report a bug?").map((c) => c.position)).toEqual([0]);
  });
});
