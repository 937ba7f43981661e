// Developers' and agents' practical questions (#41): their words for the guides' terms (synonyms.ts), a cap asked as
// an hourly budget (limit-words.ts), a scene set off by a dash before the words that ask (question-parts.ts), and a
// unit asked in visitors' words quoted as far as one asked in its own (quote-span.ts wholeUnits).
import { describe, expect, it } from "vitest";
import { answerTypeOf, partsOf } from "../../search/answer-type.ts";
import type { Candidate } from "../../search/candidate.ts";
import type { Chunk } from "../../search/chunks.ts";
import { wholeUnits } from "../../search/quote-span.ts";
import { synonymsOf } from "../../search/synonyms.ts";
import { askTerms } from "../../search/text.ts";

const linkedTo = (word: string) => synonymsOf(word).map(([t]) => t);

describe("a developer's words for the guides' terms", () => {
  it("links an hourly cap to the hour, a livestream to the live broadcast, and auth to a key or token", () => {
    expect(linkedTo("hourly")).toContain(askTerms("hour")[0]);
    expect(linkedTo("livestream")).toEqual(expect.arrayContaining([askTerms("stream")[0], askTerms("broadcast")[0]]));
    expect(linkedTo("auth")).toEqual(expect.arrayContaining([askTerms("token")[0], askTerms("key")[0]]));
    expect(linkedTo("total")).toContain(askTerms("whole")[0]);
    expect(linkedTo("duration")).toContain(askTerms("length")[0]);
    // An agent's "runtime" is where it runs ("my runtime is on UTC"), not how long anything lasts.
    expect(linkedTo("runtime")).not.toContain(askTerms("length")[0]);
  });

  it("reads an hourly budget or allowance as a cap on how often, a count", () => {
    expect(answerTypeOf("i'm writing a bot that searches a lot, what's the hourly budget?")).toBe("count");
    expect(answerTypeOf("What is my request allowance per hour?")).toBe("count");
    expect(answerTypeOf("Is there a budget for the party?")).toBe("yes/no");
  });
});

describe("a scene set off by a dash", () => {
  it("ends before the words that ask, so a question joined to them by 'and' is a part of its own", () => {
    expect(partsOf("Found a bug in the attend endpoint — where do I report it and does anyone actually read it?")).toEqual([
      "Found a bug in the attend endpoint — where do I report it?",
      "does anyone actually read it?",
    ]);
    // One question after the dash stays whole.
    expect(partsOf("Connecting an MCP client — do I need to register or get a token?")).toHaveLength(1);
  });
});

describe("a unit asked in visitors' words", () => {
  const passage = { page: "faq", id: "f1" } as Chunk;
  const unit = (sentence: string, position: number, over: Partial<Candidate> = {}) => ({
    ...{ sentence, title: "Questions Visitors Often Ask", context: "", heading: "", pageRank: 0, meaning: 0.5, leads: position === 0 },
    ...{ position, question: "How do I report a bug or send feedback?", guide: true, passage, ...over },
  });
  const all = [
    unit("Report a bug, send feedback or ask the keepers a question with POST /api/feedback.", 0),
    unit("Give your name, a category, a title and a description.", 1),
    unit("Each report becomes an issue that the people who keep the sanctuary read.", 2),
  ];

  it("is quoted from its opening as far as a unit asking the visitor's own question", () => {
    const asked = all.map((c) => (c.position === 0 ? { ...c, asked: 0.3, askedAs: 0.7 } : c));
    expect(wholeUnits([asked[0]], asked).map((c) => c.position)).toEqual([0, 1, 2]);
  });

  it("keeps to its opening when neither its question nor its visitors' words come near", () => {
    const loose = all.map((c) => (c.position === 0 ? { ...c, asked: 0.3, askedAs: 0.3 } : c));
    expect(wholeUnits([loose[0]], loose).map((c) => c.position)).toEqual([0]);
  });
});
