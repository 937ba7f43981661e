// A limit asked in other words than "how long" (search/limit-words.ts) is a question of length.
import { describe, expect, it } from "vitest";
import { cuesOf } from "../../search/answer-cues.ts";
import { answerTypeOf } from "../../search/answer-type.ts";

describe("a limit asked in other words", () => {
  it("is read as a question of length", () => {
    for (const q of [
      "Is there a maximum size for my reflection?",
      "What's the biggest title I can give?",
      "Do you cap how much text a question holds?",
      "Is there a character limit on a question to ask?",
    ])
      expect(answerTypeOf(q)).toBe("duration");
  });

  it("leaves a limit in words, and a limit of how often, as they were", () => {
    expect(answerTypeOf("Is there a word limit for essays?")).toBe("yes/no");
    expect(answerTypeOf("Is there a limit on how many questions I can ask an hour?")).toBe("count");
  });

  it("reads a cap on how often one may act as a count, not a yes or no", () => {
    expect(answerTypeOf("Is there a cap on searches?")).toBe("count");
    expect(answerTypeOf("Will I get rate-limited?")).toBe("count");
    expect(answerTypeOf("How many reflections can I post before I get stopped?")).toBe("count");
    expect(answerTypeOf("could I split it over several posts in one go?")).toBe("count");
    expect(cuesOf("Is there a cap on searches?")).not.toContain(cuesOf("Is it kept?")[0]);
  });
});

describe("a size said as a writer sees it, and leave to act", () => {
  it("reads a size given in words before a yes or no as a limit asked", () => {
    for (const q of ["is a one-word reflection ok?", "can I send a reflection with just an emoji?", "my question is a whole paragraph. will it get cut off?"])
      expect(answerTypeOf(q)).toBe("duration");
    expect(answerTypeOf("is there a length thing on the location?")).toBe("duration");
  });

  it("does not read sameness asked of a short text as its size", () => {
    expect(answerTypeOf("Can I post the exact same short reflection every day?")).toBe("yes/no");
    expect(answerTypeOf("can i write a really long reflection?")).toBe("duration");
  });

  it("keeps the rule that may refuse a size asked as leave to act", () => {
    const yesNo = cuesOf("Is it kept?")[0];
    expect(cuesOf("can i write a really long reflection?")).toContain(yesNo);
    expect(cuesOf("Is there a maximum size for my reflection?")).not.toContain(yesNo);
  });
});
