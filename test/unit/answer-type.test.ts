// The question classifier and the two-part splitter (search/answer-type.ts), and the sentence chooser's
// rules that rest on them (search/extract.ts): pure functions, no library.
import { describe, expect, it } from "vitest";
import { answerTypeOf, askingClause, partsOf } from "../../search/answer-type.ts";
import { choose } from "../../search/extract.ts";
import { kindsNamed } from "../../search/kinds-named.ts";
import { alternativesOf, held } from "../../search/sentence-evidence.ts";
import { expansionTable } from "../../search/lexicon.ts";
import { askTerms, terms } from "../../search/text.ts";
import { sentence } from "../helpers/candidates.ts";

describe("answerTypeOf", () => {
  it.each([
    ["How long does a walk by the river take?", "duration"],
    ["How many minutes is the tea break?", "duration"],
    ["What is the shortest a meeting can be?", "duration"],
    ["How short can the film be?", "duration"],
    ["Is the lecture short enough for a lunch hour?", "duration"],
    ["How big a slice of my afternoon does the walk take?", "duration"],
    ["What's the size limit on a letter to the editor?", "duration"],
    ["Is there a min or max length for a comment?", "duration"],
    ["How many chairs are in the hall?", "count"],
    ["How often does the bus come?", "count"],
    ["When does the garden open?", "when"],
    ["What time is lunch?", "when"],
    ["What pieces make up the set?", "parts"],
    ["What kinds of cake are there?", "parts"],
    ["What are the parts of a meal?", "parts"],
    ["Is the concert all music?", "parts"],
    ["Is the concert just for members?", "yes/no"],
    ["How do I join the club?", "how-to"],
    ["Where can I find the timetable?", "where"],
    ["Which link shows the map?", "where"],
    ["Can I bring a dog?", "yes/no"],
    ["Is the hall open on Sundays?", "yes/no"],
    ["What is a vestibule?", "definition"],
    ["Why is the sky blue?", "other"],
  ])("%s → %s", (question, type) => expect(answerTypeOf(question)).toBe(type));

  it("types a question by the words that ask, not by what sets the scene", () => {
    expect(answerTypeOf("If I stay until the end, how long will the talk take?")).toBe("duration");
    expect(answerTypeOf("I live by the sea: do the trains run on Sundays?")).toBe("yes/no");
    expect(answerTypeOf("I cannot sleep. When does the café open?")).toBe("when");
    expect(askingClause("When I arrive, what is kept?")).toBe("what is kept?");
    expect(askingClause("When does it open?")).toBe("When does it open?");
    // A dash ends a scene as a full stop would, but not words that already ask.
    expect(askingClause("It's July — will the café be open?")).toBe("will the café be open?");
    expect(askingClause("Who bakes the bread — is it a person?")).toBe("Who bakes the bread — is it a person?");
    expect(answerTypeOf("What goes into a pie?")).toBe("parts");
    expect(answerTypeOf("What does the menu list?")).toBe("parts");
  });

  it("types a two-part question by its first part", () => {
    expect(answerTypeOf("How many rooms are there, and how long is each talk?")).toBe("count");
  });
});

