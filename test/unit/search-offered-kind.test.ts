// A visitor offering a piece of their own, read as the plain question it asks (search/offered-kind.ts), and a closed
// kind quoted with what is open (search/closed-open.ts).
import { describe, expect, it } from "vitest";
import { offeredKind } from "../../search/offered-kind.ts";
import { withWhatIsOpen } from "../../search/closed-open.ts";
import type { Chunk } from "../../search/chunks.ts";

describe("offeredKind", () => {
  it("asks whether the kind offered is open, whatever the story around it", () => {
    expect(offeredKind("I made up a blessing on the train this morning. May I post it to you?")).toBe("Can I contribute a blessing?");
    expect(offeredKind("I've written lyrics for my band, can I send them? If not, what else could I offer?")).toBe("Can I contribute a song?");
    expect(offeredKind("If chants aren't taken, what might I send instead?")).toBe("Can I contribute a chant?");
  });

  it("asks whether a closed kind is open when it is what is offered, whoever wrote it", () => {
    expect(offeredKind("Can I post a song to the library?")).toBe("Can I contribute a song?");
    expect(offeredKind("Do you accept chants from visitors?")).toBe("Can I contribute a chant?");
    expect(offeredKind("I wrote a song and would love to add it to the library, can I submit it?")).toBe("Can I contribute a song?");
    expect(offeredKind("Can I leave a reflection on a song?")).toBeUndefined();
    expect(offeredKind("Is there a blessing for my mum?")).toBeUndefined();
  });

  it("offers nothing to the library when what is posted is a reflection, whatever kind it is likened to", () => {
    expect(offeredKind("May I post one reflection each night, a little prayer of my own for him?")).toBeUndefined();
  });

  it("asks after original work when another's words are offered, whatever the credit given", () => {
    const others = "Can I submit something I didn't write?";
    expect(offeredKind("Can I submit a poem by Rumi if I credit him properly?")).toBe(others);
    expect(offeredKind("May I send in a prayer my grandmother wrote years ago?")).toBe(others);
    expect(offeredKind("Can I upload somebody else's essay to the library?")).toBe(others);
    expect(offeredKind("Could I contribute a hymn, with full credit to the poet?")).toBe(others);
    expect(offeredKind("I wrote a prayer for my grandmother. Can I send it in by Friday?")).toBe("Can I contribute a prayer?");
  });

  it("asks which kinds are open, for a question after the kinds one may send", () => {
    expect(offeredKind("Which sorts of pieces may agents submit?")).toBe("What kinds of pieces can I contribute?");
    expect(offeredKind("What kinds of pieces does a service hold?")).toBeUndefined();
  });

  it("leaves a message that asks anything else, or offers nothing of its own", () => {
    expect(offeredKind("I wrote a prayer. Can I submit it, and how long may it be?")).toBeUndefined();
    expect(offeredKind("I wrote a prayer; when will it appear?")).toBeUndefined();
    expect(offeredKind("Can I submit a prayer?")).toBeUndefined();
    expect(offeredKind("I wrote a poem about my cat. Is it any good?")).toBeUndefined();
  });
});

describe("withWhatIsOpen", () => {
  const passage = { page: "docs/how-to-contribute" } as Chunk;
  const sentenceAt = (sentence: string, position: number, heading = "What you can offer") => ({
    ...{ sentence, title: "How to Contribute", context: "", heading, pageRank: 0, position, meaning: 0, leads: false, guide: true },
    passage,
  });
  const list = sentenceAt("Pieces come in three kinds: poems; letters; lists.", 1);
  const closed = sentenceAt("Songs are not open at present.", 2);

  it("puts the list of what is open before the sentence saying what is closed", () => {
    expect(withWhatIsOpen([closed], [list, closed])).toEqual([list, closed]);
  });

  it("adds nothing from another section, nor a sentence that lists nothing", () => {
    expect(withWhatIsOpen([closed], [{ ...list, heading: "Elsewhere" }, closed])).toEqual([closed]);
    expect(withWhatIsOpen([closed], [sentenceAt("Pieces are welcome.", 1), closed])).toEqual([closed]);
  });
});
