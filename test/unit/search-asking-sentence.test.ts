// The sentence of a message that asks, apart from the scene before it (search/asking-sentence.ts).
import { describe, expect, it } from "vitest";
import { askingSentence } from "../../search/asking-sentence.ts";

describe("askingSentence", () => {
  it("is the last sentence ending in a question mark, after a scene", () => {
    expect(askingSentence("My dad died in March. Can strangers see the words I leave?")).toBe("Can strangers see the words I leave?");
    expect(askingSentence("Loved last night's reading. How long before it comes back? Thanks!")).toBe("How long before it comes back?");
  });

  it("is the question asked first, with the reason for asking after it", () => {
    expect(askingSentence("roughly how long does one service run? I need to set a sensible timeout on my client")).toBe(
      "roughly how long does one service run?",
    );
    expect(askingSentence("Can I leave the same words again next week? It's a line I say for her every Sunday.")).toBe(
      "Can I leave the same words again next week?",
    );
  });

  it("is nothing for one sentence, a message that asks nothing, or an asking sentence naming too little", () => {
    expect(askingSentence("Can strangers see the words I leave after a service?")).toBeUndefined();
    expect(askingSentence("My dad died in March. I miss him.")).toBeUndefined();
    expect(askingSentence("The house is so quiet since the cat died. Got anything?")).toBeUndefined();
    expect(askingSentence("Is it public? I hope not.")).toBeUndefined();
  });
});
