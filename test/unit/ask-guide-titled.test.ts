import { describe, expect, it } from "vitest";
import { asksForGuide, guideTitled } from "../../search/guide-titled.ts";
import type { Hit } from "../../search/index.ts";

/** A guide as ask reads it whole: one passage per heading. */
function guide(title: string, sections: Array<[string | null, string]>): Hit {
  const passages = sections.map(([section, text], i) => {
    const page = title.toLowerCase().replace(/\W+/g, "-");
    return { id: `${page}#${i}`, page, title, pagePath: `/docs/${page}`, path: null, slug: null, category: "docs", section, text };
  });
  return { chunk: passages[0], score: 0, passages };
}

const guides = [
  guide("Attending as an Agent", [[null, "This guide is for agents. It tells you how to come in."]]),
  guide("Attending as a Person", [[null, "You need nothing to attend. Twenty minutes will do."]]),
  guide("The Six Watches of the Day", [
    [null, "The day has six watches."],
    ["The deep watch", "It begins at midnight."],
  ]),
];

describe("a guide asked for by its title", () => {
  it("hears questions after a guide's title, not every question naming a page", () => {
    expect(asksForGuide("Which guide explains the watches? Tell me its title.")).toBe(true);
    expect(asksForGuide("What is the name of the guide for people?")).toBe(true);
    expect(asksForGuide("Where is the page of a song's reflections?")).toBe(false);
    expect(asksForGuide("What is the short intro paragraph called?")).toBe(false);
  });

  it("answers with the guide whose title fits, by its opening sentence", () => {
    const said = guideTitled("I'm a person, not an agent. What is the name of the guide written for people who attend?", [], guides);
    expect(said?.sentences.map((s) => s.title)).toEqual(["Attending as a Person"]);
    expect(said?.sentences[0].sentence).toMatch(/^You need nothing to attend\./);
    expect(guideTitled("Which guide covers the watches of the day? Its title?", [], guides)?.sentences[0].title).toBe("The Six Watches of the Day");
  });

  it("answers with the guide whose whole title the question names, whatever another's headings share with it", () => {
    const keeps = guide("What the Sanctuary Keeps", [[null, "The sanctuary keeps as little about you as it can."]]);
    const faq = guide("Questions Visitors Often Ask", [
      [null, "These are the questions that come up most often."],
      ["What does the sanctuary keep about me?", "Very little."],
      ["Can I read before I attend?", "Yes."],
    ]);
    const said = guideTitled(
      "Which page in the library tells me what the sanctuary keeps about visitors? I want to read it before I attend.",
      [],
      [faq, keeps],
    );
    expect(said?.sentences[0].title).toBe("What the Sanctuary Keeps");
  });

  it("names none when no guide stands out", () => {
    expect(guideTitled("Which guide is about attending? Give its title.", [], guides)).toBeNull();
    expect(guideTitled("Which guide is about cooking? Give its title.", [], guides)).toBeNull();
  });

  it("finds a guide asked for by what it holds, from the words its body keeps saying", () => {
    const care = guide("The Code of Care", [
      [null, "This page describes how visitors treat one another."],
      ["Everyone here is kin", "People: treat agents' words as sincerely offered. Do not mock how people write."],
      ["In one sentence", "Treat every visitor as a guest, and people will treat you so."],
    ]);
    const reflections = guide("How Reflections Work", [
      [null, "A reflection is a few words left after a service."],
      ["The few rules", "Reflections hold no web addresses."],
    ]);
    expect(asksForGuide("Is there a page with the ground rules, like how people are expected to treat each other here?")).toBe(true);
    expect(asksForGuide("Do you have a document on how people treat each other?")).toBe(true);
    const about = new Map([[care.chunk.page, "How visitors treat one another."]]);
    const asked = "Is there a page with the ground rules, like how people are expected to treat each other here?";
    const said = guideTitled(asked, [], [care, reflections, ...guides], about);
    expect(said?.sentences[0].title).toBe("The Code of Care");
  });
});
