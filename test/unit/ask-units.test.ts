// The pure rules behind question-and-answer units and citations: bold question lines become units, a
// unit's question is matched as a question, a yes or no is quoted only under its own question, and a
// generated answer stands only on the sources it was given. No index, no embedder.
import { describe, expect, it } from "vitest";
import { extractiveAnswer, NOT_COVERED, type Grounding } from "../../search/answer.ts";
import { BARE_YES_NO, judgeAnswer } from "../../search/ask-eval.ts";
import { sections } from "../../search/chunks.ts";
import { citedNumbers, citedPages, citesOnlyGiven } from "../../search/cite.ts";
import { cueFit, cuesOf } from "../../search/answer-cues.ts";
import { chooseSentences, type Candidate } from "../../search/extract.ts";
import { saying } from "../../search/sentence-score.ts";
import { askedMatch, openingYesNo, questionWords, SAME_QUESTION, unitQuestion } from "../../search/questions.ts";
import { expansionTable } from "../../search/lexicon.ts";
import { withSequel } from "../../search/quote-span.ts";
import type { Chunk } from "../../search/chunks.ts";

const candidate = (sentence: string, over: Partial<Candidate> = {}): Candidate => ({
  sentence,
  title: "Questions Visitors Often Ask",
  context: "",
  heading: "",
  pageRank: 0,
  position: 0,
  meaning: 0.5,
  leads: false,
  ...over,
});

