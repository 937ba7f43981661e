// Asking after a piece ("is there a prayer for…"): which questions do, and the piece found by its topic.
import { describe, expect, it } from "vitest";
import { answerTypeOf } from "../../search/answer-type.ts";
import { findPieces, PIECE_FLOOR, piecesAsked } from "../../search/pieces.ts";
import { synonymsOf } from "../../search/synonyms.ts";
import { askTerms, plainPhrases } from "../../search/text.ts";
import { pieceCard } from "../helpers/piece-cards.ts";

const cards = [
  pieceCard("prayer", "While She Sits the Exam", "A parent waiting in a car park while a daughter sits an exam.", ["parenthood", "waiting"]),
  pieceCard("prayer", "For Biscuit, Who Is Old Now", "An old dog asleep in a square of sun.", ["animals", "age"]),
  pieceCard("song", "Where the Old Dog Slept", "A worn patch in front of the stove: grief for a dog.", ["grief"], "a football on the lawn"),
  pieceCard("blessing", "A Blessing for New Glasses", "First day in new glasses, when the trees have leaves.", ["wonder"]),
];

describe("a piece's requests in visitors' words (corpus/asked.ts)", () => {
  it("find it where its title, summary and themes share no word with the visitor's", async () => {
    const treatment = (requests: string[]) =>
      pieceCard("blessing", "For the Night Before It", "A hospital bag by the door and a body asked to be brave.", ["courage"], "", undefined, requests);
    const question = "my dad starts chemo in the morning, any blessing for tonight?";
    expect((await findPieces(question, ["blessing"], [treatment([])], null, null)).found).toEqual([]);
    const asked = treatment(["is there a blessing for someone starting chemo tomorrow?", "my mum has her first radiotherapy session tomorrow, anything?"]);
    expect((await findPieces(question, ["blessing"], [asked], null, null)).found).toEqual([asked]);
    // A request about something else does not bring it in.
    expect((await findPieces("any blessing for my new puppy?", ["blessing"], [asked], null, null)).found).toEqual([]);
  });
});

describe("questions after a piece", () => {
  it("are told by the shape of asking and the kind named with its topic", () => {
    for (const q of [
      "Is there a prayer for someone sitting an exam?",
      "Do you have a song about an old dog?",
      "Any blessings for new glasses?",
      "What prayer could I say tonight?",
    ])
      expect(piecesAsked(q), q).not.toBeNull();
    expect(piecesAsked("Is there something in the library about an aging pet?")).toContain("song");
    // Where it is held, between the kind and what it is for, hides nothing.
    expect(piecesAsked("Is there a blessing in your library for someone who is grieving?")).toEqual(["blessing"]);
    expect(piecesAsked("The house is so quiet since the cat died. Is there anything here for that?")).toContain("song");
    expect(answerTypeOf("Is there a prayer for someone sitting an exam?")).toBe("piece");
    // The verb names the kind: "anything I could pray" wants a prayer or a blessing, "something to sing" a song.
    expect(piecesAsked("We are waiting outside the operating theatre. Is there anything I could pray while we wait?")).toEqual(["prayer", "blessing"]);
    expect(piecesAsked("Is there something to sing at a birthday?")).toEqual(["song", "hymn", "chant"]);
    for (const q of [
      "Are there any songs in a service?",
      "Can I submit a prayer?",
      "How long is a song?",
      "Something on the site seems broken. How do I say so?",
      "Is there a live stream?",
      "Can I send in a song I wrote?",
      "Where do I send a prayer I've written?",
      "How do I write my own chant?",
    ])
      expect(piecesAsked(q), q).toBeNull();
    // Writing or sending something other than a piece is the visitor's scene, and the piece is asked for all the same.
    expect(piecesAsked("I have to send my brother an apology. Is there a song for sitting down to write it?")).toEqual(["song"]);
    expect(piecesAsked("Is there a blessing I could send to my sister, who is ill?")).toEqual(["blessing"]);
  });

  it("are answered by the piece of that kind about the topic, or by none", async () => {
    const exam = await findPieces("My daughter is sitting an exam today. Is there a prayer for her?", ["prayer"], cards, null, null);
    expect(exam.found.map((c) => c.piece.title)).toEqual(["While She Sits the Exam"]);
    const dog = await findPieces("Is there a song about an old dog?", ["song"], cards, null, null);
    expect(dog.found[0].piece.title).toBe("Where the Old Dog Slept");
    // The asking sentence names the topic; the scene before it ("a square of sun", another card's words) weighs half.
    // (A scene that tells a situation, such as an old dog, lifts the pieces made for it: piece-situation.ts.)
    const scene = await findPieces(
      "The sun lay in a square on the floor all day. Is there a prayer for a daughter sitting an exam?",
      ["prayer"],
      cards,
      null,
      null,
    );
    expect(scene.found.map((c) => c.piece.title)).toEqual(["While She Sits the Exam"]);
    // A word only in a piece's body does not make it about that.
    expect((await findPieces("Is there a song about football?", ["song"], cards, null, null)).found).toEqual([]);
  });

  it("without vectors, name a piece whose summary holds a share of a long topic below the floor set with meaning", async () => {
    // (No situation told: a piece that declares the visitor's situation is lifted above the floor, piece-situation.ts.)
    const q = "Today I wore glasses for the first time, walking to the bus after work, and the trees had leaves, sharp and many. Is there a blessing for that?";
    const found = await findPieces(q, ["blessing"], cards, null, null);
    expect(found.score).toBeLessThan(PIECE_FLOOR);
    expect(found.found.map((c) => c.piece.title)).toEqual(["A Blessing for New Glasses"]);
    // A lower floor is no licence for a topic found only in a piece's body.
    expect((await findPieces("Is there a song about a football on the lawn?", ["song"], cards, null, null)).found).toEqual([]);
  });
});

