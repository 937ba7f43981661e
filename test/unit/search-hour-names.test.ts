// A time the visitor asks by is read with the name a guide's heading gives the span of hours holding it.
import { describe, expect, it } from "vitest";
import { namedSpans, spanNameOf, withSpanNames } from "../../search/hour-names.ts";

const headings = ["00:00 to 04:00 — the deep watch", "04:00 to 08:00 — the turning watch", "20:00 to 00:00 — the closing watch", "Keeping the hours", ""];

describe("the names of spans of hours", () => {
  it("reads a span and its name from a heading, and nothing from other headings", () => {
    expect(namedSpans(headings)).toEqual([
      { from: 0, to: 4, name: "deep watch" },
      { from: 4, to: 8, name: "turning watch" },
      { from: 20, to: 24, name: "closing watch" },
    ]);
    expect(namedSpans(["Two doors into the same room", "What a service holds"])).toEqual([]);
  });

  it("names the span holding an hour, its first hour included and its last not", () => {
    const spans = namedSpans(headings);
    expect(spanNameOf(0, spans)).toBe("deep watch");
    expect(spanNameOf(3, spans)).toBe("deep watch");
    expect(spanNameOf(4, spans)).toBe("turning watch");
    expect(spanNameOf(23, spans)).toBe("closing watch");
    expect(spanNameOf(12, spans)).toBeUndefined();
  });

  it("reads each time a question asks by with its span's name, a range by its start's", () => {
    const spans = namedSpans(headings);
    expect(withSpanNames("its 2am, what is on?", spans)).toBe("its 2am deep watch, what is on?");
    expect(withSpanNames("what do you call the stretch from 4 to 8 in the morning?", spans)).toBe(
      "what do you call the stretch from 4 to 8 in the morning turning watch?",
    );
    expect(withSpanNames("the overnight one, midnight till 4am?", spans)).toBe("the overnight one, midnight deep watch till 4am?");
    expect(withSpanNames("and the one at 9pm?", spans)).toBe("and the one at 9pm closing watch?");
    // No heading names the hour, or none names any: the question is as it was.
    expect(withSpanNames("at 1pm?", spans)).toBe("at 1pm?");
    expect(withSpanNames("at 2am?", [])).toBe("at 2am?");
  });
});
