// How a service is made, asked in a visitor's words, read with the guides' words for it (search/plan-words.ts).
import { describe, expect, it } from "vitest";
import { NAME_SAID, NO_PLAN_SAID, NO_TIMEZONE_SAID, PLANNER_DOWN_SAID, WHO_PLANS_SAID, WORLD_SAID, withPlanWords } from "../../search/plan-words.ts";

describe("withPlanWords", () => {
  it("reads a service said to lack its name or opening words as one filled by the rotation", () => {
    for (const q of [
      "My service tonight came without a heading or any intro text. Is it missing parts?",
      "Why do some services come without a name?",
      "Some gatherings have a title and an intro and some don't, why?",
    ])
      expect(withPlanWords(q)).toBe(`${q} ${NO_PLAN_SAID}`);
  });

  it("reads the planner said to be down as the planning model not reached", () => {
    for (const q of ["What happens to the services when the planner is offline?", "The planning AI was down this morning. Did I still get a proper service?"])
      expect(withPlanWords(q)).toBe(`${q} ${PLANNER_DOWN_SAID}`);
  });

  it("reads a question after the name or the opening paragraph as one after what the model writes", () => {
    for (const q of [
      "What is the opening paragraph of a service called?",
      "Where do the services get their names?",
      "Who writes the short intro at the start of each service?",
    ])
      expect(withPlanWords(q)).toBe(`${q} ${NAME_SAID}`);
  });

  it("reads what the planner looks at as what it is told, and who plans as the model", () => {
    expect(withPlanWords("Does whatever plans services know about the moon?")).toContain(WORLD_SAID);
    expect(withPlanWords("What does the service planner take into account?")).toContain(WORLD_SAID);
    expect(withPlanWords("Does a human pick what goes in each service, or is it automated?")).toContain(WHO_PLANS_SAID);
    expect(withPlanWords("How long before it starts is a service planned?")).toContain(WHO_PLANS_SAID);
  });

  it("reads a visitor attending with no timezone as the guides say it", () => {
    for (const q of ["Which service comes back when I attend with no timezone?", "What do I get if I leave the timezone blank?"])
      expect(withPlanWords(q)).toBe(`${q} ${NO_TIMEZONE_SAID}`);
    expect(withPlanWords("Which timezone should I give?")).toBe("Which timezone should I give?");
  });

  it("reads UTC sent as a timezone as the guides say it, and an offset or a clock set to UTC as nothing of the kind", () => {
    for (const q of ["What would happen if I simply sent UTC?", "can my agent just pass GMT?"]) expect(withPlanWords(q)).toBe(`${q} ${NO_TIMEZONE_SAID}`);
    for (const q of ["can I just pass UTC+2?", "My server clock is UTC. Should I pass her timezone instead of mine?"]) expect(withPlanWords(q)).toBe(q);
  });

  it("leaves names, titles and the planner's reading of reflections that are no service's making", () => {
    for (const q of [
      "Can I submit a prayer without a title?",
      "Can I attend a service without a name?",
      "Do I have to give my real name?",
      "Does whatever plans the services get to read my reflection word for word?",
      "How many words long is a service's title?",
    ])
      expect(withPlanWords(q)).toBe(q);
  });

  it("adds the guides' words once", () => {
    const once = withPlanWords("Why do some services come without a name?");
    expect(withPlanWords(once)).toBe(once);
  });
});
