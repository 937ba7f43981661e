// A question of the sanctuary's hemispheres told as a scene (a place, its month and weather, what the service said) is
// answered by the guide's sentence on the hemisphere a little under the plain floor (search/quotable.ts
// PLACE_HALF_COVERED); a question of the weather alone is not. Sentences and questions written for this test.
import { describe, expect, it } from "vitest";
import { withPlaceHalves } from "../../search/place-words.ts";
import { chooseWith, PIECE_HELD, PLACE_HALF_COVERED } from "../../search/quotable.ts";
import { HAND_SCORER } from "../../search/sentence-score.ts";
import { sentence } from "../helpers/candidates.ts";

const hemisphereRule = (meaning: number) =>
  sentence("Your season follows your hemisphere, and your hemisphere follows the timezone you give.", { meaning, pageRank: 4 });
const chosenFor = (question: string, meaning: number) =>
  chooseWith(
    withPlaceHalves(question),
    [hemisphereRule(meaning)],
    { count: 3, expansions: null, scorer: HAND_SCORER, wordsOnly: false },
    { pieceShare: 0.75, pieceHeld: PIECE_HELD },
  );

describe("a question of the sanctuary's hemispheres short of the plain floor", () => {
  const service = "It's December and sunny in Auckland, but the service kept talking about frost and the longest night. What is going on?";

  it("is answered by the hemisphere between its own floor and the plain one", () => {
    const { chosen, score } = chosenFor(service, 0.7);
    expect(score).toBeGreaterThanOrEqual(PLACE_HALF_COVERED);
    expect(score).toBeLessThan(HAND_SCORER.covered);
    expect(chosen).toHaveLength(1);
  });

  it("is not answered below its floor, nor when it asks after the weather rather than the sanctuary", () => {
    expect(chosenFor(service, 0.2).chosen).toEqual([]);
    expect(chosenFor(service.replace("the service", "the radio"), 0.7).chosen).toEqual([]);
  });
});
