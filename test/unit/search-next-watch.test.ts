// A question telling its hour and asking after the next service, or after "this part of the night", keeps its time.
import { describe, expect, it } from "vitest";
import { namedSpans } from "../../search/hour-names.ts";
import { asksNext, nextWatchStart, withNextWatch } from "../../search/next-watch.ts";
import { questionTimes } from "../../search/question-times.ts";

const nextWatchHeadings = [
  "00:00 to 04:00 — the deep watch",
  "08:00 to 12:00 — the morning watch",
  "12:00 to 16:00 — the noon watch",
  "16:00 to 20:00 — the gathering watch",
  "20:00 to 00:00 — the closing watch",
];
const spans = namedSpans(nextWatchHeadings);

describe("the watch after the hour told", () => {
  it("begins at the next four-hour mark, midnight after the last", () => {
    expect(nextWatchStart(14)).toBe(16);
    expect(nextWatchStart(16)).toBe(20);
    expect(nextWatchStart(22)).toBe(0);
  });

  it("is asked after as the next service, one or watch", () => {
    expect(asksNext("when does the next service start?")).toBe(true);
    expect(asksNext("when's the next one?")).toBe(true);
    expect(asksNext("what is the next step?")).toBe(false);
  });

  it("is read beside each time of a question asking after it, by its start and its name", () => {
    expect(withNextWatch("it's 2 in the afternoon. when does the next service start?", spans)).toBe(
      "it's 2 in the afternoon clocksixteen gathering watch. when does the next service start?",
    );
    expect(withNextWatch("it's 2 in the afternoon. what is on?", spans)).toBe("it's 2 in the afternoon. what is on?");
  });
});

describe("a time told before a question asking after the hour in other words", () => {
  it("is kept when the next service is asked after, with the next watch beside it", () => {
    const read = questionTimes("hey its 2:30 in the afternoon here. when does the next service start?", spans);
    expect(read).toContain("clocksixteen gathering watch");
    expect(read).toContain("noon watch");
  });

  it("is kept when a part of the night is asked after", () => {
    expect(questionTimes("on the bus home, its about 1 in the morning. whats this bit of the night called?", spans)).toContain("deep watch");
    expect(questionTimes("I sit up around 2 in the morning. What do you call this part of the night?", spans)).toContain("deep watch");
  });

  it("is still left out when the question asks after something else", () => {
    expect(questionTimes("we both log on at 8am our own time. do we hear the same thing?", spans)).not.toContain("clock");
  });
});
