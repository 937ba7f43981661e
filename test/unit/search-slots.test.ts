// Questions after a particular fact (search/slots.ts): answered only by a sentence that holds a fact of that kind.
import { describe, expect, it } from "vitest";
import { choose } from "../../search/extract.ts";
import { slotsHeld, slotsOf } from "../../search/slots.ts";
import { sentence } from "../helpers/candidates.ts";

describe("slotsOf", () => {
  it.each([
    ["What year did the lighthouse first open?", ["year"]],
    ["When was the choir founded?", ["year"]],
    ["How much does it cost to hire the hall?", ["price"]],
    ["Is there a membership fee?", ["price"]],
    ["What phone number can I call to reach the warden?", ["phone"]],
    ["What is the library's street address?", ["street address"]],
    ["Who founded the rowing club, and what did they do before?", ["founder"]],
    ["Which company makes the kettle, and what version is it?", ["company or version"]],
    ["Can I hear the tour in Portuguese?", ["spoken language"]],
  ])("%s asks after %j", (q, names) => {
    expect(slotsOf(q).map((s) => s.name)).toEqual(names);
  });

  it.each([
    "How long is a tea break?",
    "Who plans the walks?",
    "Who reviews the poems before they are printed?",
    "How many feedback notes can I send in an hour?",
    "Which language model plans the walks?",
    "How much of my evening should I set aside?",
  ])("%s asks after no particular fact", (q) => {
    expect(slotsOf(q)).toEqual([]);
  });

  it("is held by a sentence, or the question of its unit, with a fact of that kind", () => {
    const [price] = slotsOf("How much does it cost?");
    expect(slotsHeld([price], [{ sentence: "Entry is free, at any hour." }])).toBe(true);
    expect(slotsHeld([price], [{ sentence: "Yes, at any hour.", question: "Is there a fee?" }])).toBe(false);
    expect(slotsHeld([price], [{ sentence: "No. There is no fee to come in." }])).toBe(true);
    expect(slotsHeld([price], [{ sentence: "A walk is booked a day ahead." }])).toBe(false);
  });
});

describe("the chooser on a question after a particular fact", () => {
  it("says nothing when no sentence holds a fact of the kind asked for, however many words it shares", () => {
    const near = sentence("The club opened its doors to anyone who rows, and the river club is open at every hour.");
    expect(choose("What year did the river club first open?", [near]).chosen).toEqual([]);
    expect(choose("Who founded the river club?", [sentence("Whoever you are, the river club welcomes you at every hour.")]).chosen).toEqual([]);
  });

  it("answers with the sentence that holds it", () => {
    const year = sentence("The river club first opened in 1931, by the old boathouse.", { position: 1 });
    const near = sentence("The river club is open at every hour and welcomes anyone.", { position: 0 });
    expect(choose("What year did the river club first open?", [near, year]).chosen.map((c) => c.sentence)).toContain(year.sentence);
  });
});