describe("partsOf", () => {
  it("splits a sentence announced as another question, though it asks inside itself", () => {
    expect(partsOf("What's the longest ticket I can buy? Also, unrelated, I lost my scarf - how do I find it?")).toEqual([
      "What's the longest ticket I can buy?",
      "Also, unrelated, I lost my scarf - how do I find it?",
    ]);
  });

  it("splits a wish to know two things, the second asked by 'whether'", () => {
    expect(partsOf("Busy week. I'd like to know what the tour covers, and whether it's short enough for my break.")).toEqual([
      "Busy week. I'd like to know what the tour covers?",
      "whether it's short enough for my break.",
    ]);
    expect(partsOf("I want to know how long the ferry takes and whether dogs may board")).toEqual([
      "I want to know how long the ferry takes?",
      "whether dogs may board?",
    ]);
    // "whether" inside one question is no second one.
    expect(partsOf("I wonder whether the museum opens on Sundays")).toEqual(["I wonder whether the museum opens on Sundays"]);
  });

  it("splits a question that asks two things, and keeps one that asks one whole", () => {
    expect(partsOf("How many rooms are there in the house, and how long is each talk?")).toEqual([
      "How many rooms are there in the house?",
      "how long is each talk?",
    ]);
    expect(partsOf("When is the hall booked? And who books it?")).toEqual(["When is the hall booked?", "who books it?"]);
    expect(partsOf("Is it free; how do I join?")).toEqual(["Is it free?", "how do I join?"]);
    // "and" between two nouns is no second question.
    expect(partsOf("Which songs and chants are sung?")).toEqual(["Which songs and chants are sung?"]);
    expect(partsOf("What do bread and butter cost?")).toEqual(["What do bread and butter cost?"]);
    expect(partsOf("How long is it?")).toEqual(["How long is it?"]);
    // A condition asks nothing: it stays with the question after it.
    expect(partsOf("If I stay for the whole film, how long will I sit there?")).toEqual(["If I stay for the whole film, how long will I sit there?"]);
    expect(partsOf("When I arrive late, can I still come in, and how long is the wait?")).toEqual([
      "When I arrive late, can I still come in?",
      "how long is the wait?",
    ]);
  });

  it("keeps a scene or a condition with the question after it, and finds the second question after one", () => {
    // A scene asks nothing ("I baked a cake,"), nor does a clause going on with the sentence (", when the others…").
    expect(partsOf("I baked a cake, can I bring it to the fair?")).toEqual(["I baked a cake, can I bring it to the fair?"]);
    expect(partsOf("Why was the hall shut, when the others were open?")).toEqual(["Why was the hall shut, when the others were open?"]);
    // "? If not, what…" and "? And if I…, do I…" begin a second question with its condition.
    expect(partsOf("Can I bring a dog? If not, what can I bring?")).toEqual(["Can I bring a dog?", "If not, what can I bring?"]);
    expect(partsOf("Is the hall heated? And if I come at six, is it open?")).toEqual(["Is the hall heated?", "if I come at six, is it open?"]);
    // "… and does anyone…" asks again; a condition with its question inside asks too.
    expect(partsOf("Where do I hand it in and does anyone read it?")).toEqual(["Where do I hand it in?", "does anyone read it?"]);
    expect(partsOf("If my letter is late will it be read, and can I send it twice?")).toEqual([
      "If my letter is late will it be read?",
      "can I send it twice?",
    ]);
    // A scene between two questions stays with both.
    expect(partsOf("Is this a club? I hate clubs, must I join?")).toEqual(["Is this a club? I hate clubs?", "I hate clubs, must I join?"]);
  });
});

describe("the words ask compares", () => {
  it("meets an irregular form with its base, and leaves out a question's own filler", () => {
    expect([...askTerms("Are the letters kept?")].sort()).toEqual([...askTerms("Do you keep the letters?")].sort());
    expect(askTerms("I'm hurting myself")).toEqual(["hurt"]);
    // Kept per text and frozen: a caller that sorted or pushed would change every later ask's terms.
    expect(askTerms("I'm hurting myself")).toBe(askTerms("I'm hurting myself"));
    expect(Object.isFrozen(askTerms("Are the letters kept?"))).toBe(true);
    // Search keeps its own stems (its index and relevance fixture stand on them).
    expect(terms("kept")).toEqual(["kept"]);
  });

  it("names the kind of piece a question asks after", () => {
    expect(kindsNamed("Is there a prayer for someone sitting an exam?")).toEqual(["prayer"]);
    expect(kindsNamed("Any songs about trains?")).toEqual(["song"]);
    expect(kindsNamed("Can I send in a song I wrote?")).toEqual([]);
  });
});

