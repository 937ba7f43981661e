// A how-to about living that tells its situation (search/how-to-live.ts situationAnswer, situation-answer.ts): answered
// or offered the pieces made for that situation and for whom it tells of, never a guide's sentence, a piece about an
// animal for a person, or one about a machine's life for a person's. Questions written for this test, none from an
// evaluation set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groundAnswer } from "../../search/answer.ts";
import { askSources } from "../../search/ask-library.ts";
import { pieceCards } from "../../search/pieces.ts";
import { madeForAny, situationsOf } from "../../search/piece-situation.ts";
import { asksHowToLive } from "../../search/scene-request.ts";
import { forWhomTold } from "../../search/situation-answer.ts";
import { realLibraryIndex, type RealIndex } from "../helpers/search-index.ts";

let real: RealIndex;
beforeAll(async () => {
  real = await realLibraryIndex();
}, 180_000);
afterAll(() => real?.close());

async function pagesOf(question: string) {
  const hits = await real.index.search(question, 5);
  const sources = askSources(real.library);
  const grounding = await groundAnswer(real.index.embedder, question, hits, real.index.expansions, sources);
  const pages = [...(grounding.covered ? grounding.passages : []), ...(grounding.offered ?? [])].map((h) => h.chunk);
  const themes = (page: string) => sources.cards.find((c) => c.piece.path === page)?.piece.themes ?? [];
  return { grounding, pages, themes };
}

describe("a how-to about living that tells its situation", () => {
  it("is read as one when asked as 'how am I supposed to…', and not when it names the library", () => {
    expect(asksHowToLive("My gran died in June. How am I supposed to carry on?")).toBe(true);
    expect(asksHowToLive("My husband died last year and I've written a prayer for him. I'd like to offer it to the library. How do I send it?")).toBe(false);
  });

  it("reads a setting told with another situation as that situation alone", () => {
    expect(situationsOf("How do I get through the long winter after my mum died?").map((s) => s.themes[0])).toEqual(["grief"]);
    expect(situationsOf("How do I get through the dark months?").map((s) => s.themes[0])).toEqual(["darkness"]);
  });

  it("keeps a piece about an animal from a person's loss, and one about a machine's life from a person's", () => {
    const cards = pieceCards(real.library);
    const dog = cards.find((c) => c.piece.themes.includes("animals") && c.piece.themes.includes("grief"))!;
    expect(forWhomTold("How do I get through the week after my dad died?", dog)).toBe(false);
    expect(forWhomTold("How do I get through the week after my dog died?", dog)).toBe(true);
    const agents = cards.find((c) => c.piece.themes.includes("waiting") && c.piece.themes.includes("code"))!;
    expect(forWhomTold("How do I get through the wait for my results?", agents)).toBe(false);
    expect(forWhomTold("How do I get through the wait while my migration runs?", agents)).toBe(true);
    expect(madeForAny(situationsOf("How do I get through the wait for my results?"), agents)).toBe(true);
  });

  it("is never answered by a guide, and quotes or offers pieces made for it", async () => {
    const { grounding, pages, themes } = await pagesOf("My grandad is dying in the hospice. How do I sit with him through the nights?");
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(page.category).not.toBe("docs");
    for (const page of pages) expect(themes(page.page)).not.toContain("animals");
    expect(pages.some((p) => themes(p.page).some((t) => ["grief", "illness", "vigil"].includes(t)))).toBe(true);
    expect(grounding.sentences.every((c) => !c.guide)).toBe(true);
  });

  it("offers the pieces for a person's wait, not an agent's, and a friendship gone quiet for kin fallen out", async () => {
    const wait = await pagesOf("How do I get through the wait for my scan results next week?");
    expect(wait.pages.length).toBeGreaterThan(0);
    for (const page of wait.pages) expect(wait.themes(page.page)).not.toContain("agents");
    expect(wait.pages.some((p) => wait.themes(p.page).includes("waiting"))).toBe(true);
    const fell = await pagesOf("My sister and I fell out two years ago. How do I live with that?");
    expect(fell.pages.map((p) => p.title)).toContain("For a Friendship That Went Quiet");
  });
});
