// How a later part of a question that names its subject in the part before is read (search/follow-up.ts): pure, no library.
import { describe, expect, it } from "vitest";
import { answerTypeOf } from "../../search/answer-type.ts";
import { partsRead } from "../../search/follow-up.ts";

describe("partsRead", () => {
  it("reads a later part that names almost nothing with the part before, asking its own question", () => {
    const [first, second] = partsRead("Where can I read the rules of the club, and how do they change?");
    expect(first).toEqual({ text: "Where can I read the rules of the club?", carried: false });
    // Read after the part before, its pronoun is said as that part's phrase (part-antecedent.ts); its other reading, should
    // this one find nothing, is the part so said alone.
    expect(second).toEqual({
      text: "Where can I read the rules of the club. how do the rules change?",
      carried: true,
      otherwise: "how do the rules change?",
    });
    // Its type is its own words', not the first part's ("where").
    expect(answerTypeOf(second.text)).toBe("how-to");
  });

  it("keeps as a last reading the part alone, its pronoun said as what it points to, without the story told first", () => {
    const [, second] = partsRead(
      "My aunt died last winter and I want to walk one trail for her. How many miles should I plan, and how many stiles will it have?",
    );
    expect(second.alone).toBe("how many stiles will a trail have?");
    expect(partsRead("If I bake a pie, does it need a tin? And how long should it cool?")[1].alone).toBe("how long should a pie cool?");
    // Without a story or a condition before the earlier part, there is no such reading.
    expect(partsRead("How heavy can a parcel be, and does it need a stamp?")[1].alone).toBeUndefined();
  });

  it("reads a part opening on the answer before ('If not, …') with it, and says a shared scene once", () => {
    expect(partsRead("Can I bring a dog to the fair? If not, which pets are welcome at the fair?")[1]).toEqual({
      text: "Can I bring a dog to the fair. If not, which pets are welcome at the fair?",
      carried: true,
    });
    expect(partsRead("Is this a club? I'm shy, must I join?")[1].text).toBe("Is this a club. I'm shy. must I join?");
  });

  it("reads a later part pointing back to the hour the part before named with that hour", () => {
    expect(partsRead("What is 7pm called here, and what happens there?")[1].text).toMatch(/what happens there at 7pm\?$/);
    expect(partsRead("What is the hour from midnight called, and what goes on in it?")[1].text).toMatch(/at midnight\?$/);
    // A part naming its own hour, or not pointing back, keeps its own words.
    expect(partsRead("What is 7pm called here, and what happens at 9pm?")[1].text).toMatch(/what happens at 9pm\?$/);
  });

  it("leaves a later part that names its own subject alone", () => {
    expect(partsRead("How long is the walk, and where does the bus to the lake stop?")[1]).toEqual({
      text: "where does the bus to the lake stop?",
      carried: false,
    });
  });

  it("gives a carried part without a pronoun another reading: after the earlier part's scene only", () => {
    // Read after the whole first part it leans toward "does it open late"; asked after "If I visit the fair," it asks its own.
    expect(partsRead("If I visit the fair, does it open late? And is there a parking fee?")[1]).toEqual({
      text: "If I visit the fair, does it open late. is there a parking fee?",
      carried: true,
      otherwise: "If I visit the fair, is there a parking fee?",
    });
    // Never the part alone, which would meet whatever else holds its one word ("…, and what was the score?").
    expect(partsRead("Who won the regatta, and what was the score?")[1].otherwise).toBeUndefined();
    expect(partsRead("Who built the old mill, and what did they do before?")[1].otherwise).toBeUndefined();
  });
});

describe("partsRead of an elliptical part", () => {
  it("splits a question asked by its mark alone, and reads it with the part before: it asks the same of another thing", () => {
    expect(partsRead("What is the ferry at 9 called? And the one that leaves at noon?")).toEqual([
      { text: "What is the ferry at 9 called?", carried: false },
      { text: "What is the ferry at 9 called. the one that leaves at noon?", carried: true },
    ]);
    // Typed in haste, the last has no mark: "…? and the one at noon".
    expect(partsRead("whats the 9am ferry called? and the one at noon")[1]).toEqual({ text: "whats the 9am ferry called. the one at noon?", carried: true });
  });

  it("keeps a scene asking inside ('I'm tall, may I…?') with the question before, as before", () => {
    expect(partsRead("What is the ferry at 9 called? I'm tall, may I stand?").map((p) => p.text)).toEqual([
      "What is the ferry at 9 called? I'm tall?",
      "What is the ferry at 9 called. I'm tall. may I stand?",
    ]);
  });
});

describe("partsRead of a part typed without its apostrophe", () => {
  it("splits at '… and whats …' as at '… and what's …'", () => {
    expect(partsRead("how often does the ferry leave and whats the fare for a bike").map((p) => p.text)).toEqual([
      "how often does the ferry leave?",
      "whats the fare for a bike?",
    ]);
  });
});
