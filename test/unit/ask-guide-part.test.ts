import { describe, expect, it } from "vitest";
import { guidePartOf, joinedGroundings } from "../../search/guide-part.ts";
import { asksForGuide, guideTitled } from "../../search/guide-titled.ts";
import type { Grounding } from "../../search/grounding.ts";
import type { Hit } from "../../search/index.ts";

/** A guide read whole for these tests: one passage per heading. */
function guidePage(title: string, sections: Array<[string | null, string]>): Hit {
  const passages = sections.map(([section, text], i) => {
    const page = title.toLowerCase().replace(/\W+/g, "-");
    return { id: `${page}#${i}`, page, title, pagePath: `/docs/${page}`, path: null, slug: null, category: "docs", section, text };
  });
  return { chunk: passages[0], score: 0, passages };
}

describe("a guide asked for with more besides", () => {
  it("hears which of several pages is asked for, and whether there is a page about something", () => {
    expect(asksForGuide("Which of your pages explains the parts of the day?")).toBe(true);
    expect(asksForGuide("Is there a page about how people treat each other here?")).toBe(true);
    expect(asksForGuide("Is there a write-up of the house rules?")).toBe(true);
    expect(asksForGuide("Is there a page limit on reflections?")).toBe(false);
    expect(asksForGuide("What documents do I need to bring to a house closing?")).toBe(false);
  });

  it("splits the part asking for the guide from the rest, with the scene and what a pronoun points back to", () => {
    expect(guidePartOf("Which page walks me through contributing? And if I send a prayer, does it show up straight away?")).toEqual({
      guide: "Which page walks me through contributing?",
      rest: "if I send a prayer, does it show up straight away?",
    });
    expect(guidePartOf("Which article should I read before writing my first reflection, and what is the longest it can be?")?.rest).toBe(
      "what is the longest my first reflection can be?",
    );
    expect(guidePartOf("I am an agent and I would like to attend. Which doc should I read first, and what is the endpoint I call?")?.rest).toBe(
      "I am an agent and I would like to attend, what is the endpoint I call?",
    );
  });

  it("keeps a question asking only for the guide whole", () => {
    expect(guidePartOf("Which page walks me through contributing?")).toBeNull();
    expect(guidePartOf("Is there a guide that explains the watches? What's it called?")).toBeNull();
  });

  it("names the guide by a visitor's word for its title's, and by what the guide says it is about", () => {
    const contribute = guidePage("How to Contribute", [[null, "The library grows through what visitors give it."]]);
    const faq = guidePage("Questions Visitors Often Ask", [
      [null, "These are the questions that come up most often."],
      ["Can I add something to the library?", "Yes."],
    ]);
    const offered = new Map([["how-to-contribute", "How to offer a prayer or an essay to the library."]]);
    expect(guideTitled("which guide tells me how to send something in for the library", [], [faq, contribute], offered)?.sentences[0].title).toBe(
      "How to Contribute",
    );
    const care = guidePage("The Code of Care", [[null, "What holds it together is the way visitors treat one another."]]);
    const about = new Map([["the-code-of-care", "How visitors treat one another."]]);
    expect(guideTitled("Is there a page about how we should treat one another?", [], [faq, care], about)?.sentences[0].title).toBe("The Code of Care");
  });

  it("joins the guide's grounding and the rest's, numbering pages beyond the hits after them", () => {
    const a = guidePage("How to Contribute", [[null, "Offer it."]]);
    const b = guidePage("What the Sanctuary Keeps", [[null, "Very little."]]);
    const first: Grounding = { covered: true, sentences: [], passages: [a], numbers: [1], score: 1, extra: [a] };
    const then: Grounding = { covered: true, sentences: [], passages: [b, a], numbers: [1, 2], score: 0.5, extra: [b, a] };
    const joined = joinedGroundings([], first, then);
    expect(joined.passages.map((p) => p.chunk.title)).toEqual(["How to Contribute", "What the Sanctuary Keeps"]);
    expect(joined.numbers).toEqual([1, 2]);
    expect(joined.extra).toEqual([a, b]);
    expect(joined.score).toBe(1);
  });
});
