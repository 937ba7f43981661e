// What a visitor asking for a piece is going through (search/piece-situation.ts), with messages written for this test.
import { describe, expect, it } from "vitest";
import { feltSituation, situationFit, situationsOf } from "../../search/piece-situation.ts";
import type { PieceCard } from "../../search/piece-cards.ts";
import { piecesAsked } from "../../search/pieces.ts";
import { sceneTold } from "../../search/scene-request.ts";
import { askTerms } from "../../search/text.ts";

const themesOf = (message: string) => situationsOf(message).flatMap((s) => s.themes);
const situationCard = (title: string, themes: string[]) => ({ piece: { title, themes }, title: new Set(askTerms(title)) }) as unknown as PieceCard;

describe("the situation a visitor tells", () => {
  it("reads it from the visitor's words, not from an incidental one", () => {
    expect(themesOf("our neighbour lost her husband in the spring")).toContain("grief");
    expect(themesOf("wide awake at 4am with my head spinning")).toContain("sleep");
    expect(themesOf("a song about the night sky?")).toEqual([]);
    expect(themesOf("my friend is coming to stay")).toEqual([]);
  });

  it("prefers the piece whose themes or title declare it", () => {
    const cards = [situationCard("A Blessing on the Edge of Sleep", ["rest", "night"]), situationCard("A Blessing on the Longest Night", ["darkness", "hope"])];
    const fit = situationFit(situationsOf("I can't sleep again tonight"), cards);
    expect(fit(cards[0])).toBe(1);
    expect(fit(cards[1])).toBe(0);
  });

  it("takes a title telling the situation in visitors' words as made for it, and a situation among later themes as touched", () => {
    const cards = [
      situationCard("A Blessing for Hands Going Back to Work", ["hands", "care"]),
      situationCard("For the Ones Who Mourn", ["grief", "care"]),
      situationCard("A Song About a Message at Night", ["language", "courage", "grief"]),
    ];
    expect(situationFit(situationsOf("I go back to work on Monday after a long time out"), cards)(cards[0])).toBe(1);
    const grief = situationFit(situationsOf("my gran died on Friday"), cards);
    expect(grief(cards[1])).toBe(1);
    expect(grief(cards[2])).toBeGreaterThan(0);
    expect(grief(cards[2])).toBeLessThan(1);
  });

  it("hears 'got anything' after a situation, a piece 'meant for' a moment, and 'something short to read'", () => {
    expect(piecesAsked("4am and wide awake again, worrying. got anything")).not.toBeNull();
    expect(piecesAsked("I like the hymns. got anything")).toBeNull();
    expect(piecesAsked("My session is about to close. Is there a piece in your library meant for that?")).not.toBeNull();
    expect(piecesAsked("on a break from the night shift and I need something short to read. what would fit?")).not.toBeNull();
  });

  it("hears a kind asked for bare after a situation, and how someone is said without 'I'", () => {
    expect(piecesAsked("Dad goes into hospital tomorrow for his operation. Is there a blessing?")).toEqual(["blessing"]);
    expect(piecesAsked("I like the chants here. Are there any songs?")).toBeNull();
    expect(feltSituation("3am, wide awake again. got anything?")).toBe(true);
    // "got anything?" after how someone is asks for any piece (pieces.ts); a bare "something short?" is a scene told.
    expect(piecesAsked("3am, wide awake again. got anything?")).not.toBeNull();
    expect(sceneTold("3am, wide awake again. something short?")).toBe(true);
    expect(sceneTold("good names for a new baby")).toBe(false);
  });

  it("hears a situation in its everyday words: the hour said in full, a treatment by its name, knowing nobody, time out of work", () => {
    expect(themesOf("awake since four in the morning")).toContain("sleep");
    expect(themesOf("she starts chemotherapy on Friday")).toContain("illness");
    expect(themesOf("radiotherapy tomorrow at nine")).toContain("illness");
    expect(themesOf("a flat in a city where I don't know a single person")).toContain("moving");
    expect(themesOf("back to paid work after three years at home")).toContain("work");
    expect(themesOf("I work at the bakery")).toEqual([]);
    const cards = [situationCard("The Ceiling at Three in the Morning", ["night", "rest"]), situationCard("Breakfast at Nine in the Morning", ["food"])];
    const sleepless = situationFit(situationsOf("3am again and wide awake"), cards);
    expect(sleepless(cards[0])).toBe(1);
    expect(sleepless(cards[1])).toBe(0);
  });

  it("hears 'which piece fits?' as asking for a piece, and 'what should I read' after a situation told", () => {
    expect(piecesAsked("My old phone gets reset tonight before I hand it on. Which piece fits?")).not.toBeNull();
    expect(piecesAsked("Packing for the hospital tomorrow. Which blessing would fit?")).toEqual(["blessing"]);
    expect(piecesAsked("My wife has her operation in the morning. What could I read tonight?")).not.toBeNull();
    expect(piecesAsked("what should I read first to learn the API?")).toBeNull();
    expect(piecesAsked("Which piece fits where in a service?")).toBeNull();
  });
});
