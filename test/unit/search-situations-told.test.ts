// Situations a visitor tells in words of their own (search/piece-situation.ts), the kinds named together
// (search/pieces.ts) and the family vocabulary both situations and subjects read (search/kin-words.ts). Messages
// written for this test.
import { describe, expect, it } from "vitest";
import { FAMILY, PETS } from "../../search/kin-words.ts";
import type { PieceCard } from "../../search/piece-cards.ts";
import { situationFit, situationsOf } from "../../search/piece-situation.ts";
import { piecesAsked } from "../../search/pieces.ts";
import { asksActingFor } from "../../search/subject-cues.ts";
import { askTerms } from "../../search/text.ts";

const toldThemes = (message: string) => situationsOf(message).flatMap((s) => s.themes);
const toldCard = (title: string, themes: string[]) => ({ piece: { title, themes }, title: new Set(askTerms(title)) }) as unknown as PieceCard;

describe("situations told in the visitor's own words", () => {
  it("reads a delay, an urge to answer back, the emergency department and a night shift", () => {
    expect(toldThemes("the bus is running forty minutes late and we're all stuck")).toContain("waiting");
    expect(toldThemes("my flight got cancelled and I'm stranded")).toContain("waiting");
    expect(toldThemes("his email got under my skin and I want to fire back")).toContain("compassion");
    expect(toldThemes("sat in A&E since lunchtime")).toContain("illness");
    expect(toldThemes("I work nights as a care assistant")).toContain("nursing");
    expect(toldThemes("a song about the night sky")).toEqual([]);
  });

  it("reads a closing session, rain after a dry spell, the news and something borrowed", () => {
    expect(toldThemes("my context will be cleared when this session ends")).toContain("conversation");
    expect(toldThemes("months of drought and then it finally rained")).toContain("drought");
    expect(toldThemes("I keep refreshing the news")).toContain("fear");
    expect(toldThemes("I borrowed her ladder in June")).toContain("borrowed");
    expect(toldThemes("returning to work after leave")).not.toContain("borrowed");
    expect(toldThemes("we buried him on friday")).toContain("grief");
  });

  it("fits the piece whose title names a situation that is no theme of the library", () => {
    const cards = [toldCard("When the Drought Breaks", ["earth", "water"]), toldCard("Rain on the Shed Roof", ["rain"])];
    const fit = situationFit(situationsOf("eight months of drought, then rain"), cards);
    expect(fit(cards[0])).toBe(1);
    expect(fit(cards[1])).toBeLessThan(0.5);
  });

  it("weighs an old pet's age beside a fear told with it", () => {
    const cards = [toldCard("For an Old Hound", ["aging", "animals"]), toldCard("When the Headlines Come", ["fear"])];
    const fit = situationFit(situationsOf("my old dog is failing and I'm dreading it"), cards);
    expect(fit(cards[0])).toBe(fit(cards[1]));
  });
});

describe("kinds named together and a piece suited to a moment", () => {
  it("asks for every kind named", () => {
    expect(piecesAsked("is there a song or chant that fits a long drive at night?")).toEqual(["song", "chant"]);
    expect(piecesAsked("Any prayer or a blessing for my sister's wedding?")).toEqual(["prayer", "blessing"]);
    expect(piecesAsked("Is there a closing piece suited to the end of a long shift?")).not.toBeNull();
  });
});

describe("one family vocabulary", () => {
  it("names the same people for a loss and for an agent acting for someone", () => {
    expect(new RegExp(`^${FAMILY}$`).test("grandad")).toBe(true);
    expect(new RegExp(`^${PETS}$`).test("dog")).toBe(true);
    expect(toldThemes("we lost our grandad in May")).toContain("grief");
    expect(asksActingFor("my agent attends for my grandad")).toBe(true);
  });
});
