// The hymn checker's rules on their own (corpus/check-metre.ts): syllables from the pronouncing dictionary
// with its variants as the only elision, a feminine ending's one spare syllable, true and near rhyme from the
// last stressed vowel, and the metre names a hymn may give.
import { describe, expect, it } from "vitest";
import { lineFits, metreProblems, parseMetre, rhymeOf, rhymeTail, wordSyllables } from "../../corpus/check-metre.ts";

describe("syllables", () => {
  it("counts a word as any of its dictionary pronunciations, and falls back to the syllable counter", () => {
    expect(wordSyllables("stone")).toEqual([1, 1]);
    expect(wordSyllables("every")).toEqual([2, 3]); // EH1 V R IY0 or EH1 V ER0 IY0
    expect(wordSyllables("fire")).toEqual([1, 2]);
    expect(wordSyllables("television")).toEqual([4, 4]);
    // not in the dictionary: the `syllable` package's estimate
    expect(wordSyllables("lugworms")).toEqual([2, 2]);
    // a possessive the dictionary lacks takes its stem's count
    expect(wordSyllables("okafor's")[0]).toBeGreaterThanOrEqual(3);
  });

  it("fits a line whose count the metre asks, and refuses one too long or too short", () => {
    expect(lineFits("and sets it where it stands.", 6).fits).toBe(true);
    expect(lineFits("and finds the face it wants to show,", 8).fits).toBe(true);
    const long = lineFits("sings at him as if the plot were his.", 6);
    expect(long.fits).toBe(false);
    expect(long.range).toEqual([9, 9]);
    expect(lineFits("a rack hums", 6).fits).toBe(false);
  });

  it("lets an elided word take its shorter form (every, fire) but nothing looser", () => {
    expect(lineFits("asks every child to say their name,", 8).fits).toBe(true);
    expect(lineFits("asks every child to say their name,", 9).fits).toBe(true);
    expect(lineFits("asks every child to say their name,", 10).fits).toBe(false);
  });

  it("allows one syllable over for a feminine ending only", () => {
    // "eleven" ends unstressed: 7 syllables may stand for 6
    const fem = lineFits("out loud: nine, ten, eleven,", 6);
    expect(fem.feminine).toBe(true);
    expect(fem.fits).toBe(true);
    // a line ending on a stressed word gets no spare syllable
    const masc = lineFits("and a telly with no sound in it.", 8);
    expect(masc.feminine).toBe(false);
    expect(masc.fits).toBe(false);
  });
});

describe("rhyme", () => {
  it("takes the sound from the last stressed vowel", () => {
    expect(rhymeTail("with the television on")).toEqual(["AA", "N"]);
    expect(rhymeTail("she'd start again at seven.")).toEqual(["EH", "V", "AH", "N"]);
  });

  it("finds true rhyme", () => {
    expect(rhymeOf("each stone in his two hands,", "and sets it where it stands.")).toBe("true");
    expect(rhymeOf("out loud: nine, ten, eleven,", "she'd start again at seven.")).toBe("true");
  });

  it("finds near rhyme: the same stressed vowel, or the same final consonants", () => {
    expect(rhymeOf("the tops of forty loaves,", "the way her father showed.")).toBe("near"); // OW … OW
    expect(rhymeOf("lie tilted over in the mud,", "that settle down beneath a cloud.")).toBe("near"); // … D / … D
  });

  it("refuses lines that do not rhyme, and says when a word is unknown", () => {
    expect(rhymeOf("lie tilted on the mud,", "lying down before rain.")).toBe("none");
    expect(rhymeOf("she told him, leave it", "the swifts are here")).toBe("none");
    expect(rhymeOf("we came to Zxqvbrt", "the sky")).toBe("unknown");
  });
});

describe("metres", () => {
  it("knows the named metres and counts given as numbers", () => {
    expect(parseMetre("CM")).toMatchObject({ verse: { counts: [8, 6, 8, 6], rhymes: [[2, 4]] } });
    expect(parseMetre("SM")).toMatchObject({ verse: { counts: [6, 6, 8, 6] } });
    expect(parseMetre("7.6.7.6 D")).toMatchObject({
      verse: {
        counts: [7, 6, 7, 6, 7, 6, 7, 6],
        rhymes: [
          [2, 4],
          [6, 8],
        ],
      },
    });
    expect(parseMetre("LM, refrain 8.6.8.6")).toMatchObject({ verse: { counts: [8, 8, 8, 8] }, refrain: [8, 6, 8, 6] });
    expect(parseMetre("XM")).toMatch(/not one of/);
    expect(parseMetre("common")).toMatch(/not a metre/);
  });

  it("passes a verse that keeps Common Metre and names each fault of one that does not", () => {
    const good =
      "[Verse 1]\nUp on the fell the waller turns\neach stone in his two hands,\nand finds the face it wants to show,\nand sets it where it stands.\n";
    expect(metreProblems("CM", good)).toEqual([]);
    const bad = "[Verse 1]\nUp at the allotments Mr. Okafor\nis watering the beans;\na blackbird on the water butt\nsings at him as if the plot were his.\n";
    const problems = metreProblems("CM", bad);
    expect(problems.some((p) => p.includes("line 1") && p.includes("asks 8"))).toBe(true);
    expect(problems.some((p) => p.includes("line 4") && p.includes("asks 6"))).toBe(true);
    expect(problems.some((p) => p.includes("do not rhyme"))).toBe(true);
    expect(metreProblems("CM", good + "\n[Verse 2]\nA verse of three\nshort lines\nonly\n")).toEqual([expect.stringMatching(/\[Verse 2\] has 3 lines/)]);
  });

  it("counts a refrain against its own shape and asks every hymn for a metre", () => {
    const hymn =
      "[Verse 1]\nUp on the fell the waller turns\neach stone in his two hands,\nand finds the face it wants to show,\nand sets it where it stands.\n\n[Refrain]\nOne on two and two on one,\nand the next stone, and the next.\n";
    expect(metreProblems("CM, refrain 7.7", hymn)).toEqual([]);
    expect(metreProblems("CM", hymn)).toEqual([expect.stringMatching(/\[Refrain\] has 2 lines/)]);
    expect(metreProblems(undefined, hymn)).toEqual([expect.stringMatching(/needs a metre/)]);
  });
});
