import { describe, expect, it } from "vitest";
import { cueFit, cuesOf, subjectTerms } from "../../search/answer-cues.ts";
import { asksFate, FATE, fateOf } from "../../search/fate-cues.ts";
import { NO_TIMEZONE_SAID, withPlanWords } from "../../search/plan-words.ts";
import { partsOf } from "../../search/question-parts.ts";

/** How well a sentence answers a question's kind, as the chooser weighs it (answer-cues.ts cueFit). */
const fateFitOf = (question: string, sentence: string) => {
  const cues = cuesOf(question);
  return cueFit(sentence, cues, subjectTerms(question, cues), false);
};

describe("asksFate", () => {
  it("hears a question about what becomes of what is given: kept, shown, checked or followed", () => {
    expect(cuesOf("also do you save it anywhere?")).toContain(FATE);
    expect(cuesOf("who gets to read what I write?")).toContain(FATE);
    expect(cuesOf("my name is just moth, anyone verify that?")).toContain(FATE);
    expect(cuesOf("did someone delete it")).toContain(FATE);
    expect(cuesOf("the things ppl type into the ask thing, private or can anyone read them")).toContain(FATE);
    expect(asksFate("any cookies on this site?", "any cookies on this site?")).toBe(true);
  });

  it("hears no such question in checking what plays, logging in, or keeping the hours", () => {
    expect(cuesOf("Can I check what's on this hour without being added to the headcount?")).not.toContain(FATE);
    expect(cuesOf("Do I need to log in to attend?")).not.toContain(FATE);
    expect(cuesOf("How long does a service last?")).not.toContain(FATE);
    expect(cuesOf("Can I see what's playing right now?")).not.toContain(FATE);
  });
});

describe("a question after what becomes of something, answered by the sentence that says it", () => {
  it("prefers the sentence whose verb says what becomes of the timezone over one on the timezone alone", () => {
    const q = "After I give my timezone, is it saved anywhere?";
    expect(fateFitOf(q, "Your timezone is not stored.")).toBe(1);
    expect(fateFitOf(q, "Send your timezone as an IANA name, such as Europe/Lisbon.")).toBeLessThan(fateFitOf(q, "Your timezone is not stored."));
  });

  it("prefers the name's being a label over a sentence that only lets one choose it", () => {
    const q = "the name I pass, anybody check it?";
    expect(fateFitOf(q, "The name is a label, not a credential, and nobody checks it.")).toBe(1);
    expect(fateFitOf(q, "Choose any name you like.")).toBeLessThan(1);
  });
});

describe("partsOf, a sentence opening on also after a full stop", () => {
  it("asks anew", () => {
    expect(partsOf("what format do you want the timezone in? I typed AEST and I'm not sure that worked. also do you save it anywhere?")).toHaveLength(2);
    expect(partsOf("I attended last night. And does it count me twice?")).toHaveLength(1);
  });
});

describe("fateOf", () => {
  it("reads a fate as the subject's only when said of it", () => {
    expect(fateOf("Your timezone is not stored.", ["timezon"])).toBe(true);
    expect(fateOf("It uses the timezone to place you in the right service and then forgets it.", ["timezon"])).toBe(true);
    expect(fateOf("A piece you offer with contribute, or a note sent as feedback, is kept with the name you gave.", ["name"])).toBe(false);
  });
});

describe("withPlanWords, a timezone left out in an earlier question", () => {
  it("says the guides' words before that question, leaving the last one's asking words its own", () => {
    const read = withPlanWords("Two things: what happens if I leave the timezone blank? And if I do fill it in, is it saved anywhere?");
    expect(read.endsWith("is it saved anywhere?")).toBe(true);
    expect(read).toContain("(without a timezone,");
    const one = "What happens if I leave the timezone blank?";
    expect(withPlanWords(one)).toBe(`${one} ${NO_TIMEZONE_SAID}`);
  });
});
