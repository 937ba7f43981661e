// A later part pointing back by a pronoun, read with the earlier part's subject (search/part-antecedent.ts): pure, no library.
import { describe, expect, it } from "vitest";
import { partsRead } from "../../search/follow-up.ts";
import { partAlone, phrasesOf, readWithAntecedent } from "../../search/part-antecedent.ts";

describe("readWithAntecedent", () => {
  it("says a pronoun as the noun phrase of the part before", () => {
    expect(readWithAntecedent("How tall may a kite be?", "can I paint it later?")).toBe("can I paint a kite later?");
    expect(readWithAntecedent("Do you keep my letters?", "who can read them?")).toBe("who can read my letters?");
    expect(readWithAntecedent("Does the ferry need a ticket?", "when does it leave?")).toBe("when does the ferry leave?");
  });

  it("says 'its' as the phrase's owner, and the phrase a 'which' asks after with the rest of its clause", () => {
    expect(readWithAntecedent("Which gate is it at noon?", "is its queue long?")).toBe("is the gate noon's queue long?");
  });

  it("reads a part with the scene or condition that opens the part before, when the pronoun stands for something there", () => {
    expect(readWithAntecedent("If I bake a pie, does it need a tin?", "how long should it cool?")).toBe("If I bake a pie, how long should it cool?");
  });

  it("says 'one' after 'can' or 'does' as one of the thing asked about first, and 'ones' as several", () => {
    expect(readWithAntecedent("How many tickets can I buy a day?", "how long does one last?")).toBe("how long does a ticket last?");
    expect(readWithAntecedent("how long does a ferry take?", "how often do new ones leave?")).toBe("how often do new ferrys leave?");
    expect(readWithAntecedent("Is there a card for my sister?", "is there one for my loved ones?")).toBeUndefined();
  });

  it("never points back to a measure: 'it' after 'how many minutes' is the thing the scene names", () => {
    expect(readWithAntecedent("How many minutes does the walk take?", "is it steep?")).toBe("is the walk steep?");
    expect(partAlone("I want to walk one trail with my dog. How many minutes should I plan?", "is it steep?")).toBe("is a trail steep?");
  });

  it("points nowhere from an impersonal 'it', nor a 'they' standing for whoever a 'who' asks after", () => {
    expect(readWithAntecedent("Can I bring a dog?", "is it ok to bring two?")).toBeUndefined();
    expect(readWithAntecedent("Who built the bridge?", "what did they do before?")).toBeUndefined();
    expect(readWithAntecedent("How long is the walk?", "where does the bus stop?")).toBeUndefined();
  });
});

describe("phrasesOf", () => {
  it("ends a phrase before the verb after 'does', joins 'of', and leaves 'what' asking for a subject alone", () => {
    expect(phrasesOf("What tools does your tool shed hold?").map((p) => p.said)).toEqual(["the tools", "your tool shed"]);
    expect(phrasesOf("what kinds of cake can I order?").map((p) => p.said)).toEqual(["the kinds of cake"]);
    expect(phrasesOf("Who or what rings the bells?").map((p) => p.said)).toEqual(["the bells"]);
  });
});

describe("partsRead with a pronoun", () => {
  it("reads a later part with its own subject words through the earlier part's phrase, keeping the plain part as its other reading", () => {
    expect(partsRead("How heavy can a parcel be, and does it need a paper stamp on the front cover?")[1]).toEqual({
      text: "does a parcel need a paper stamp on the front cover?",
      carried: true,
      otherwise: "does it need a paper stamp on the front cover?",
    });
  });
});

describe("phrasesOf with an adverb", () => {
  it("ends the subject after 'do' at an adverb before its verb", () => {
    expect(phrasesOf("when do the boats actually leave the harbour?").map((p) => p.said)).toEqual(["the boats", "the harbour"]);
    expect(readWithAntecedent("when do the boats actually leave?", "how long does one take?")).toBe("how long does a boat take?");
  });
});
