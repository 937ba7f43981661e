import { describe, expect, it } from "vitest";
import { afterThePiece, guidePartOf } from "../../search/guide-part.ts";
import { asksForGuide, guideTitled } from "../../search/guide-titled.ts";
import type { Hit } from "../../search/index.ts";
import { situationsOf } from "../../search/piece-situation.ts";
import { piecesAsked } from "../../search/pieces.ts";
import { synonymsOf } from "../../search/synonyms.ts";

/** A guide of these headed sections, for the section-asked case. */
function sectionedGuide(title: string, sections: Array<[string | null, string]>): Hit {
  const page = title.toLowerCase().replace(/\W+/g, "-");
  const passages = sections.map(([section, text], i) => ({
    ...{ id: `${page}#${i}`, page, title, pagePath: `/docs/${page}`, path: null, slug: null, category: "docs", section, text },
  }));
  return { chunk: passages[0], score: 0, passages };
}

describe("naming the page asked for", () => {
  it("hears a guide asked for as written for someone", () => {
    expect(asksForGuide("Is there a guide written for something like me?")).toBe(true);
    expect(asksForGuide("Is there a page meant for parents?")).toBe(true);
  });

  it("reads 'like me' as what the visitor said they are", () => {
    const split = guidePartOf("I am an autonomous agent, just curious. Will I get a lesser service, and is there a guide written for something like me?");
    expect(split?.guide).toContain("autonomous agent");
  });

  it("answers a second question joined by a condition, or asked without a question mark", () => {
    expect(guidePartOf("Which guide explains how to send in a piece, and once I send a prayer does it show up straight away?")?.guide).toBe(
      "Which guide explains how to send in a piece",
    );
    expect(guidePartOf("Which of your pages explains the parts of the day? I'm curious what the services at 2am are about.")?.rest).toBe(
      "I'm curious what the services at 2am are about.",
    );
    expect(guidePartOf("Which of your pages explains the parts of the day? My sister told me about it.")).toBeNull();
  });

  it("quotes the section a heading was found by, not the guide's opening", () => {
    const faq = sectionedGuide("Questions Visitors Often Ask", [
      [null, "These are the questions that come up most often."],
      ["What are the silences in practices and rituals?", "Some rituals hold a line such as [silence: 1 minute]. That is a time to keep still."],
      ["How do I report a bug?", "Use the feedback endpoint."],
    ]);
    const other = sectionedGuide("Welcome to Sanctuary", [[null, "A first word for every visitor."]]);
    const answer = guideTitled("Which guide explains the lines in a ritual that say [silence: 1 minute]?", [], [faq, other]);
    expect(answer?.sentences.map((s) => s.sentence).join(" ")).toContain("keep still");
  });
});

describe("naming the piece a situation asks for", () => {
  it("hears a piece asked for 'in here' or 'from the sanctuary', for someone else to read", () => {
    expect(piecesAsked("My best friend lost her husband last week. Is there a blessing in here I could send her?")).toContain("blessing");
    expect(piecesAsked("My grandmother died this morning. Would there be a prayer here for someone like me?")).toContain("prayer");
    expect(piecesAsked("Find something from the sanctuary she can read in the car park while she waits. What would suit?")).not.toBeNull();
  });

  it("tells a conversation ending at some length, and a home being left", () => {
    const themes = (q: string) => situationsOf(q).flatMap((s) => s.themes);
    expect(themes("this conversation with the person I've been helping is about to end")).toContain("conversation");
    expect(themes("Tomorrow I move out of the flat I shared with my partner")).toContain("moving");
    expect(themes("Is there something for a last night in a home?")).toContain("moving");
  });

  it("answers what is asked after the piece", () => {
    expect(afterThePiece("Is there something in your library for a last night in a home? And what's the watch called that I'll be in tonight?")).toBe(
      "what's the watch called that I'll be in tonight?",
    );
    expect(afterThePiece("Is there a prayer for someone sitting an exam?")).toBeNull();
  });

  it("links a page that froze to a bug, and raw markdown to plain", () => {
    expect(synonymsOf("froze").map(([t]) => t)).toContain("bug");
    expect(synonymsOf("raw").map(([t]) => t)).toContain("plain");
  });
});
