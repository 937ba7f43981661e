import { describe, expect, it } from "vitest";
import { FIELD, programCues, REQUEST } from "../../search/program-cues.ts";
import { cuesOf } from "../../search/answer-cues.ts";

describe("programCues", () => {
  it("hears a question set in the JSON as asking for a field's name, whatever its asking words", () => {
    expect(programCues("how do I get the total length of the service out of the attend json")).toEqual([FIELD]);
    expect(programCues("Where in the attend response is the first song?")).toEqual([FIELD]);
    expect(cuesOf("how do I get the total length of the service out of the attend json")).toContain(FIELD);
  });

  it("hears a question set on the wire as asking for the request", () => {
    expect(programCues("My bot speaks plain HTTP; how does it join?")).toEqual([REQUEST]);
    expect(programCues("Is there an endpoint for looking without being counted?")).toEqual([REQUEST]);
  });

  it("hears no request asked when the wire is only where the visitor was, and the question asks what came back", () => {
    expect(cuesOf("I called the attend endpoint without any timezone. Which service did I get then?")).not.toContain(REQUEST);
    expect(cuesOf("I hit the endpoint with no timezone. What did I receive?")).not.toContain(REQUEST);
    // Still asked for when the asking words are themselves on the wire.
    expect(cuesOf("I have no timezone. Which endpoint do I call?")).toContain(REQUEST);
  });

  it("hears nothing of the kind in a visitor's question", () => {
    expect(programCues("How long does a service last?")).toEqual([]);
    expect(programCues("What response should I give to a hard day?")).toEqual([]);
  });

  it("adds a cue once when the asking words already ask for it", () => {
    expect(cuesOf("Which field in the JSON holds the length?").filter((c) => c === FIELD)).toHaveLength(1);
  });

  it("a field's name fits as a program reads it, a list item's capital included", () => {
    for (const s of ["service.loopSeconds gives its whole length", "Service.order: every part", "next_steps: suggestions"])
      expect(FIELD.strong.test(s)).toBe(true);
    expect(FIELD.strong.test("A service lasts between 15 and 40 minutes.")).toBe(false);
  });
});
