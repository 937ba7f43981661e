import { describe, expect, it } from "vitest";
import { oneEditFrom, spelledAsLibrary, withApostrophes } from "../../search/spelling.ts";

// A small library's words with their counts, and WordNet's links for a few real words it never uses.
const vocabulary = new Map([
  ["service", 40],
  ["services", 12],
  ["reflection", 20],
  ["congregation", 5],
  ["phone", 3],
  ["capitals", 1],
]);
const expansions = new Map([["goldfish", JSON.stringify([["fish", 0.5]])]]);

describe("a slip of the keyboard", () => {
  it("lists the words one edit away: dropped, added, changed and swapped letters", () => {
    const near = oneEditFrom("sevice");
    expect(near.has("service")).toBe(true);
    expect(oneEditFrom("reflectoin").has("reflection")).toBe(true);
    expect(oneEditFrom("congregaton").has("congregation")).toBe(true);
    expect(near.has("sevice")).toBe(false);
  });

  it("is read as the library's word, the question otherwise as typed", () => {
    expect(spelledAsLibrary("How long does a sevice last?", vocabulary, expansions)).toBe("How long does a service last?");
    expect(spelledAsLibrary("how long can a reflectoin be", vocabulary, expansions)).toBe("how long can a reflection be");
  });

  it("leaves real words, short words, other first letters and other forms of one stem alone", () => {
    // WordNet knows it: a word the library lacks, not a slip.
    expect(spelledAsLibrary("a name for a goldfish", vocabulary, expansions)).toBe("a name for a goldfish");
    // "iphone" is one letter from "phone", but slips seldom fall on the first letter.
    expect(spelledAsLibrary("is there an iphone app", vocabulary, expansions)).toBe("is there an iphone app");
    // "capital" is "capitals" without its ending: another form, which ask's stems compare alike anyway.
    expect(spelledAsLibrary("the capital of France", vocabulary, expansions)).toBe("the capital of France");
    expect(spelledAsLibrary("a sevce", vocabulary, expansions)).toBe("a sevce");
  });

  it("leaves the question as typed before WordNet is at hand", () => {
    expect(spelledAsLibrary("How long does a sevice last?", vocabulary, null)).toBe("How long does a sevice last?");
  });

  it("writes a contraction typed without its apostrophe as it is meant", () => {
    expect(withApostrophes("whats in a service? im not sure, dont know")).toBe("what's in a service? I'm not sure, don't know");
    expect(withApostrophes("the session id and the whatsapp")).toBe("the session id and the whatsapp");
    expect(withApostrophes("list them pls, can u")).toBe("list them please, can you");
    expect(withApostrophes("hw long can it be? thx")).toBe("how long can it be? thanks");
    expect(spelledAsLibrary("whats in a sevice", vocabulary, null)).toBe("what's in a sevice");
  });
});
