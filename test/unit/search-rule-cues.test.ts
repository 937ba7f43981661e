// A yes or no decided by a rule about the thing asked (search/rule-cues.ts), and a piece coming back asked in a
// visitor's words (search/repeat-words.ts).
import { describe, expect, it } from "vitest";
import { cueFit, cuesOf, subjectTerms } from "../../search/answer-cues.ts";
import { RULED, rulesOn } from "../../search/rule-cues.ts";
import { withRepeatWords } from "../../search/repeat-words.ts";

describe("a yes or no's rule", () => {
  const fitFor = (question: string, sentence: string) => {
    const cues = cuesOf(question);
    return cueFit(sentence, cues, subjectTerms(question, cues), false);
  };

  it("counts a rule said plainly only about the thing asked", () => {
    expect(fitFor("Is my timezone stored?", "Your timezone is not stored.")).toBe(1);
    expect(fitFor("Does the planner read my reflections?", "No key or token is needed for anything.")).toBeLessThan(1);
    // Judged sentence by sentence: the second names reflections, the first says the rule.
    expect(fitFor("Does the planner read my reflections?", "No key or token is needed for anything. Your name is shown if you reflect.")).toBeLessThan(1);
  });

  it("counts a negation, a permission or a state whose verb the question names, below a plain rule", () => {
    expect(fitFor("Do pieces ever repeat?", "A slot does not repeat the other slots of its date.")).toBe(RULED);
    expect(rulesOn("Do not name or describe other people.", ["mention", "sister", "name"])).toBe(true);
    expect(rulesOn("You may give any name you like.", ["delet", "name"])).toBe(false);
    expect(rulesOn("You may be in different four-hour slots.", ["differ", "name"])).toBe(false);
  });

  it("leaves the words of asking leave out of what is asked about", () => {
    expect(subjectTerms("Am I allowed to mention my sister?", cuesOf("Am I allowed to mention my sister?"))).toEqual(["mention", "sister"]);
    expect(subjectTerms("Is it OK to never sign?", cuesOf("Is it OK to never sign?"))).toEqual(["sign"]);
  });
});

describe("withRepeatWords", () => {
  it("reads a piece coming back with the guides' words for it", () => {
    expect(withRepeatWords("Can the same chant turn up two days in a row?")).toContain("(repeat, reuse)");
    expect(withRepeatWords("Is the 4pm service just a rerun of the noon one?")).toContain("(repeat, reuse)");
    expect(withRepeatWords("How often does a reading come round again?")).toContain("(repeat, reuse)");
  });

  it("leaves a question that asks nothing of a piece coming back", () => {
    expect(withRepeatWords("Can I post the same reflection twice?")).not.toContain("(repeat, reuse)");
    expect(withRepeatWords("How long is a service?")).toBe("How long is a service?");
  });

  it("reads the visitor's own words coming back as a reflection posted twice, whatever piece it is likened to", () => {
    const said = withRepeatWords("I want to leave the same reflection every day, like a little ritual. Will that work?");
    expect(said).toContain("(the same words posted twice)");
    expect(said).not.toContain("(repeat, reuse)");
  });
});