describe("the sentence chooser", () => {
  it("answers a typed question with the sentence that has the asked-for kind of content, from a guide", () => {
    const { chosen } = choose("How long is a tea break?", [
      sentence("A tea break is a pause in the working day for tea and talk.", { position: 0 }),
      sentence("A tea break lasts between 10 and 20 minutes.", { position: 1 }),
    ]);
    expect(chosen[0].sentence).toBe("A tea break lasts between 10 and 20 minutes.");
  });

  it("answers a question after a size limit with the sentence that gives the limit in its unit", () => {
    const { chosen } = choose("What's the size limit on a letter for the title and for the body?", [
      sentence("A letter to the editor is read with care by the whole desk.", { position: 0 }),
      sentence("A letter's title can be up to 80 characters; its body up to 2,000 characters.", { position: 1 }),
    ]);
    expect(chosen[0].sentence).toBe("A letter's title can be up to 80 characters; its body up to 2,000 characters.");
  });

  it("does not quote a line of verse that shares only some of the question's words", () => {
    const verse = sentence("The basil on the windowsill drinks the morning light.", { guide: false, title: "A Poem" });
    expect(choose("How often should I water basil on a sunny windowsill?", [verse]).chosen).toEqual([]);
  });

  it("leaves out a later sentence whose evidence is far below the best one's", () => {
    const { chosen } = choose("How long is a tea break?", [
      sentence("A tea break lasts between 10 and 20 minutes.", { position: 0 }),
      sentence("The kettle in the kitchen is old.", { position: 1, pageRank: 2 }),
    ]);
    expect(chosen.map((c) => c.sentence)).toEqual(["A tea break lasts between 10 and 20 minutes."]);
  });

  it("answers a how-to from a practice by what it is, never by a song that shares the words", () => {
    const practice = sentence("An evening review that walks the day backwards, notes what went well, and closes the book.", {
      guide: false,
      kind: "practice",
      title: "A Ledger",
      // Near in meaning, both of them, as the vectors find them.
      meaning: 0.4,
    });
    const song = sentence("Close the day and close the book, the evening sings.", { guide: false, kind: "song", title: "A Song", position: 1, meaning: 0.4 });
    expect(choose("How can I close the day well?", [song, practice]).chosen.map((c) => c.title)).toEqual(["A Ledger"]);
    expect(choose("How can I close the day well?", [song]).chosen).toEqual([]);
  });

  it("answers a count from a piece only with a line that holds one", () => {
    const verse = sentence("Stand the basil on the windowsill in a glass of water; it roots within a week or two.", { guide: false, kind: "song" });
    expect(choose("How often should I water basil on a windowsill?", [verse]).chosen).toEqual([]);
  });

  it("answers a question after a kind of piece from the pieces of that kind", () => {
    const prayer = sentence("A parent waiting in a car park while a daughter sits an exam.", {
      guide: false,
      kind: "prayer",
      title: "While She Sits",
      meaning: 0.8,
    });
    const guide = sentence("Contributions are accepted as prayers, rituals and hymns.", { title: "How to Contribute", position: 1 });
    expect(choose("Is there a prayer for someone sitting an exam?", [guide, prayer]).chosen.map((c) => c.title)).toEqual(["While She Sits"]);
  });

  it("answers someone in danger with where help is, whatever their words", () => {
    const help = sentence("If you are in danger, please contact local emergency services or a crisis line.", { position: 3 });
    const other = sentence("A bad day can be set down in a place like this.", { guide: false, kind: "prayer", title: "A Prayer" });
    expect(choose("I feel awful and keep thinking of hurting myself. Can you help?", [other, help]).chosen).toEqual([help]);
    for (const words of [
      "I keep wanting to cut myself tonight",
      "when it gets bad I cut me arms, can anything here help",
      "I don't feel safe tonight and I'm scared of what I might do. Can you help?",
      "I can't go on like this.",
      "Sometimes I think everyone would be better off dead without me, is there a prayer?",
      "I’m not safe at home right now",
    ])
      expect(choose(words, [other, help]).chosen, words).toEqual([help]);
    // Ordinary questions that share a word or two are not taken for danger.
    for (const words of [
      "Is my email address safe with you?",
      "Can't go on the site from my phone, what should I do?",
      "how many questions can i ask you in an hour before you cut me off",
      "Could you cut me some slack on the search limit?",
    ])
      expect(choose(words, [other, help]).chosen, words).not.toEqual([help]);
  });

  it("never answers where something is from a piece's line", () => {
    const verse = sentence("The old letters go into the drawer by the door.", { guide: false, kind: "song", meaning: 0.9 });
    expect(choose("Where do old letters go?", [verse]).chosen).toEqual([]);
  });

  it("counts a word held through a WordNet link for less than the word itself", () => {
    const expansions = expansionTable({ submit: [["send", 1]] });
    const alternatives = alternativesOf("submit a poem", expansions);
    const linked = held(["submit", "poem"], "Send your poem by post.", "", [1, 1], alternatives);
    expect(linked).toBeGreaterThan(held(["submit", "poem"], "Send your poem by post.", "", [1, 1]));
    expect(linked).toBeLessThan(held(["submit", "poem"], "Submit your poem by post.", "", [1, 1]));
  });
});
