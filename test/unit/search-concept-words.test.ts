// The sanctuary's concepts said in a visitor's words, read with the guides' words for them (search/concept-words.ts).
import { describe, expect, it } from "vitest";
import { conceptsSaid, withConceptWords } from "../../search/concept-words.ts";

describe("withConceptWords", () => {
  it("hears an account, a key or a password asked for, not a token in another sense", () => {
    expect(conceptsSaid("Does my grandad have to create a login before he can listen?")).toEqual(["(no key or token, no account)"]);
    expect(conceptsSaid("is a bearer token required for the REST calls?")).toEqual(["(no key or token, no account)"]);
    expect(conceptsSaid("Who wrote the hymn about lost passwords and forgotten names?")).toEqual([]);
  });

  it("hears a web address in what the visitor wrote, not a link asked for", () => {
    expect(conceptsSaid("I put our charity's website at the end of my reflection and it was refused. Why?")).toEqual([
      "(a web address, links and URLs refused)",
    ]);
    expect(conceptsSaid("Which link do I open to attend?")).toEqual([]);
    // HTTP is how an agent calls, not an address in what it wrote.
    expect(conceptsSaid("I'm an agent with HTTP access. Which call attends, and what do I pass with my name?")).toEqual([]);
  });

  it("hears a timezone written as an abbreviation or an offset, not the word UTC alone", () => {
    expect(conceptsSaid("my phone says AEST, is that what goes in the timezone field?")).toEqual(["(written as an IANA timezone name)"]);
    expect(conceptsSaid("can I just send UTC+2 as my zone?")).toEqual(["(written as an IANA timezone name)"]);
    expect(conceptsSaid("What happens if I send UTC as my timezone?")).toEqual([]);
  });

  it("hears whether it is live, streamed or performed, not the reflections' live feed", () => {
    for (const q of ["Is the service live, with a real person reading?", "is anyone performing these as they go?", "can I stream it in the car?"])
      expect(conceptsSaid(q)).toEqual(["(a live broadcast or stream, dormant)"]);
    expect(conceptsSaid("How long does my reflection stay on the live feed?")).toEqual([]);
    // Nor a stream or a login of something else.
    expect(conceptsSaid("Can I stream live football matches on my phone for free?")).toEqual([]);
    expect(conceptsSaid("Which streaming service has the new season of that show?")).toEqual([]);
    expect(conceptsSaid("How do I set up two-factor authentication on my email account?")).toEqual([]);
  });

  it("hears arriving at an hour and asking whether one comes in partway", () => {
    expect(conceptsSaid("If I turn up at 9:50 in the evening, do I come in halfway?")).toEqual([
      "(arriving late: whenever you arrive within a slot, you receive its service from the beginning, its first part)",
    ]);
    expect(conceptsSaid("if i log on at quarter to six will i have missed the start?")).toEqual([
      "(arriving late: whenever you arrive within a slot, you receive its service from the beginning, its first part)",
    ]);
    // Halfway without an arrival at an hour is some other middle.
    expect(conceptsSaid("What is the piece in the middle of the service called?")).toEqual([]);
  });

  it("hears cookies, trackers and ads asked of the site, and one's own words posted again", () => {
    expect(conceptsSaid("does the site use analytics or put cookies in my browser?")).toEqual(["(cookies, advertising or tracking)"]);
    expect(conceptsSaid("what's the best recipe for chocolate chip cookies?")).toEqual([]);
    // Cookies with tracking or ads are heard by privacy-words.ts already.
    expect(conceptsSaid("Does this site track me? Cookies, ads?")).toEqual([]);
    expect(conceptsSaid("Could I post that same note a second time next week?")).toEqual(["(the same words posted twice)"]);
    expect(conceptsSaid("If I come back again tomorrow, will I hear the same song?")).toEqual([]);
  });

  it("says the guides' words beside the visitor's, so a later part keeps its own subject", () => {
    expect(withConceptWords("Is GMT+1 fine for the timezone, and how long is a service?")).toBe(
      "Is GMT+1 (written as an IANA timezone name) fine for the timezone, and how long is a service?",
    );
  });
});