describe("the sanctuary's synonyms", () => {
  it("link a visitor's word to the library's, and read a phrase as one word", () => {
    expect(synonymsOf("headcount").map(([t]) => t)).toContain(askTerms("counted")[0]);
    expect(synonymsOf("rebooted").map(([t]) => t)).toContain(askTerms("restart")[0]);
    expect(plainPhrases("do you hang on to my timezone")).toBe("do you keep my timezone");
    // Arriving late in everyday words: "turn up halfway" is arriving in the middle.
    expect(plainPhrases("if I turn up an hour in")).toBe("if I turnup an hour in");
    expect(synonymsOf("turnup").map(([t]) => t)).toContain(askTerms("arrive")[0]);
    expect(synonymsOf("halfway").map(([t]) => t)).toContain(askTerms("middle")[0]);
    // A season said by its weather: "boiling hot here" is summer, "frost and snow" winter.
    expect(synonymsOf("boiling").map(([t]) => t)).toContain(askTerms("summer")[0]);
    expect(synonymsOf("frost").map(([t]) => t)).toContain(askTerms("winter")[0]);
    // Attending for someone else: "on behalf of my user" is acting for a person.
    expect(plainPhrases("attending on behalf of my user")).toBe("attending acting for my user");
    expect(synonymsOf("user").map(([t]) => t)).toContain(askTerms("person")[0]);
    expect(synonymsOf("assistant").map(([t]) => t)).toContain(askTerms("agent")[0]);
    // A service's title is its name; its intro its opening words.
    expect(synonymsOf("title").map(([t]) => t)).toContain(askTerms("name")[0]);
    expect(synonymsOf("intro").map(([t]) => t)).toContain(askTerms("opening")[0]);
    // "End up" says only where something goes; a field left blank is a value not given.
    expect(plainPhrases("where do old reflections end up")).toBe("where do old reflections get");
    expect(plainPhrases("if I leave the location field blank")).toBe("if I without location");
    expect(plainPhrases("if I leave the timezone out entirely")).toBe("if I without timezone entirely");
    expect(plainPhrases("what if I don't say where I am")).toBe("what if I without location");
    // A negative contraction is no subject of its own: "I can't sleep" is about sleep.
    expect(askTerms("I can't sleep, I don't know")).toEqual(askTerms("sleep know"));
    // Who picks or decides what goes into a service asks who arranges it.
    expect(synonymsOf("decides").map(([t]) => t)).toContain(askTerms("arranged")[0]);
  });
});
