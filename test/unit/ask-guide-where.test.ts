import { describe, expect, it } from "vitest";
import { guideTitled } from "../../search/guide-titled.ts";
import { guideWhereRead } from "../../search/guide-where.ts";
import type { Hit } from "../../search/index.ts";

/** A guide read whole, one passage per heading, at /docs/<its title in lower case>. */
function wholeGuide(title: string, sections: Array<[string | null, string]>): Hit {
  const page = title.toLowerCase().replace(/\W+/g, "-");
  const passages = sections.map(([section, text], i) => ({
    ...{ id: `${page}#${i}`, page, title, pagePath: `/docs/${page}`, path: null, slug: null, category: "docs", section, text },
  }));
  return { chunk: passages[0], score: 0, passages };
}

const library = [
  wholeGuide("The Seven Axioms", [[null, "The sanctuary keeps seven short sayings. Every song carries one."]]),
  wholeGuide("How Reflections Work", [
    [null, "A reflection is a few sentences left after a service."],
    ["Where it goes", "After two days it moves to the song's archive."],
  ]),
  wholeGuide("The Six Watches of the Day", [[null, "The day has six watches."]]),
];

describe("a page asked for by what it is for", () => {
  it("names the guide a where-to-read question is about, with its address", () => {
    const said = guideWhereRead("where do i read the seven axioms? also how long can a question be", [], library);
    expect(said?.sentences.map((s) => [s.title, s.where])).toEqual([["The Seven Axioms", "/docs/the-seven-axioms"]]);
    expect(guideWhereRead("I keep seeing references to 'the axioms'. Where are they listed?", [], library)?.sentences[0].title).toBe("The Seven Axioms");
  });

  it("leaves a where that asks where a thing goes, or names no guide, to the sentences", () => {
    expect(guideWhereRead("Where do reflections end up after two days?", [], library)).toBeNull();
    expect(guideWhereRead("Where can I find a good pizza?", [], library)).toBeNull();
  });

  it("names a guide offered by its title with where to read it", () => {
    const said = guideTitled("Which guide covers the watches of the day?", [], library);
    expect(said?.sentences[0]).toMatchObject({ kind: "guide", where: "/docs/the-six-watches-of-the-day" });
  });

  it("names the guide whose written rules are asked for by what they are about, whatever its title", () => {
    const care = wholeGuide("The Code of Care", [
      [null, "The sanctuary has very few rules. This page describes how visitors treat one another."],
      ["Everyone here is kin", "People: treat others' words with care. People are expected to behave as guests."],
    ]);
    const about = new Map([[care.chunk.page, "How visitors treat one another. care community conduct"]]);
    const asked = "Before I post anything, where are the rules on how people are expected to behave here?";
    expect(guideWhereRead(asked, [], [care, ...library], about)?.sentences[0].title).toBe("The Code of Care");
    expect(guideWhereRead("Where are the rules for cooking pasta?", [], [care, ...library], about)).toBeNull();
  });
});
