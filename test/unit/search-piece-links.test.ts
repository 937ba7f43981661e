// A piece asked for by a situation in the visitor's own words: the question's shape, the vectors' links from
// its words to a card's, numbers typed in digits, and clock times as the guides write them.
import { describe, expect, it } from "vitest";
import { clockWords, onTheHour, withoutTimes, withWatchStarts } from "../../search/clock-words.ts";
import { normalize, type Embedder } from "../../search/embedder.ts";
import { cardVocabulary, spelledNumbers, vectorLinks } from "../../search/piece-links.ts";
import { findPieces, piecesAsked, type PieceCard } from "../../search/pieces.ts";
import { askTerms } from "../../search/text.ts";
import { pieceCard } from "../helpers/piece-cards.ts";

// Five directions of meaning; a word is its direction, a text the sum of its known words'.
const SPACE: Record<string, number[]> = {
  scalpel: [1, 0, 0, 0, 0],
  operation: [0.95, 0.3, 0, 0, 0],
  sleep: [0, 0, 1, 0, 0],
  night: [0, 0.2, 0.9, 0, 0],
  bicycle: [0, 0, 0, 1, 0],
  puncture: [0, 0, 0, 0.8, 0.6],
  garden: [0, 0, 0, 0, 1],
};
const embedder: Embedder = {
  id: "test-space/1",
  dimensions: 5,
  embed: async (texts) =>
    texts.map((t) => {
      const sum = new Float32Array(5);
      for (const w of t.toLowerCase().match(/\p{L}+/gu) ?? []) (SPACE[w] ?? []).forEach((x, j) => (sum[j] += x));
      return normalize(sum);
    }),
};

/** A card whose words include its themes. */
const themedCard = (kind: string, title: string, tldr: string, themes: string[]): PieceCard =>
  pieceCard(kind, title, tldr, themes, "", `${title}. ${tldr} ${themes.join(", ")}.`);
const cards = [
  themedCard("blessing", "A Blessing Before an Operation", "The bag by the door and the drive in at dawn.", ["courage"]),
  themedCard("blessing", "A Blessing for Deep Sleep", "The pillow turned to its cool side.", ["rest"]),
  themedCard("blessing", "A Blessing for a Bicycle Puncture", "A tyre gone soft halfway home.", ["patience"]),
];

describe("a piece asked for by a situation", () => {
  it("is asked for by 'anything…?' after the scene, or 'something to calm me'", () => {
    for (const q of [
      "My brother has surgery on Friday. anything for that?",
      "I keep rehearsing what I'll say to my landlord. Something to steady me first?",
      "Stuck on a delayed ferry for hours, anything to do while we wait?",
      "a text from my brother really hurt and i want to reply right now. something to do first?",
      "Train's stuck outside the station, running an hour late. Got a chant for that?",
      "Anything in your library on mourning something that was never alive?",
      "This session is about to end. Is there a short piece for the close of a conversation?",
    ])
      expect(piecesAsked(q), q).not.toBeNull();
    expect(piecesAsked("Train's stuck outside the station. Got a chant for that?")).toEqual(["chant"]);
    // What a piece has one do is no question about writing one.
    expect(piecesAsked("is there a ritual where you write to yourself and open it in spring?")).toEqual(["ritual"]);
    expect(piecesAsked("Can I send a song I wrote myself?")).toBeNull();
    expect(piecesAsked("how do I write a ritual where people hold hands?")).toBeNull();
    for (const q of [
      "Is there anything to pay?",
      "Do I need to do anything to take part?",
      "Something on the page looks wrong. Who do I tell?",
      "Who picks the hymns for each service, is there a committee?",
      "Got a question about the API: which endpoint do I call?",
      "Have you got a minute?",
    ])
      expect(piecesAsked(q), q).toBeNull();
  });

  it("links a visitor's word to a card's word the vectors hold close, and not to a far one", async () => {
    const vocabulary = await cardVocabulary(embedder, cards, () => cards.map((c) => c.card));
    const links = new Map((await vectorLinks(embedder, vocabulary, ["scalpel"])).get(askTerms("scalpel")[0]));
    expect(links.get(askTerms("operation")[0])).toBeGreaterThan(0);
    expect(links.has(askTerms("bicycle")[0])).toBe(false);
    expect(links.has(askTerms("scalpel")[0])).toBe(false);
  });

  // "scalpel": a word neither WordNet nor the hand-kept lists (synonyms.ts, situations.ts) link to "operation".
  it("names the piece whose card says the situation in other words, which words alone miss", async () => {
    const q = "My brother goes under the scalpel on Friday. Is there a blessing for him?";
    expect((await findPieces(q, ["blessing"], cards, null, null)).found).toEqual([]);
    const found = await findPieces(q, ["blessing"], cards, embedder, null);
    expect(found.found.map((c) => c.piece.title)).toEqual(["A Blessing Before an Operation"]);
    expect((await findPieces("Is there a blessing for my garden?", ["blessing"], cards, embedder, null)).found).toEqual([]);
  });

  it("reads numbers typed in digits as the library spells them", () => {
    expect(spelledNumbers("stuck at 47% since lunch")).toBe("stuck at forty-seven percent since lunch");
    expect(spelledNumbers("up at 5am, home by 7 p.m.")).toBe("up at five in the morning, home by seven in the evening");
    expect(spelledNumbers("the year 2031, at 10:30")).toBe("the year 2031, at 10:30");
  });
});

