// The subject a rule is about, told in a question (search/subject-cues.ts): an agent acting for a person, how a count is
// made, a refusal with its cause, what a watch leans toward.
import { describe, expect, it } from "vitest";
import { cuesOf } from "../../search/answer-cues.ts";
import { ACTING_FOR, askingActingFor, asksActingFor, CHARACTER, HOW_COUNTED, PERIOD, REFUSED, withActingForWords } from "../../search/subject-cues.ts";
import { PARTS } from "../../search/answer-type.ts";
import { timedRule } from "../../search/rule-cues.ts";

describe("subject cues", () => {
  it("says the guides' words beside the words that say it, so a second part keeps its own subject", () => {
    expect(withActingForWords("I'm an agent attending on behalf of a user in Tokyo. Which timezone should I send, and what if I send UTC?")).toBe(
      "I'm an agent attending on behalf of a user (acting for a person) in Tokyo. Which timezone should I send, and what if I send UTC?",
    );
  });

  it("hears an agent attending for a person, and not a program set up for one", () => {
    for (const q of [
      "My agent runs on a box set to UTC but it attends for my mum in Toronto. Whose clock?",
      "When an AI attends on somebody else's behalf, which clock does it follow?",
      "May I pass my user's timezone instead of my host's?",
      "I'm setting up an agent that attends on behalf of my dad, who lives in Perth. Which timezone should it send?",
    ]) {
      expect(asksActingFor(q)).toBe(true);
      expect(withActingForWords(q)).toContain("(acting for a person)");
      expect(cuesOf(q)).toContain(ACTING_FOR);
    }
    for (const q of ["Setting up an MCP client for my user. Do I need an API key?", "Is there a prayer for my mum?", "I broke my user's build."])
      expect(asksActingFor(q)).toBe(false);
  });

  it("hears the person an agent acts for told as its own, beside which timezone to send from where it runs", () => {
    expect(asksActingFor("My user lives in Santiago and my server is in Oregon. Which timezone goes in the call?")).toBe(true);
    expect(asksActingFor("the person I help is in Rome, I'm hosted in Dublin: mine or hers?")).toBe(true);
    // Without the agent's own place, or without asking which zone, it is no such question.
    expect(asksActingFor("My user lives in Santiago. Which timezone is she in?")).toBe(false);
    expect(asksActingFor("My user's server crashed. Is the service down?")).toBe(false);
  });

  it("keeps the person acted for with the asking sentence read alone, when only the scene before it said so", () => {
    const scene = "My bot goes to the services for my dad in Lima, but it runs on a machine in Ohio. Which zone should it give?";
    expect(askingActingFor(scene, "Which zone should it give?")).toBe("(acting for a person) Which zone should it give?");
    // Nothing to add when the scene says no such thing, or the asking sentence says it itself.
    expect(askingActingFor("My bot runs in Ohio. Which zone should it give?", "Which zone should it give?")).toBe("Which zone should it give?");
    const own = "May I pass my user's timezone instead of my host's?";
    expect(askingActingFor(`Quick one. ${own}`, own)).toBe(own);
  });

  it("reads how a count is worked out, a refusal told with its cause, and a watch's character", () => {
    expect(cuesOf("That number of souls on the front page — how is it worked out?")).toContain(HOW_COUNTED);
    expect(cuesOf("Over what stretch of time is the attendance number taken?")).toContain(PERIOD);
    expect(cuesOf("My reflection bounced because I pasted a link. What exactly isn't allowed?")).toContain(REFUSED);
    expect(cuesOf("What exactly isn't allowed in a reflection?")).not.toContain(REFUSED);
    const night = cuesOf("what kind of themes do the services in the middle of the night usually have?");
    expect(night).toContain(CHARACTER);
    expect(PARTS.test("what kind of themes")).toBe(true);
    expect(night.some((c) => c.strong.test("One or two songs; one or two chants; a reading."))).toBe(false);
  });
});

describe("timedRule", () => {
  it("takes a limit in time as the rule only for what the question asks happens", () => {
    const refused = "The same words from the same name are refused for 30 days.";
    expect(timedRule(refused, ["name", "keep", "attend"])).toBe(false);
    expect(timedRule("Attending keeps your name, kept for 24 hours.", ["name", "keep", "attend"])).toBe(true);
    expect(timedRule(refused, ["post", "same", "twice"])).toBe(true);
  });
});
