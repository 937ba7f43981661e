// excerptOf flattens only a prefix of the text: it must cut exactly where flattening the whole text would.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { excerptOf, fromSentenceStart } from "../../search/chunks.ts";

/** The plain rule, over the whole text: the reference the prefix-reading version must agree with. */
function wholeTextExcerpt(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= limit) return flat;
  const cut = flat.lastIndexOf(" ", limit);
  return `${flat.slice(0, cut > limit * 0.6 ? cut : limit).replace(/[,;:.\s]+$/, "")}…`;
}

// Words, punctuation and whitespace runs of every length, long runs included (they make the prefix grow).
const piece = fc.oneof(
  fc.constantFrom("word", "a", "longerword", "é", "😀", ",", ".", ";", ":"),
  fc.string({ unit: fc.constantFrom(" ", "\n", "\t", "\u00a0", "\u2003"), minLength: 1, maxLength: 900 }),
);

describe("excerptOf", () => {
  it("cuts where flattening the whole text would, for any text and limit (1,000 cases)", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 400 }), fc.integer({ min: 1, max: 400 }), (pieces, limit) => {
        const text = pieces.join(pieces.length % 3 ? " " : "");
        expect(excerptOf(text, limit)).toBe(wholeTextExcerpt(text, limit));
      }),
      { numRuns: 1000 },
    );
  });

  it("keeps a short text whole and ends a long one with an ellipsis at a word", () => {
    expect(excerptOf("  a quiet   room \n")).toBe("a quiet room");
    const long = "stillness ".repeat(60);
    const cut = excerptOf(long);
    expect(cut.endsWith("stillness…")).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(301);
  });
});

describe("fromSentenceStart", () => {
  it("drops the tail of a sentence begun in the passage before, and keeps a passage that opens a sentence", () => {
    expect(fromSentenceStart("all. The color of the leaves turns.")).toBe("The color of the leaves turns.");
    expect(fromSentenceStart("  of the hour, said twice.” Then silence. More.")).toBe("Then silence. More.");
    expect(fromSentenceStart("Services begin every four hours. all of them.")).toBe("Services begin every four hours. all of them.");
    // No sentence ends near the start: the text is kept rather than emptied.
    expect(fromSentenceStart("a line of verse without an end")).toBe("a line of verse without an end");
  });
});
