// Whether what answers a question of the visitor's life speaks to its own subject (search/subject-fit.ts over
// search/subject-held.ts), and the honest answer when nothing does: "nothing written for this yet", the nearest pieces
// listed as reading, never quoted. Questions written for this test, none from an evaluation set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractiveAnswer, groundAnswer, UNWRITTEN } from "../../search/answer.ts";
import { askSources } from "../../search/ask-library.ts";
import { judgeAnswer } from "../../search/ask-eval.ts";
import { NOTHING } from "../../search/grounding.ts";
import type { Hit } from "../../search/index.ts";
import { holdsRarest, SUBJECT_SHARE, sentenceSpeaks, speaksToSubject, subjectShare, type SubjectEvidence } from "../../search/subject-fit.ts";
import { pieceDeclares, subjectHeld, subjectWords, titleHolds, type HeldWord } from "../../search/subject-held.ts";
import { askTerms } from "../../search/text.ts";
import { pieceCard } from "../helpers/piece-cards.ts";
import { realLibraryIndex, type RealIndex } from "../helpers/search-index.ts";

/** Evidence that holds nothing, to be given one signal at a time. */
const noEvidence: SubjectEvidence = { held: [], share: 0, fit: 0, titleWords: 0, rarest: false };
const heldWord = (term: string, weight: number, pieces: number, share: number): HeldWord => ({ term, weight, pieces, share });

describe("whether a piece or sentence speaks to the question's subject", () => {
  it("does when made for the situation told, named in two title words, holding a share of the subject or its rarest word", () => {
    expect(speaksToSubject(noEvidence)).toBe(false);
    expect(speaksToSubject({ ...noEvidence, fit: 1 })).toBe(true);
    expect(speaksToSubject({ ...noEvidence, fit: 0.5 })).toBe(false);
    expect(speaksToSubject({ ...noEvidence, titleWords: 2 })).toBe(true);
    expect(speaksToSubject({ ...noEvidence, titleWords: 1 })).toBe(false);
    expect(speaksToSubject({ ...noEvidence, share: SUBJECT_SHARE })).toBe(true);
    expect(speaksToSubject({ ...noEvidence, rarest: true })).toBe(true);
  });

  it("does by one word few pieces declare, held as itself; not by a mood many declare, nor through a loose link", () => {
    expect(speaksToSubject({ ...noEvidence, held: [heldWord("dog", 1, 17, 0.037)] })).toBe(true);
    expect(speaksToSubject({ ...noEvidence, held: [heldWord("night", 1, 106, 0.231)] })).toBe(false);
    // A situation's word linked by a stem it shares by chance ("nursing" for a nurse) is too loose a link.
    expect(speaksToSubject({ ...noEvidence, held: [heldWord("newborn", 0.7, 12, 0.026)] })).toBe(false);
    // In a small library every word is declared by a large share of it: one piece alone still makes the word its own.
    expect(speaksToSubject({ ...noEvidence, held: [heldWord("glass", 1, 1, 0.25)] })).toBe(true);
  });

  it("weighs a sentence by the rare words it holds alone: the guides' own words are shared by chance", () => {
    const subject = new Map([
      ["grandmoth", 5],
      ["visit", 5],
      ["see", 2],
    ]);
    // "visit" and "see" are the guides' words too: held, a guide sentence still holds under SUBJECT_SHARE of a subject rarer than them.
    expect(sentenceSpeaks(subject, [heldWord("see", 1, 30, 0.063)])).toBe(false);
    expect(sentenceSpeaks(subject, [heldWord("visit", 1, 3, 0.006), heldWord("grandmoth", 1, 4, 0.008)])).toBe(true);
    expect(subjectShare(subject, [heldWord("visit", 0.5, 3, 0.006)])).toBeCloseTo(2.5 / 12);
    expect(subjectShare(new Map(), [])).toBe(0);
  });

  it("holds the rarest word only as itself or through a strong link", () => {
    const subject = new Map([
      ["scalpel", 6],
      ["brother", 3],
    ]);
    expect(holdsRarest(subject, [heldWord("scalpel", 0.6, 2, 0.01)])).toBe(true);
    expect(holdsRarest(subject, [heldWord("scalpel", 0.4, 2, 0.01)])).toBe(false);
    expect(holdsRarest(subject, [heldWord("brother", 1, 2, 0.01)])).toBe(false);
  });
});

