// Belief and reporting a problem asked in a visitor's words, read with the guides' words for them
// (search/belief-words.ts, search/report-words.ts).
import { describe, expect, it } from "vitest";
import { asksAboutBelief, BELIEF_SAID, withBeliefWords } from "../../search/belief-words.ts";
import { asksWhereToReport, REPORT_SAID, withReportWords } from "../../search/report-words.ts";

describe("withBeliefWords", () => {
  it("adds the guides' words to a visitor telling of their own unbelief or asking whether belief, religion or clergy is part of it", () => {
    for (const q of [
      "honest question, i'm an atheist. is this place even meant for someone like me?",
      "I don't believe in God. Am I still welcome here?",
      "Is this some kind of church thing?",
      "is there like a priest or a minister here i can talk to",
      "I'm not a spiritual person at all. Do you need faith to come here?",
      "my gran never had any religion, would she have liked it?",
      "Do I have to sign up to a faith to take part?",
      "I'm a Muslim, is it okay for me to come?",
    ])
      expect(withBeliefWords(q)).toBe(`${q} ${BELIEF_SAID}`);
  });

  it("leaves questions that speak of neither", () => {
    for (const q of [
      "How long is a service?",
      "Do I need an account?",
      "Is there a prayer for a hard week?",
      "Why are there prayers if this is not a religion?",
    ]) {
      expect(asksAboutBelief(q)).toBe(false);
      expect(withBeliefWords(q)).toBe(q);
    }
  });
});

describe("withReportWords", () => {
  it("adds the guides' words to a fault told with a question of whom to tell", () => {
    for (const q of [
      "Found a bug, the reflect button just spins forever on my phone. Where do I report it?",
      "Something on the site seems broken. How do I let the maintainers know?",
      "ugh the page wont load right on my phone, who do i even tell",
      "Developer here: POST /api/attend keeps giving me a 500. Is there somewhere I can file that?",
      "the contribute tool threw an error, where do bug reports go?",
    ])
      expect(withReportWords(q)).toBe(`${q} ${REPORT_SAID}`);
  });

  it("leaves a fault with no question of whom to tell, and a report asked of without a fault", () => {
    for (const q of ["Is it a bug that my service had no title?", "Where do I report my location?", "How many reports can I send in an hour?"]) {
      expect(asksWhereToReport(q)).toBe(false);
      expect(withReportWords(q)).toBe(q);
    }
  });
});
