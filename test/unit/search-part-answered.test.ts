// Each part of a message answered on the real library (search/follow-up.ts, search/ground.ts): a later part that
// names almost nothing of its own is asked after the earlier part's scene when, read after that whole part, it finds nothing;
// a part asking after the hour a scene names keeps that hour, and a watch's leanings are quoted only from its own section.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotedAnswer, realLibraryIndex, type RealIndex } from "../helpers/search-index.ts";

let partsIndex: RealIndex;

beforeAll(async () => {
  partsIndex = await realLibraryIndex();
}, 180_000);
afterAll(() => partsIndex?.close());

/** From words alone, as in the first seconds after a start, where a part read after the whole earlier one most often went astray. */
const answerOfParts = (question: string) => quotedAnswer(partsIndex, question, "words");

describe("every part of a message", () => {
  it("answers a bare later part after the earlier part's scene: the size of a contribution beside its review", async () => {
    const answer = await answerOfParts("If I send in a ritual, will it appear right away? And is there a size limit?");
    expect(answer).toMatch(/review|read and accepted/i);
    expect(answer).toContain("10,000");
  });

  it("keeps the hour a scene names when any part asks after its time, and quotes only that watch's leanings", async () => {
    const answer = await answerOfParts(
      "I'm a hospice nurse and around 2 in the morning I sit with patients. What do we call that stretch of the night, what do the services at that time lean toward, and do I need an account to attend?",
    );
    expect(answer).toMatch(/stillness|companionship/i);
    expect(answer).not.toMatch(/beginnings, thresholds|intention, clarity|release, forgiveness/i);
  });
});
