// What a "how long" is about (search/length-kind.ts), the piece read as what the guides call it (length-words.ts),
// and a cap's count, a size given and what follows a cap (limit-words.ts).
import { describe, expect, it } from "vitest";
import { cuesOf, lengthOf } from "../../search/answer-cues.ts";
import { answerTypeOf } from "../../search/answer-type.ts";
import { lengthAsked } from "../../search/length-kind.ts";
import { withLengthWords } from "../../search/length-words.ts";

describe("what a length is of", () => {
  it("hears a text's size in what one may write or send", () => {
    for (const q of [
      "how long can my contribution be?",
      "How long is a reflection allowed to be?",
      "how long can the name on my submission be?",
      "If I submit a prayer, how long can it be?",
      "What's the longest piece I can send in?",
      "is 3000 characters too long for a reflection?",
    ])
      expect(lengthAsked(q)).toBe("size");
  });

  it("hears a span of time in what lasts, waits or is kept", () => {
    for (const q of [
      "how long is a service usually?",
      "How long do the silences in a practice last?",
      "How long is my reflection on the feed?",
      "how long before the same reading can come round again",
    ])
      expect(lengthAsked(q)).toBe("time");
    expect(lengthAsked("Roughly how big a chunk of my evening will one gathering take up?")).toBe("time");
  });

  it("hears a piece's own running time in a song or chant that lasts", () => {
    expect(lengthAsked("how long does a single chant last?")).toBe("piece-time");
    expect(lengthAsked("How long is each song in a service?")).toBe("piece-time");
  });

  it("narrows the length's cue to the units of its kind", () => {
    const size = cuesOf("how long can my contribution be?")[0];
    expect(size.strong.test("the content up to 10,000 characters of markdown")).toBe(true);
    expect(size.strong.test("A service is between 15 and 40 minutes long")).toBe(false);
    const time = cuesOf("How long does a service last?")[0];
    expect(time.strong.test("A reflection is a short public text, 20 to 1000 characters")).toBe(false);
    expect(time.strong.test("A service is between 15 and 40 minutes long")).toBe(true);
    expect(cuesOf("how long does a chant last?")[0].strong.test("The length of each part, in seconds, is given beside it")).toBe(true);
  });

  it("reads a piece one sends as a contribution, only when its size is asked", () => {
    expect(withLengthWords("If I submit a prayer, how long can it be?")).toBe("If I submit a prayer (contribution), how long can it be?");
    expect(withLengthWords("How long does a chant last?")).toBe("How long does a chant last?");
    expect(withLengthWords("Can I submit a prayer?")).toBe("Can I submit a prayer?");
  });
});

describe("a size given, a cap's count and what follows a cap", () => {
  it("reads a size given in characters before a yes or no as a limit asked", () => {
    expect(answerTypeOf("I wrote a 15,000 character practice. Can I submit all of it?")).toBe("duration");
    expect(lengthOf("I wrote a 15,000 character practice. Can I submit all of it?")).toBe("size");
    expect(answerTypeOf("I wrote a practice. Can I submit it?")).toBe("yes/no");
    expect(answerTypeOf("my poem runs to about 12k characters, will the endpoint accept it?")).toBe("duration");
    expect(lengthOf("Can I write a really long reflection, like several pages?")).toBe("size");
  });

  it("reads a maximum number, as much as one likes, or a count one means to send as a cap's count", () => {
    for (const q of [
      "what's the max number of questions I can ask per hour?",
      "can I search as much as I like?",
      "Could I send twenty contributions in one go?",
    ])
      expect(cuesOf(q)[0].strong.test("five reflections an hour")).toBe(true);
    expect(answerTypeOf("can I search as much as I like?")).toBe("count");
  });

  it("answers a reset or a block by the wait, not by any rule said plainly", () => {
    const cues = cuesOf("Do the limits reset, or am I blocked for good once I hit one?");
    expect(cues.some((c) => c.strong.test('Those counters exist only to say "please wait a little" and expire when the hour is up.'))).toBe(true);
    expect(cues.some((c) => c.strong.test("Search queries are never logged."))).toBe(false);
  });
});
