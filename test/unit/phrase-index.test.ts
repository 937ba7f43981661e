// A page's phrase found through word positions (search/phrase-index.ts) must answer exactly as reading the page's
// text with `includes` did: phrases cut mid-word at either end, words two spaces apart, ends fitting many words.
import { describe, expect, it } from "vitest";
import { PhraseIndex } from "../../search/phrase-index.ts";

/** A small deterministic generator, so a failure can be replayed. */
function phraseSeeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const WORDS = "a an the go goes gone going ago ego home homes homeward come welcome be being maybe light lights still stillness end ending send".split(" ");
const noSlices = () => undefined;

describe("PhraseIndex", () => {
  const random = phraseSeeded(5);
  const pick = () => WORDS[Math.floor(random() * WORDS.length)];
  // Texts as memory-build.ts makes them: words joined by single spaces, where an empty part leaves two.
  const texts = Array.from({ length: 40 }, (_, p) => Array.from({ length: 5 + (p % 30) }, () => (random() < 0.05 ? "" : pick())).join(" "));

  it("answers every page as the text's includes does, for phrases cut anywhere", async () => {
    const index = await PhraseIndex.build(texts, noSlices);
    const phrases = new Set<string>();
    for (let k = 0; k < 400; k++) {
      // A piece of a text from one character to another, holding a space and starting and ending with a letter.
      const text = texts[Math.floor(random() * texts.length)];
      const from = Math.floor(random() * text.length);
      const piece = text.slice(from, from + 3 + Math.floor(random() * 25)).trim();
      if (/\S \S/.test(piece) && !piece.includes("  ")) phrases.add(piece);
      // And words never side by side, or absent from every text.
      phrases.add(Array.from({ length: 2 + (k % 4) }, () => (random() < 0.1 ? "nowhere" : pick())).join(" "));
    }
    let held = 0;
    for (const phrase of phrases) {
      const query = index.prepare(phrase);
      texts.forEach((text, p) => {
        expect(index.holds(p, query), `${JSON.stringify(phrase)} in page ${p}`).toBe(text.includes(phrase));
        if (text.includes(phrase)) held++;
      });
    }
    // Both answers occur often: the test would catch a finder that always says yes or always no.
    expect(held).toBeGreaterThan(300);
    expect(phrases.size * texts.length - held).toBeGreaterThan(300);
  });

  it("looks a two-word phrase up through its shorter end, and reads the text when both ends fit many words", async () => {
    // Ten words end with "e" and ten start with "h": "e h" is read from the text, "come home" looked up.
    const pages = ["we come home at the end", "one welcome homeward hill hand hope", "be stone tide ode hour hush hymn heart harbour", "go a be"];
    const index = await PhraseIndex.build(pages, noSlices);
    expect(index.prepare("come home").scan).toBe(false);
    expect(index.prepare("e h").scan).toBe(true);
    for (const phrase of ["come home", "e h", "ode hour", "e hy", "be st", "a be"]) {
      expect(
        pages.map((_, p) => index.holds(p, index.prepare(phrase))),
        phrase,
      ).toEqual(pages.map((text) => text.includes(phrase)));
    }
  });
});
