// What a service is made of asked in a visitor's words, read with the guides' words for what a service holds
// (search/service-holds-words.ts), and the answer that follows from the real library.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asksWhatServiceHolds, HOLDS_SAID, withServiceHoldsWords } from "../../search/service-holds-words.ts";
import { quotedAnswer, realLibraryIndex, type RealIndex } from "../helpers/search-index.ts";

describe("withServiceHoldsWords", () => {
  it("says the guides' words at the end of the clause that asks what a service is made of", () => {
    expect(withServiceHoldsWords("What pieces make up a service?")).toBe(`What pieces make up a service ${HOLDS_SAID}?`);
    expect(withServiceHoldsWords("curious what goes into each service")).toBe(`curious what goes into each service ${HOLDS_SAID}`);
    // In a question of two parts the words stay with the part that asks it.
    expect(withServiceHoldsWords("What kinds of parts make up a service, and how many parts can it have?")).toBe(
      `What kinds of parts make up a service ${HOLDS_SAID}, and how many parts can it have?`,
    );
    for (const q of [
      "What is a service put together from?",
      "My dad wants to know what a service consists of before he tries it.",
      "whats inside a service? like what will i hear",
      "What does each service contain?",
      "How long does one service run, and what sort of pieces is it made of?",
    ])
      expect(asksWhatServiceHolds(q), q).toBe(true);
  });

  it("leaves a count, another subject, and questions of something else", () => {
    for (const q of [
      "How many parts does a service have?",
      "Can I contribute a song made up of three verses to a service?",
      "What's in the attend response JSON for a service?",
      "What is a reflection made of?",
      "How long is a service?",
      "What makes up a good sourdough starter?",
      "Who or what decides which pieces go into each service, and when?",
    ]) {
      expect(asksWhatServiceHolds(q), q).toBe(false);
      expect(withServiceHoldsWords(q)).toBe(q);
    }
  });
});

describe("what a service holds, answered on the real library", () => {
  let holdsIndex: RealIndex;
  beforeAll(async () => {
    holdsIndex = await realLibraryIndex();
  }, 180_000);
  afterAll(() => holdsIndex?.close());

  /** With the vectors (hybrid), where the contribution guide's "pieces" won before. */
  const answerOfHolds = (question: string) => quotedAnswer(holdsIndex, question, "hybrid");

  it("quotes what a service holds first, and nothing on contributions, for 'What pieces make up a service?'", async () => {
    const answer = await answerOfHolds("What pieces make up a service?");
    const quotes = answer.split("\n").filter((line) => line.startsWith("> ") && !line.startsWith("> —"));
    expect(quotes[0]).toMatch(/one or two songs, one or two chants/i);
    expect(answer).not.toMatch(/contribution/i);
  });
});
