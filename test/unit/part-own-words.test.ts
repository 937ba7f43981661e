// A later part read with the part before is answered only by sentences holding the words it adds (search/part-own-words.ts).
import { describe, expect, it } from "vitest";
import type { Candidate } from "../../search/candidate.ts";
import { holdsPartOwn, wordsAdded } from "../../search/part-own-words.ts";

const candidateSaying = (sentence: string, more: Partial<Candidate> = {}): Candidate => ({
  sentence,
  heading: "",
  title: "How Reflections Work",
  context: "",
  pageRank: 0,
  position: 0,
  meaning: 0,
  leads: false,
  ...more,
});

describe("the words a later part adds", () => {
  const before = "how many questions can i send an hour?";
  const read = "how many questions can i send an hour. how long can the location be?";

  it("are those of its reading the earlier part does not hold", () => {
    expect(wordsAdded(read, before)).toEqual(["locat"]);
    expect(wordsAdded(before, before)).toEqual([]);
  });

  it("must be held by a sentence answering it, in itself, its heading or its unit's question", () => {
    const holds = holdsPartOwn(wordsAdded(read, before), read, null);
    expect(holds(candidateSaying("Each name may ask ten questions an hour."))).toBe(false);
    expect(holds(candidateSaying("A name and a location may each be up to 100 characters."))).toBe(true);
    expect(holds(candidateSaying("Up to 100 characters.", { question: "How long can my location be?" }))).toBe(true);
    expect(holds(candidateSaying("Up to 100 characters.", { asked: 0.6 }))).toBe(true);
  });

  it("leave every sentence to a part that adds none", () => {
    expect(holdsPartOwn([], before, null)(candidateSaying("Each name may ask ten questions an hour."))).toBe(true);
  });
});