describe("what a piece declares of the question", () => {
  const cards = [
    pieceCard("blessing", "A Blessing for the Last Night in an Old House", "Boxes in the hall.", ["home", "endings"]),
    pieceCard("blessing", "A Blessing at the Wedding Meal", "Long love wished on a grandchild.", ["family", "marriage"]),
    pieceCard("prayer", "For the Night Shift", "The ward at three.", ["night", "work"]),
    pieceCard("prayer", "For a Friend's New Family", "A pram in the hall.", ["family", "friendship"]),
  ];
  const [house, wedding] = cards;
  const question = "We bring our adopted son home tomorrow, our first night as a family. Is there a blessing for that?";

  it("weighs a word none declares heaviest and holds what the title, summary and themes say", () => {
    const subject = subjectWords(question, cards);
    expect(subject.get(askTerms("adopted")[0])).toBeGreaterThan(subject.get(askTerms("family")[0])!);
    // The words of asking after a piece say nothing of its subject (piece-words.ts).
    expect(subject.has(askTerms("blessing")[0])).toBe(false);
    const held = subjectHeld(question, pieceDeclares(wedding), cards, new Map());
    expect(held.map((h) => h.term)).toEqual([askTerms("family")[0]]);
    expect(held[0].pieces).toBe(2);
    expect(holdsRarest(subject, held)).toBe(false);
    expect(titleHolds(question, house)).toBe(1);
  });

  it("counts a link only from HELD_LINK up: a word near in meaning does not hold the subject", () => {
    const adopted = askTerms("adopted")[0];
    const loose = new Map([[adopted, [[askTerms("grandchild")[0], 0.3] as const]]]);
    const strong = new Map([[adopted, [[askTerms("grandchild")[0], 0.6] as const]]]);
    expect(subjectHeld(question, pieceDeclares(wedding), cards, loose).some((h) => h.term === adopted)).toBe(false);
    expect(subjectHeld(question, pieceDeclares(wedding), cards, strong).find((h) => h.term === adopted)?.weight).toBe(0.6);
  });
});

describe("an answer with nothing written for it", () => {
  const nearbyHit = (title: string, pagePath: string): Hit => ({
    chunk: { id: title, page: title, title, pagePath, path: null, slug: null, category: "prayers", section: null, text: "" },
    score: 0.3,
    passages: [],
  });

  it("says so plainly, lists the nearest pieces without quoting them, says how one may be written, and is judged a decline", () => {
    const answer = extractiveAnswer({ ...NOTHING, unwritten: true, offered: [nearbyHit("For the Night Shift", "/docs/prayers/for-the-night-shift")] });
    expect(answer.startsWith(UNWRITTEN)).toBe(true);
    expect(answer).toContain('- "For the Night Shift", at /docs/prayers/for-the-night-shift');
    expect(answer).not.toMatch(/^>/m);
    expect(answer).toMatch(/feedback/);
    expect(answer).toMatch(/contribute/);
    expect(judgeAnswer(answer, ["Night Shift"]).notCovered).toBe(true);
    expect(extractiveAnswer({ ...NOTHING, unwritten: true })).not.toMatch(/nearest/);
  });
});

describe("asked of the library", () => {
  let real: RealIndex;
  beforeAll(async () => {
    real = await realLibraryIndex();
  }, 180_000);
  afterAll(() => real?.close());

  async function askedOfLibrary(question: string) {
    const hits = await real.index.search(question, 5);
    const grounding = await groundAnswer(real.index.embedder, question, hits, real.index.expansions, askSources(real.library));
    return { grounding, answer: extractiveAnswer(grounding) };
  }

  it("offers what stands near a request the library has nothing written for, and names the piece made for one it has", async () => {
    const greyhound = await askedOfLibrary("We are adopting a rescue greyhound next week. Is there a blessing for bringing her home?");
    expect(greyhound.grounding.covered).toBe(false);
    expect(greyhound.grounding.unwritten).toBe(true);
    expect(greyhound.answer.startsWith(UNWRITTEN)).toBe(true);
    expect(greyhound.grounding.offered?.length).toBeGreaterThan(0);
    const toast = await askedOfLibrary("My brother is getting remarried and I have to give a toast. How do I write it?");
    expect(toast.grounding.unwritten).toBe(true);
    const moving = await askedOfLibrary("The van comes at eight tomorrow and tonight is our last night in the old house. Is there a blessing for it?");
    expect(moving.grounding.covered).toBe(true);
    expect(moving.answer).toContain("A Blessing for the Last Night in an Old House");
  });

  it("still refuses a question the library is not about, with no piece offered", async () => {
    const { grounding, answer } = await askedOfLibrary("How do I fix a leaking tap in my kitchen?");
    expect(grounding.unwritten).toBeFalsy();
    expect(grounding.offered ?? []).toEqual([]);
    expect(answer).not.toContain(UNWRITTEN);
  });
});
