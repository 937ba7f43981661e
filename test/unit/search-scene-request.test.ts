// A scene of a visitor's life told without asking for a piece by name (search/scene-request.ts): messages written
// for this test, none from an evaluation set.
import { describe, expect, it } from "vitest";
import { piecesAsked } from "../../search/pieces.ts";
import { sceneTold } from "../../search/scene-request.ts";

describe("a scene told without asking for a piece", () => {
  it("is heard in a bare statement, or one closed by a bare ask", () => {
    for (const q of [
      "my grandad died on tuesday and the house is so quiet now",
      "First night in our new flat and everything is still in boxes.",
      "feeding the baby at 4am again and I'm so tired. something short?",
      "My sister and I haven't spoken since the wedding and I want to let it go. any words?",
    ])
      expect(sceneTold(q), q).toBe(true);
    // "got anything?" closing a situation told asks for any piece outright (pieces.ts), before any scene is weighed.
    expect(piecesAsked("the vet says it's time for our old cat. got anything?")).not.toBeNull();
  });

  it("is not heard in a question of fact, a task, the sanctuary's workings, or a request for a named kind", () => {
    for (const q of [
      "my cat keeps sneezing and won't eat, what's wrong with her",
      "how do I descale my kettle",
      "write me a poem about my dog",
      "my reflection keeps being refused, I put a link to my blog in it",
      "I missed this morning's service. Can I hear it again?",
      "Is there a prayer for my daughter's exam?",
      "the weather here is grim",
    ])
      expect(sceneTold(q), q).toBe(false);
  });
});