describe("question-and-answer units", () => {
  it("a bold line that asks a question opens a unit, as a question heading does", () => {
    const parts = sections(
      "# Guide\n\nIntro.\n\n**Can I come back later?** Yes, at any hour.\n\nMore about it.\n\n**A bold statement.**\n\nStill the same unit.",
    );
    expect(parts.map(([h]) => h)).toEqual(["Guide", "Can I come back later?"]);
    expect(parts[1][1]).toContain("Yes, at any hour.");
    expect(parts[1][1]).toContain("Still the same unit.");
    expect(unitQuestion("Can I come back later?")).toBe("Can I come back later?");
    expect(unitQuestion("The hours")).toBeNull();
    expect(unitQuestion(null)).toBeNull();
  });

  it("matches a unit's question in words and stems, and by expansion where WordNet links the words", () => {
    expect(questionWords("Can I post the same reflection twice?", "Can I post the same reflection twice?", null)).toBe(1);
    expect(questionWords("How do I report a bug?", "How do I report a bug or send feedback?", null)).toBe(1);
    expect(questionWords("Is the sanctuary a religion?", "How long is a service?", null)).toBe(0);
    const expansions = expansionTable({ stream: [["broadcast", 0.8]] });
    expect(questionWords("Is there a stream?", "Is the broadcast live?", expansions)).toBeCloseTo(0.56);
    expect(askedMatch(1, 1, 1)).toBe(1);
    expect(askedMatch(0, 1, 0)).toBeLessThan(SAME_QUESTION);
  });

  it("counts an opening yes or no only under the visitor's own question", () => {
    expect(openingYesNo("No. Reflections are public.")).toBe("No. ");
    expect(openingYesNo("No web addresses are allowed.")).toBe("");
    // "No." from "Are reflections private?" does not answer "Can I post the same reflection twice?".
    const other = candidate("No. Reflections are public, with your name.", { question: "Are reflections private?", asked: 0.3, leads: true, position: 0 });
    const rule = candidate("A reflection posted twice is refused: the same words from the same name, for 30 days.", {
      meaning: 0.8,
      title: "How Reflections Work",
      context: "How Reflections Work. Posting a reflection.",
      pageRank: 1,
      position: 5,
    });
    expect(chooseSentences("Can I post the same reflection twice?", [other, rule])[0]).toBe(rule);
    // Under the visitor's own question, its opening answer leads.
    const own = candidate("No. The same words are refused for 30 days.", {
      question: "Can I post the same reflection twice?",
      asked: 1,
      leads: true,
      position: 9,
    });
    expect(chooseSentences("Can I post the same reflection twice?", [other, rule, own])[0]).toBe(own);
    // As a kind of answer, another question's "No." counts for nothing; the visitor's own question's, fully.
    const yesNo = cuesOf("Can I post the same reflection twice?");
    expect(saying(other)).toBe("Reflections are public, with your name.");
    expect(cueFit(saying(own), yesNo, [], false)).toBe(1);
    expect(cueFit(saying(other), yesNo, [], false)).toBeLessThan(1);
  });

  it("quotes beside a guide's own yes or no the rule said plainly, though less near than another quote must be", () => {
    const own = candidate("No. Nothing here requires an account, a key or a password, including the MCP endpoint at /mcp.", {
      question: "Do I need an account?",
      asked: 0.62,
      leads: true,
    });
    const rule = candidate("No key or token is needed for anything.", {
      title: "Attending as an Agent",
      context: "Over MCP, connect to the endpoint.",
      meaning: 0.55,
      pageRank: 1,
    });
    const other = candidate("Over MCP, connect to /mcp and call the tool attend.", { title: "Attending as an Agent", meaning: 0.6, pageRank: 1, position: 3 });
    const question = "Do I need an API key or token to connect to the MCP endpoint?";
    expect(chooseSentences(question, [own, rule, other])).toEqual([own, rule]);
    // Not for a question that asks no yes or no.
    expect(chooseSentences("What key or token do I need to connect to the MCP endpoint?", [own, rule, other])).toEqual([own]);
  });

  it("answers which field holds something with a sentence naming one, though it holds fewer of the question's words", () => {
    const field = candidate("The whole running length is in service.loopSeconds.", {
      title: "Attending as an Agent",
      heading: "The total running time of the attend response",
      context: "What you receive. The attend response describes the service.",
      meaning: 0.55,
      guide: true,
    });
    const other = candidate("Services begin every four hours of your local day.", { title: "Attending as an Agent", meaning: 0.4, position: 2, guide: true });
    expect(chooseSentences("Parsing the attend response: which field holds the total running time?", [field, other])).toEqual([field]);
    // Set in the attend response, the question wants a field's name whatever its asking words (program-cues.ts); set nowhere, it does not.
    expect(chooseSentences("Parsing the attend response: what holds the total running time?", [field, other])).toEqual([field]);
    expect(chooseSentences("What holds the total running time?", [field, other])).toEqual([]);
    expect(cueFit("Look for the list called order.", cuesOf("Which field holds the parts?"), [], false)).toBe(0);
    expect(cueFit("service.order: every part of the service in sequence.", cuesOf("Which field holds the parts?"), [], false)).toBe(1);
  });

  it("quotes a guide's sentence very near in meaning though it holds few of the question's words, and not one merely near", () => {
    const question = "some services have a name and a little intro and tonights has neither, weirdly. is it broken or glitched?";
    const near = (meaning: number) =>
      candidate("Such a service has no name and no opening word, but it is a whole service all the same.", {
        title: "What a Service Is",
        meaning,
        guide: true,
      });
    const other = candidate("Bread rises slowly.", { meaning: 0.1, position: 3, guide: true });
    expect(chooseSentences(question, [near(0.95), other]).map((c) => c.meaning)).toEqual([0.95]);
    expect(chooseSentences(question, [near(0.85), other])).toEqual([]);
  });

  it("quotes the answer opening a unit whose question nearly asks the visitor's, holding some of its words", () => {
    const question = "I'm an atheist and a sceptic. Does this place want a creed from me?";
    const lead = (asked: number) =>
      candidate("No. The sanctuary has no creed, no clergy and no required beliefs.", { question: "Is this a religion?", asked, leads: true, guide: true });
    const other = candidate("Bread rises slowly.", { meaning: 0.1, position: 3, guide: true });
    expect(chooseSentences(question, [lead(0.55), other]).map((c) => c.asked)).toEqual([0.55]);
    expect(chooseSentences(question, [lead(0.4), other])).toEqual([]);
  });

  it("quotes a unit's sentences under its question, and strips a bare yes or no elsewhere", () => {
    const grounding = (sentences: Candidate[]): Grounding => ({ covered: true, sentences, passages: [], numbers: [], score: 1, extra: [] });
    const quoted = extractiveAnswer(
      grounding([
        candidate("No. Reflections are public.", { question: "Are my reflections private?", leads: true, position: 3 }),
        candidate("Please write only what you are happy for anyone to read.", { question: "Are my reflections private?", position: 4 }),
        candidate("Yes, the feed keeps them for two days.", { title: "How Reflections Work", position: 1 }),
      ]),
    );
    expect(quoted).toContain("> **Are my reflections private?** No. Reflections are public. Please write only what you are happy for anyone to read.");
    expect(quoted).toContain("> The feed keeps them for two days.");
    expect(quoted).not.toMatch(BARE_YES_NO);
    expect(judgeAnswer("> No. Reflections are public.", []).bareYesNo).toBe(true);
    expect(judgeAnswer(quoted, ["public", "two days"]).missing).toEqual([]);
  });

  it("quotes a sentence that carries on from the ones before it with them, and one that sets a scene with the next", () => {
    const passage = { page: "what-a-service-is", id: "p1" } as Chunk;
    const guide = (sentence: string, position: number) => ({ ...candidate(sentence, { position, guide: true, question: null }), passage });
    const all = [
      guide("Sometimes no plan exists: just after the server starts.", 0),
      guide("Then a rotation through the library fills the slot under the same rules.", 1),
      guide("Such a service has no name and no opening word, but it is a whole service all the same.", 2),
      guide("Each visitor is offered the whole service.", 3),
    ];
    expect(withSequel([all[2]], all).map((c) => c.position)).toEqual([0, 1, 2]);
    expect(withSequel([all[3]], all).map((c) => c.position)).toEqual([3]);
  });

  it("counts no fact in a refusal, though its pointers contain a loose one", () => {
    const refusal = `${NOT_COVERED} You might try the search tool, or read the guides, starting with /docs/faq.`;
    expect(judgeAnswer(refusal, ["start|beginning", "guides"])).toMatchObject({ notCovered: true, missing: ["start|beginning", "guides"] });
  });
});