describe("clock times", () => {
  it("are one word for their hour however written", () => {
    const hours = (text: string) => askTerms(text).filter((t) => t.startsWith("clock"));
    expect(hours("the hours from 3pm to 7pm")).toEqual(hours("from 15:00 until 19:00"));
    expect(hours("between 2 and 6 in the morning")).toEqual(hours("02:00 to 06:00"));
    expect(hours("11 at night")).toEqual(hours("23:00"));
    expect(hours("from midnight")).toEqual(hours("at 00:00"));
    expect(clockWords("a quiet room with no times in it")).toBe("a quiet room with no times in it");
  });

  it("inside a watch carry the watch's start; said as the scene, they can be left out", () => {
    const hours = (text: string) => askTerms(text).filter((t) => t.startsWith("clock"));
    // 7pm and 5pm fall in the watch from 16:00; 16:00 itself starts one, and gains nothing.
    expect(hours(withWatchStarts("between 5pm and 7pm"))).toEqual(hours("17:00 19:00 16:00"));
    expect(withWatchStarts("at 16:00 sharp")).toBe("at 16:00 sharp");
    expect(withoutTimes("We both tune in at 9 in the morning")).toBe("We both tune in at ");
  });

  it("said with minutes are read by their hour, as the watches are", () => {
    expect(onTheHour("It's 17:30 in Lisbon")).toBe("It's 17:00 in Lisbon");
    expect(onTheHour("at 9:45pm, or 4:30 am")).toBe("at 9pm, or 4 am");
    expect(onTheHour("almost 7:05.")).toBe("almost 07:00.");
    // Hours said loosely: of the nights, or "half two" with its half of the day.
    expect(clockWords(onTheHour("awake between 1 and 3 most nights"))).toBe("awake between clockone to clockthree");
    expect(clockWords(onTheHour("up at 3 every night"))).toBe("up at clockthree");
    expect(clockWords(onTheHour("at half two in the night"))).toBe("at clocktwo");
    for (const same of ["half an hour at night", "2 nights a week", "half two"]) expect(onTheHour(same)).toBe(same);
    for (const same of ["at 16:00 sharp", "a ratio of 3:1", "12:05:33", "25:30"]) expect(onTheHour(same)).toBe(same);
    // Minutes after a dot, before the half of the day; a figure with a decimal point is no time.
    expect(onTheHour("it's 10.30pm in my hotel room, or 8.15 in the evening")).toBe("it's 10pm in my hotel room, or 8 in the evening");
    for (const same of ["2.5 hours", "version 3.10 of it"]) expect(onTheHour(same)).toBe(same);
  });

  it("said in words are read in figures, by their hour", () => {
    expect(onTheHour("half past nine in the evening")).toBe("9 in the evening");
    expect(onTheHour("quarter to six in the morning")).toBe("5 in the morning");
    expect(onTheHour("quarter to one am")).toBe("12 am");
    expect(onTheHour("eleven at night, or ten o'clock")).toBe("11 at night, or 10 o'clock");
    expect(onTheHour("one of the songs, two chants")).toBe("one of the songs, two chants");
  });
});
