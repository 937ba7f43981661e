// A part asking after the watch of an hour told ("what do you call this part of the night?") is answered from that
// watch's section (search/watch-asked.ts, span-subject.ts); asked alone, its sentence keeps the hour the scene told.
import { describe, expect, it } from "vitest";
import { askedWithToldHour, asksOfTheWatch } from "../../search/watch-asked.ts";

describe("a part asking after the watch of an hour", () => {
  it("points at the watch, or asks what it is like at an hour it says", () => {
    for (const part of [
      "Which watch am I in?",
      "What do you call this part of the night?",
      "is there a name for that part of the day?",
      "is what plays at this hour meant for someone feeling like I do?",
      "what themes should I expect at 9 at night clocktwenty closing watch?",
      "I work at 9 at night clocktwenty closing watch. What is that watch called. what themes should I expect?",
    ])
      expect(asksOfTheWatch(part), part).toBe(true);
  });

  it("is not a question of when or how long, nor of the watches in general", () => {
    for (const part of [
      "when does the next service start?",
      "what times do they start?",
      "how long is that watch?",
      "what are the watches?",
      "Is there a page that explains the different hours?",
      "what is the archive about?",
    ])
      expect(asksOfTheWatch(part), part).toBe(false);
  });
});

describe("the asking sentence with the hour told before it", () => {
  it("says the scene's times after a sentence pointing at the hour", () => {
    expect(askedWithToldHour("It's a bit after 2 in the morning here and I can't sleep. What do you call this part of the night?")).toBe(
      "What do you call this part of the night at 2 in the morning?",
    );
    // However few its own words: the hour is what it asks after.
    expect(askedWithToldHour("the clock here says 11pm. which watch is it for me?")).toBe("which watch is it for me at 11pm?");
  });

  it("is none when the sentence names its own time, points at no hour, or no time was told", () => {
    expect(askedWithToldHour("I can't sleep. What is the watch at 2am called?")).toBeUndefined();
    expect(askedWithToldHour("It's 2am. How long is a service?")).toBeUndefined();
    expect(askedWithToldHour("I can't sleep. What do you call this part of the night?")).toBeUndefined();
    expect(askedWithToldHour("What do you call this part of the night?")).toBeUndefined();
  });
});