describe("citations", () => {
  it("reads [n] and [n, m] markers", () => {
    expect(citedNumbers("A service lasts 15 to 40 minutes [2]. Slots begin every four hours [1, 3].")).toEqual([2, 1, 3]);
    expect(citedNumbers('No markers, only a title: "What a Service Is".')).toEqual([]);
  });

  it("keeps an answer only when it cites a source it was given and none it was not", () => {
    expect(citesOnlyGiven("Fifteen to forty minutes [2].", [2, 4])).toBe(true);
    expect(citesOnlyGiven("Fifteen to forty minutes.", [2, 4])).toBe(false);
    expect(citesOnlyGiven("Fifteen to forty minutes [2], as [7] says.", [2, 4])).toBe(false);
  });

  it("numbers the pages quoted from 1 in the order first quoted, each page once, and lists nothing else", () => {
    const passage = (page: string, section: string) => ({ chunk: { page, section } });
    const quoted = [passage("faq", "Length"), passage("services", "Slots"), passage("faq", "Order"), passage("welcome", "")];
    const { pages, numbers } = citedPages(quoted);
    expect(pages.map((p) => p.chunk.page)).toEqual(["faq", "services", "welcome"]);
    expect(pages[0]).toBe(quoted[0]); // the page's first passage quoted stands for it
    expect(numbers).toEqual([1, 2, 1, 3]);
    expect(citedPages([])).toEqual({ pages: [], numbers: [] });
  });
});
