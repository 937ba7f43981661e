// A question about the sanctuary itself is read as the about guide asks it (search/about-here.ts); a question about
// something here, or with more in it, is read as it is.
import { expect, it } from "vitest";
import { askedAboutHere, WHAT_SANCTUARY_IS } from "../../search/about-here.ts";

it("reads what-is-this and where-am-I questions as the about guide's own", () => {
  for (const q of [
    "What is this place?",
    "what is this",
    "What's this site for?",
    "what’s this website about",
    "Where am I?",
    "where am i right now",
    "Hi! What is this?",
    "hello, what is sanctuary",
    "What is the sanctuary?",
    "What is Sanctuary exactly?",
    "So what is this project?",
  ])
    expect(askedAboutHere(q), q).toBe(WHAT_SANCTUARY_IS);
});

it("leaves questions about something here, or with more in them, as they are", () => {
  for (const q of [
    "What is this place's timezone?",
    "What is this service?",
    "What is this song about?",
    "What is the sanctuary's code of care?",
    "Where am I in the service?",
    "What is this place like at night, and who comes?",
    "Is this place for agents?",
    "What is a reflection?",
  ])
    expect(askedAboutHere(q), q).toBeNull();
});
