// A sentence from a span of the day's own section ("Services here tend toward…") answers only a question after that span.
import { describe, expect, it } from "vitest";
import type { Candidate } from "../../search/candidate.ts";
import { ofSpanAsked, withSpansAsked } from "../../search/span-subject.ts";

const underHeading = (sentence: string, heading: string): Candidate => ({
  sentence,
  heading,
  title: "The Six Watches of the Day",
  context: heading,
  pageRank: 0,
  position: 0,
  meaning: 0,
  leads: false,
});

const hours = [
  underHeading("Services in the deep watch tend toward stillness, companionship and rest.", "00:00 to 04:00 — the deep watch"),
  underHeading("Services here tend toward beginnings, thresholds and hope.", "04:00 to 08:00 — the turning watch"),
  underHeading("Services in the morning tend toward intention, clarity and care in work.", "08:00 to 12:00 — the morning watch"),
  underHeading("Unlike the deep watch, this one is busy.", "08:00 to 12:00 — the morning watch"),
  underHeading("Each watch's service begins as the watch begins.", "Keeping the hours"),
];

describe("a span of the day's sentences", () => {
  it("answer a question naming another span only when they name the one asked", () => {
    const keeps = ofSpanAsked("what are the services from midnight deep watch to 4am like?", "", hours);
    expect(hours.filter(keeps).map((c) => c.sentence)).toEqual([
      "Services in the deep watch tend toward stillness, companionship and rest.",
      "Unlike the deep watch, this one is busy.",
      "Each watch's service begins as the watch begins.",
    ]);
  });

  it("take the spans of the whole question when the part names none", () => {
    const keeps = ofSpanAsked("what are the services in it usually like?", "whats the stretch from midnight deep watch to 4am called?", hours);
    expect(keeps(hours[1])).toBe(false);
    expect(keeps(hours[0])).toBe(true);
  });

  it("answer a part asking after the span itself only from its own section, or by naming it", () => {
    const keeps = ofSpanAsked(
      "what do you call this part of the night?",
      "It's 2am clockzero deep watch. what do you call this part of the night?",
      hours,
      true,
    );
    expect(hours.filter(keeps).map((c) => c.sentence)).toEqual([
      "Services in the deep watch tend toward stillness, companionship and rest.",
      "Unlike the deep watch, this one is busy.",
    ]);
  });

  it("read a part asking after a span with the guide's words for its name or its leaning", () => {
    const whole = "It's 2am clockzero deep watch. what do you call this part of the night, and what are the services like?";
    expect(withSpansAsked("what do you call this part of the night?", whole, hours)).toBe("what do you call this part of the night (the deep watch begins)?");
    expect(withSpansAsked("I'm up. what are the services like?", whole, hours)).toBe("what are the services like (services in the deep watch tend toward)?");
    expect(withSpansAsked("what are the watches like?", "what are the watches like?", hours)).toBe("what are the watches like?");
  });

  it("all answer a question naming no span", () => {
    const keeps = ofSpanAsked("what are the watches like?", "what are the watches like?", hours);
    expect(hours.every(keeps)).toBe(true);
  });
});
